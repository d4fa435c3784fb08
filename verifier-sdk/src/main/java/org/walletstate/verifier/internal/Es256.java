package org.walletstate.verifier.internal;

import java.math.BigInteger;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPublicKeySpec;
import java.util.Arrays;

/** ECDSA P-256 with SHA-256 over raw bytes, signatures as 64-byte IEEE P1363 {@code r||s}. */
public final class Es256 {

  public static final int SIGNATURE_LENGTH = 64;
  private static final int COORDINATE_LENGTH = 32;

  /** The P-256 domain parameters of the JDK's own provider. */
  public static final ECParameterSpec P256 = p256();

  private Es256() {}

  // The service's crypto module looks P-256 up the same way on purpose: the SDK is the independent
  // check of what the service signs and depends on nothing of it.
  private static ECParameterSpec p256() {
    try {
      AlgorithmParameters parameters = AlgorithmParameters.getInstance("EC");
      parameters.init(new ECGenParameterSpec("secp256r1"));
      return parameters.getParameterSpec(ECParameterSpec.class);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("this JDK has no P-256", e);
    }
  }

  /**
   * The public key at the affine point (x, y), each a 32-byte big-endian coordinate, after checking
   * that the point lies on P-256.
   */
  public static ECPublicKey publicKey(byte[] x, byte[] y) {
    if (x.length != COORDINATE_LENGTH || y.length != COORDINATE_LENGTH) {
      throw new IllegalArgumentException("P-256 coordinates are 32 bytes each");
    }
    BigInteger px = new BigInteger(1, x);
    BigInteger py = new BigInteger(1, y);
    BigInteger p = ((java.security.spec.ECFieldFp) P256.getCurve().getField()).getP();
    if (px.compareTo(p) >= 0 || py.compareTo(p) >= 0) {
      throw new IllegalArgumentException("coordinate outside the P-256 field");
    }
    BigInteger a = P256.getCurve().getA();
    BigInteger b = P256.getCurve().getB();
    BigInteger left = py.multiply(py).mod(p);
    BigInteger right = px.pow(3).add(a.multiply(px)).add(b).mod(p);
    if (!left.equals(right)) {
      throw new IllegalArgumentException("point is not on P-256");
    }
    try {
      return (ECPublicKey)
          KeyFactory.getInstance("EC")
              .generatePublic(new ECPublicKeySpec(new ECPoint(px, py), P256));
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException("not a usable P-256 key", e);
    }
  }

  /** True when {@code p1363} is a valid signature of {@code message} under {@code key}. */
  public static boolean verify(ECPublicKey key, byte[] message, byte[] p1363) {
    if (p1363.length != SIGNATURE_LENGTH) {
      return false;
    }
    try {
      Signature verifier = Signature.getInstance("SHA256withECDSAinP1363Format");
      verifier.initVerify(key);
      verifier.update(message);
      return verifier.verify(p1363);
    } catch (GeneralSecurityException e) {
      return false;
    }
  }

  /** The 32-byte big-endian form of a coordinate or scalar. */
  public static byte[] fixedLength(BigInteger value) {
    byte[] raw = value.toByteArray();
    if (raw.length == COORDINATE_LENGTH) {
      return raw;
    }
    byte[] out = new byte[COORDINATE_LENGTH];
    if (raw.length > COORDINATE_LENGTH) {
      int extra = raw.length - COORDINATE_LENGTH;
      for (int i = 0; i < extra; i++) {
        if (raw[i] != 0) {
          throw new IllegalArgumentException("value wider than 32 bytes");
        }
      }
      System.arraycopy(raw, extra, out, 0, COORDINATE_LENGTH);
    } else {
      System.arraycopy(raw, 0, out, COORDINATE_LENGTH - raw.length, raw.length);
    }
    return out;
  }

  /**
   * A DER {@code SEQUENCE {INTEGER r, INTEGER s}} as 64-byte P1363, or the input unchanged when it
   * is not DER (the JWT path tolerates DER-encoded signatures, nothing else does).
   */
  public static byte[] derToP1363(byte[] der) {
    try {
      if (der.length < 8 || der[0] != 0x30) {
        return der;
      }
      int offset = 2;
      if ((der[1] & 0xff) == 0x81) {
        offset = 3;
      }
      if (der[offset] != 0x02) {
        return der;
      }
      int rLength = der[offset + 1] & 0xff;
      byte[] r = Arrays.copyOfRange(der, offset + 2, offset + 2 + rLength);
      offset = offset + 2 + rLength;
      if (der[offset] != 0x02) {
        return der;
      }
      int sLength = der[offset + 1] & 0xff;
      byte[] s = Arrays.copyOfRange(der, offset + 2, offset + 2 + sLength);
      byte[] out = new byte[SIGNATURE_LENGTH];
      System.arraycopy(fixedLength(new BigInteger(1, r)), 0, out, 0, COORDINATE_LENGTH);
      System.arraycopy(
          fixedLength(new BigInteger(1, s)), 0, out, COORDINATE_LENGTH, COORDINATE_LENGTH);
      return out;
    } catch (RuntimeException e) {
      return der;
    }
  }
}
