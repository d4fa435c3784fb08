package org.walletstate.verifier.internal;

import java.util.Base64;

/** The two base64 alphabets of the wire format. */
public final class Base64Text {

  private Base64Text() {}

  /** Standard alphabet, padding optional ({@code sig}, {@code pqSig}). */
  public static byte[] decodeStandard(String text) {
    return Base64.getDecoder().decode(text);
  }

  /** URL-safe alphabet, padding optional (JWK members, JWS segments). */
  public static byte[] decodeUrl(String text) {
    return Base64.getUrlDecoder().decode(text);
  }
}
