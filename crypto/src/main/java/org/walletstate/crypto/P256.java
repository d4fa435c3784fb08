package org.walletstate.crypto;

import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;

/**
 * The JDK's P-256 domain parameters.
 *
 * <p>The verifier SDK's {@code Es256} looks them up the same way on purpose: the SDK is the
 * independent check of what this module signs, so neither uses the other's P-256 code.
 */
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
}
