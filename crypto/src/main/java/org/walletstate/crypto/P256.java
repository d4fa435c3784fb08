package org.walletstate.crypto;

import java.math.BigInteger;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPublicKeySpec;

/** The JDK's P-256 domain parameters. */
final class P256 {

  static final ECParameterSpec SPEC = spec();

  private P256() {}

  private static ECParameterSpec spec() {
    try {
      AlgorithmParameters parameters = AlgorithmParameters.getInstance("EC");
      parameters.init(new ECGenParameterSpec("secp256r1"));
      return parameters.getParameterSpec(ECParameterSpec.class);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("this JDK has no P-256", e);
    }
  }

  static ECPublicKey publicKey(byte[] x, byte[] y) {
    try {
      return (ECPublicKey)
          KeyFactory.getInstance("EC")
              .generatePublic(
                  new ECPublicKeySpec(
                      new ECPoint(new BigInteger(1, x), new BigInteger(1, y)), SPEC));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK rejected a P-256 point", e);
    }
  }
}
