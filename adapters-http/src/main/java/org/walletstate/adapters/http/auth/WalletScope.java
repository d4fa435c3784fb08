package org.walletstate.adapters.http.auth;

import jakarta.ws.rs.container.ContainerRequestContext;
import java.util.Optional;
import java.util.Set;
import org.walletstate.adapters.http.envelope.ApiError;

/**
 * The five operations that accept {@code Authorization: Wallet}; every other endpoint answers 501
 * to it, the routes served outside JAX-RS ({@code /mcp}) included.
 */
public final class WalletScope {

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

  /**
   * The refusal of a request to a route outside JAX-RS whose {@code Authorization} header names the
   * Wallet scheme: 501, as every endpoint outside the five answers; empty otherwise.
   */
  public static Optional<ApiError> outsideScope(String authorization) {
    return Credentials.walletScheme(authorization)
        ? Optional.of(new ApiError(501, OUT_OF_SCOPE))
        : Optional.empty();
  }

  static boolean accepts(ContainerRequestContext request) {
    String path = request.getUriInfo().getPath();
    if (path.length() > 1 && path.endsWith("/")) {
      path = path.substring(0, path.length() - 1);
    }
    return OPERATIONS.contains(request.getMethod() + " " + path);
  }
}
