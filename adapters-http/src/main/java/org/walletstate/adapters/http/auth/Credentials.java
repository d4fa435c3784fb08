package org.walletstate.adapters.http.auth;

import jakarta.ws.rs.container.ContainerRequestContext;

/**
 * The credential headers of a request. Exactly one scheme may be used: an API key, a wallet pass
 * ({@code Authorization: Wallet ...}), a per-call payment, or (where it is accepted) a scanner
 * session.
 */
record Credentials(String apiKey, boolean walletPass, boolean payment, String scannerSession) {

  static final String API_KEY = "X-API-Key";
  static final String PAYMENT_SIGNATURE = "PAYMENT-SIGNATURE";
  static final String X_PAYMENT = "X-PAYMENT";
  static final String SCANNER_SESSION = "X-Scanner-Session";

  static Credentials of(ContainerRequestContext request) {
    String authorization = request.getHeaderString("Authorization");
    return new Credentials(
        request.getHeaderString(API_KEY),
        walletScheme(authorization),
        request.getHeaderString(PAYMENT_SIGNATURE) != null
            || request.getHeaderString(X_PAYMENT) != null,
        request.getHeaderString(SCANNER_SESSION));
  }

  /**
   * True when the Authorization header names the Wallet scheme, with or without credentials after
   * it: a bare {@code Wallet} (the server trims the blank after it) is still that scheme.
   */
  static boolean walletScheme(String authorization) {
    if (authorization == null) {
      return false;
    }
    String value = authorization.strip();
    int end = 0;
    while (end < value.length() && !Character.isWhitespace(value.charAt(end))) {
      end++;
    }
    return value.substring(0, end).equalsIgnoreCase("Wallet");
  }

  boolean hasKey() {
    return apiKey != null;
  }

  /** The schemes sent, a scanner session not counted (only {@link KeyOrScanner} reads it). */
  int schemes() {
    return (hasKey() ? 1 : 0) + (walletPass ? 1 : 0) + (payment ? 1 : 0);
  }
}
