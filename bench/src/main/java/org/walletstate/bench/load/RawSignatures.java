package org.walletstate.bench.load;

import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.ECGenParameterSpec;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.AsymmetricCipherKeyPair;
import org.bouncycastle.crypto.CryptoException;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ParametersWithRandom;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.pqc.crypto.mldsa.MLDSAKeyGenerationParameters;
import org.bouncycastle.pqc.crypto.mldsa.MLDSAKeyPairGenerator;
import org.bouncycastle.pqc.crypto.mldsa.MLDSAParameters;
import org.bouncycastle.pqc.crypto.mldsa.MLDSASigner;

/**
 * The two signatures of a statement with the raw primitives, as the floors make them: ES256 (the
 * JDK's SHA-256, as the service hashes, then BouncyCastle's fixed-point comb, the fastest raw call
 * measured here) and a hedged ML-DSA-65 signature. Fresh keys per instance; safe for several
 * threads at once.
 */
final class RawSignatures {

  private final SecureRandom random = new SecureRandom();
  private final ECPrivateKeyParameters ec;
  private final AsymmetricCipherKeyPair mlDsa;

  RawSignatures() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
    generator.initialize(new ECGenParameterSpec("secp256r1"), random);
    X9ECParameters p256 = CustomNamedCurves.getByName("secp256r1");
    this.ec =
        new ECPrivateKeyParameters(
            ((ECPrivateKey) generator.generateKeyPair().getPrivate()).getS(),
            new ECDomainParameters(p256.getCurve(), p256.getG(), p256.getN(), p256.getH()));
    MLDSAKeyPairGenerator mlDsaGenerator = new MLDSAKeyPairGenerator();
    mlDsaGenerator.init(new MLDSAKeyGenerationParameters(random, MLDSAParameters.ml_dsa_65));
    this.mlDsa = mlDsaGenerator.generateKeyPair();
  }

  /** Random bytes: a preimage of a given size. */
  byte[] randomBytes(int size) {
    byte[] bytes = new byte[size];
    random.nextBytes(bytes);
    return bytes;
  }

  /** ES256 over {@code es256Message} and ML-DSA-65 over {@code mlDsaMessage}. */
  void sign(byte[] es256Message, byte[] mlDsaMessage) {
    byte[] digest;
    try {
      digest = MessageDigest.getInstance("SHA-256").digest(es256Message);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    ECDSASigner es256 = new ECDSASigner();
    es256.init(true, new ParametersWithRandom(ec, random));
    if (es256.generateSignature(digest).length != 2) {
      throw new IllegalStateException("ES256 signature of the wrong shape");
    }
    MLDSASigner signer = new MLDSASigner();
    signer.init(true, new ParametersWithRandom(mlDsa.getPrivate(), random));
    signer.update(mlDsaMessage, 0, mlDsaMessage.length);
    try {
      if (signer.generateSignature().length == 0) {
        throw new IllegalStateException("empty ML-DSA-65 signature");
      }
    } catch (CryptoException e) {
      throw new IllegalStateException(e);
    }
  }
}
