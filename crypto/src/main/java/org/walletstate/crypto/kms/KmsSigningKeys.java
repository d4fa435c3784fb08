package org.walletstate.crypto.kms;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.interfaces.ECPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.crypto.CryptoException;
import org.bouncycastle.pqc.crypto.mldsa.MLDSAParameters;
import org.bouncycastle.pqc.crypto.mldsa.MLDSAPublicKeyParameters;
import org.bouncycastle.pqc.crypto.mldsa.MLDSASigner;
import org.walletstate.crypto.EcSigningKey;
import org.walletstate.crypto.MlDsaSigningKey;
import org.walletstate.crypto.SigningKeys;
import org.walletstate.verifier.Namespace;

/**
 * The service's two keys kept in AWS KMS: an {@code ECC_NIST_P256} key signing {@code
 * ECDSA_SHA_256} and an {@code ML_DSA_65} key signing {@code ML_DSA_SHAKE_256}, both with usage
 * {@code SIGN_VERIFY}. Their public keys are read once ({@code GetPublicKey}); each signature is
 * one {@code Sign} call:
 *
 * <ul>
 *   <li>P-256: the SHA-256 digest is computed here and sent as {@code MessageType DIGEST} (KMS
 *       takes at most 4096 bytes of message, and a trust profile's preimage is longer); KMS's DER
 *       signature becomes JOSE's {@code r||s}.
 *   <li>ML-DSA-65: a message of at most 4096 bytes is sent as {@code RAW}; a longer one as its
 *       64-byte representative μ (FIPS 204, computed here from the public key and the message, pure
 *       mode with the empty context) with {@code MessageType EXTERNAL_MU}. Either way the signature
 *       is the one pure ML-DSA-65 gives over the message.
 * </ul>
 */
public final class KmsSigningKeys {

  /** The most message bytes KMS signs as {@code RAW}. */
  static final int MAX_RAW_MESSAGE = 4096;

  private KmsSigningKeys() {}

  /** The keys {@code p256KeyId} and {@code mlDsa65KeyId} in {@code kms}, checked. */
  public static SigningKeys load(
      AwsKms kms, Namespace namespace, String p256KeyId, String mlDsa65KeyId) {
    return SigningKeys.of(namespace, p256(kms, p256KeyId), mlDsa65(kms, mlDsa65KeyId));
  }

  static EcSigningKey p256(AwsKms kms, String keyId) {
    AwsKms.PublicKey key = kms.publicKey(keyId);
    expect(key, "ECC_NIST_P256", keyId);
    ECPublicKey pub;
    try {
      pub =
          (ECPublicKey)
              KeyFactory.getInstance("EC")
                  .generatePublic(new X509EncodedKeySpec(key.subjectPublicKeyInfo()));
    } catch (GeneralSecurityException | ClassCastException e) {
      throw new IllegalStateException("KMS key " + keyId + ": not a P-256 public key");
    }
    return EcSigningKey.remote(
        fixed(pub.getW().getAffineX()),
        fixed(pub.getW().getAffineY()),
        message ->
            joseSignature(kms.sign(keyId, SigV4.sha256(message), "DIGEST", "ECDSA_SHA_256")));
  }

  static MlDsaSigningKey mlDsa65(AwsKms kms, String keyId) {
    AwsKms.PublicKey key = kms.publicKey(keyId);
    expect(key, "ML_DSA_65", keyId);
    byte[] pub =
        SubjectPublicKeyInfo.getInstance(key.subjectPublicKeyInfo()).getPublicKeyData().getBytes();
    return MlDsaSigningKey.remote(
        pub,
        message ->
            message.length <= MAX_RAW_MESSAGE
                ? kms.sign(keyId, message, "RAW", "ML_DSA_SHAKE_256")
                : kms.sign(keyId, mu(pub, message), "EXTERNAL_MU", "ML_DSA_SHAKE_256"));
  }

  /** FIPS 204's μ of {@code message} for the public key {@code pub}: pure mode, empty context. */
  static byte[] mu(byte[] pub, byte[] message) {
    MLDSASigner signer = new MLDSASigner();
    signer.init(false, new MLDSAPublicKeyParameters(MLDSAParameters.ml_dsa_65, pub));
    signer.update(message, 0, message.length);
    try {
      return signer.generateMu();
    } catch (CryptoException e) {
      throw new IllegalStateException("ML-DSA-65 mu failed", e);
    }
  }

  /** A DER {@code ECDSA-Sig-Value} as 64 bytes {@code r||s}. */
  static byte[] joseSignature(byte[] der) {
    ASN1Sequence sequence;
    try {
      sequence = ASN1Sequence.getInstance(der);
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException("KMS returned no DER ECDSA signature");
    }
    if (sequence.size() != 2) {
      throw new IllegalStateException("KMS returned no DER ECDSA signature");
    }
    byte[] out = new byte[64];
    System.arraycopy(
        fixed(ASN1Integer.getInstance(sequence.getObjectAt(0)).getPositiveValue()), 0, out, 0, 32);
    System.arraycopy(
        fixed(ASN1Integer.getInstance(sequence.getObjectAt(1)).getPositiveValue()), 0, out, 32, 32);
    return out;
  }

  private static void expect(AwsKms.PublicKey key, String spec, String keyId) {
    if (!spec.equals(key.keySpec()) || !"SIGN_VERIFY".equals(key.keyUsage())) {
      throw new IllegalStateException(
          "KMS key "
              + keyId
              + " is "
              + key.keySpec()
              + "/"
              + key.keyUsage()
              + ", expected "
              + spec
              + "/SIGN_VERIFY");
    }
  }

  private static byte[] fixed(BigInteger value) {
    byte[] raw = value.toByteArray();
    if (raw.length > 33 || (raw.length == 33 && raw[0] != 0)) {
      throw new IllegalStateException("a P-256 value longer than 32 bytes");
    }
    byte[] out = new byte[32];
    int copy = Math.min(raw.length, 32);
    System.arraycopy(raw, raw.length - copy, out, 32 - copy, copy);
    return Arrays.copyOf(out, 32);
  }
}
