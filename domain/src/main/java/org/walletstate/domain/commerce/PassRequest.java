package org.walletstate.domain.commerce;

/**
 * {@code POST /v1/pass}: either a signed EIP-4361 message ({@code message}, {@code signature}: the
 * wallet signs in, as with wallet authorization), or the {@code renewal} token an earlier sign-in
 * returned (a fresh pass without a new signature).
 */
public sealed interface PassRequest {

  /** The longest renewal token accepted. */
  int RENEWAL_MAX = 100;

  record SignIn(String message, String signature) implements PassRequest {}

  record Renewal(String token) implements PassRequest {
    /** The token is a credential: its text never reaches a log. */
    @Override
    public String toString() {
      return "Renewal[****]";
    }
  }
}
