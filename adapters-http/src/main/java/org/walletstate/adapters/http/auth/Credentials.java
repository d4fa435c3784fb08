package org.walletstate.adapters.http.auth;

import jakarta.ws.rs.container.ContainerRequestContext;

/**
 * The credential headers of a request. Exactly one scheme may be used: an API key, a wallet pass
 * ({@code Authorization: Wallet ...}) or a per-call payment.
 */
record Credentials(String apiKey, boolean walletPass, boolean payment) {

  static final String API_KEY = "X-API-Key";
  static final String PAYMENT_SIGNATURE = "PAYMENT-SIGNATURE";
  static final String X_PAYMENT = "X-PAYMENT";

  static Credentials of(ContainerRequestContext request) {
    String authorization = request.getHeaderString("Authorization");
    return new Credentials(
        request.getHeaderString(API_KEY),
        authorization != null && authorization.regionMatches(true, 0, "Wallet ", 0, 7),
        request.getHeaderString(PAYMENT_SIGNATURE) != null
            || request.getHeaderString(X_PAYMENT) != null);
  }

  boolean hasKey() {
    return apiKey != null;
  }

  int schemes() {
    return (hasKey() ? 1 : 0) + (walletPass ? 1 : 0) + (payment ? 1 : 0);
  }
}
