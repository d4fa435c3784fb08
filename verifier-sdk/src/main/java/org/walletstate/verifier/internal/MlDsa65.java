package org.walletstate.verifier.internal;

import org.bouncycastle.pqc.crypto.mldsa.MLDSAParameters;
import org.bouncycastle.pqc.crypto.mldsa.MLDSAPublicKeyParameters;
import org.bouncycastle.pqc.crypto.mldsa.MLDSASigner;

/**
 * FIPS 204 ML-DSA-65 verification, pure mode with the empty context string, through BouncyCastle's
 * lightweight API (no JCA provider is registered).
 */
public final class MlDsa65 {

  public static final int PUBLIC_KEY_LENGTH = 1952;
  public static final int SIGNATURE_LENGTH = 3309;

  private MlDsa65() {}

  /** The public key from its raw 1952-byte FIPS 204 encoding (the AKP {@code pub} value). */
  public static MLDSAPublicKeyParameters publicKey(byte[] raw) {
    if (raw.length != PUBLIC_KEY_LENGTH) {
      throw new IllegalArgumentException(
          "an ML-DSA-65 public key is " + PUBLIC_KEY_LENGTH + " bytes, not " + raw.length);
    }
    return new MLDSAPublicKeyParameters(MLDSAParameters.ml_dsa_65, raw);
  }

  /** True when {@code signature} is a valid ML-DSA-65 signature of {@code message}. */
  public static boolean verify(MLDSAPublicKeyParameters key, byte[] message, byte[] signature) {
    if (signature.length != SIGNATURE_LENGTH) {
      return false;
    }
    MLDSASigner verifier = new MLDSASigner();
    verifier.init(false, key);
    verifier.update(message, 0, message.length);
    return verifier.verifySignature(signature);
  }
}
