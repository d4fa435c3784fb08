package org.walletstate.adapters.http.auth;

import jakarta.ws.rs.container.ContainerRequestContext;
import java.util.Set;

/**
 * The five operations that accept {@code Authorization: Wallet}; every other endpoint answers 501
 * to it.
 */
final class WalletScope {

  static final String OUT_OF_SCOPE =
      "Wallet-pass authentication (Authorization: Wallet) is accepted only on POST /v1/attest,"
          + " POST /v1/trust, POST /v1/trust/batch, GET /v1/credits and POST /v1/credits/buy;"
          + " use X-API-Key here";

  private static final Set<String> OPERATIONS =
      Set.of(
          "POST /v1/attest",
          "POST /v1/trust",
          "POST /v1/trust/batch",
          "GET /v1/credits",
          "POST /v1/credits/buy");

  private WalletScope() {}

  static boolean accepts(ContainerRequestContext request) {
    String path = request.getUriInfo().getPath();
    if (path.length() > 1 && path.endsWith("/")) {
      path = path.substring(0, path.length() - 1);
    }
    return OPERATIONS.contains(request.getMethod() + " " + path);
  }
}
