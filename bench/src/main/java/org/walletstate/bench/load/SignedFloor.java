package org.walletstate.bench.load;

import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.ECGenParameterSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.AsymmetricCipherKeyPair;
import org.bouncycastle.crypto.digests.SHA256Digest;
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
 * The signing part of the trust floor, in the driver's JVM: for each profile an ES256 signature
 * (SHA-256, BouncyCastle's fixed-point comb) and a hedged ML-DSA-65 signature over a random
 * preimage of the service's size, the profiles spread over one thread per core as the service's
 * signing pool does. No JSON, no evaluation: the least any correct implementation must sign after
 * its reads.
 */
final class SignedFloor implements AutoCloseable {

  private final ExecutorService cores =
      Executors.newFixedThreadPool(
          Runtime.getRuntime().availableProcessors(),
          task -> {
            Thread thread = new Thread(task, "floor-signing");
            thread.setDaemon(true);
            return thread;
          });
  private final SecureRandom random = new SecureRandom();
  private final ECPrivateKeyParameters ec;
  private final AsymmetricCipherKeyPair mlDsa;

  SignedFloor() throws Exception {
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

  /** {@code reads}, then {@code profiles} signature pairs over preimages of {@code bytes}. */
  TrustLoad.Client after(TrustLoad.Client reads, int profiles, int bytes) {
    List<byte[]> preimages = new ArrayList<>();
    for (int i = 0; i < profiles; i++) {
      byte[] preimage = new byte[bytes];
      random.nextBytes(preimage);
      preimages.add(preimage);
    }
    return () -> {
      reads.call();
      List<Future<?>> signed = new ArrayList<>();
      for (byte[] preimage : preimages) {
        signed.add(cores.submit(() -> sign(preimage)));
      }
      for (Future<?> f : signed) {
        f.get();
      }
    };
  }

  private void sign(byte[] preimage) {
    SHA256Digest sha256 = new SHA256Digest();
    sha256.update(preimage, 0, preimage.length);
    byte[] digest = new byte[32];
    sha256.doFinal(digest, 0);
    ECDSASigner es256 = new ECDSASigner();
    es256.init(true, new ParametersWithRandom(ec, random));
    if (es256.generateSignature(digest).length != 2) {
      throw new IllegalStateException("ES256 signature of the wrong shape");
    }
    MLDSASigner signer = new MLDSASigner();
    signer.init(true, new ParametersWithRandom(mlDsa.getPrivate(), random));
    signer.update(preimage, 0, preimage.length);
    try {
      if (signer.generateSignature().length == 0) {
        throw new IllegalStateException("empty ML-DSA-65 signature");
      }
    } catch (org.bouncycastle.crypto.CryptoException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    cores.shutdownNow();
  }
}
