package org.walletstate.adapters.http.auth;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import java.util.Map;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.application.account.port.in.AuthenticateUseCase;
import org.walletstate.domain.payload.Timestamps;

/**
 * Establishes the caller before an endpoint runs: one credential scheme per request; a valid key is
 * counted against its daily limit (429 with {@code Retry-After} when used up); an invalid or
 * missing key is 401 — except on pay-per-call endpoints, where no credential at all means "quote me
 * a price". Authenticated responses carry {@code X-RateLimit-Limit} and {@code
 * X-RateLimit-Remaining}.
 */
public class CredentialFilters {

  public static final String INVALID_KEY = "Invalid or missing API key.";
  static final String LIMIT = "X-RateLimit-Limit";
  static final String REMAINING = "X-RateLimit-Remaining";

  private final AuthenticateUseCase authenticate;
  private final CurrentCaller caller;

  @Inject
  public CredentialFilters(AuthenticateUseCase authenticate, CurrentCaller caller) {
    this.authenticate = authenticate;
    this.caller = caller;
  }

  // Non-blocking: the key lookup runs on the event loop even when the endpoint itself is blocking
  // (the reactive database client refuses worker threads).
  @ServerRequestFilter(nonBlocking = true)
  @RequiresKey
  public Uni<Void> requireKey(ContainerRequestContext request) {
    Credentials credentials = screen(Credentials.of(request), false);
    return authenticateKey(credentials);
  }

  @ServerRequestFilter(nonBlocking = true)
  @PayPerCall
  public Uni<Void> keyOrPayment(ContainerRequestContext request) {
    Credentials credentials = screen(Credentials.of(request), true);
    if (credentials.payment()) {
      throw new ApiError(
          402,
          "Per-call payment verification is not enabled on this service yet, so the payment"
              + " header was not accepted and nothing was charged; call without credentials for a"
              + " quote, or use an API key (X-API-Key).");
    }
    if (!credentials.hasKey()) {
      return Uni.createFrom().voidItem(); // anonymous: the endpoint answers with a quote
    }
    return authenticateKey(credentials);
  }

  private static Credentials screen(Credentials credentials, boolean payPerCall) {
    if (credentials.schemes() > 1) {
      throw ApiError.badRequest(
          "Use one credential scheme per request: send either X-API-Key, Authorization: Wallet or"
              + " a payment header, not several");
    }
    if (credentials.walletPass()) {
      throw new ApiError(
          501,
          "Wallet-pass authentication (Authorization: Wallet) is not enabled on this service;"
              + " use X-API-Key");
    }
    if (!payPerCall && !credentials.hasKey()) {
      throw new ApiError(401, INVALID_KEY);
    }
    return credentials;
  }

  private Uni<Void> authenticateKey(Credentials credentials) {
    return authenticate
        .apiKey(credentials.apiKey())
        .map(
            outcome -> {
              if (outcome instanceof AuthenticateUseCase.Outcome.Authenticated authenticated) {
                caller.authenticated(authenticated);
                return null;
              }
              if (outcome instanceof AuthenticateUseCase.Outcome.LimitReached limited) {
                throw new ApiError(
                    429,
                    "Daily limit of "
                        + limited.account().dailyLimit()
                        + " requests reached; it resets at "
                        + Timestamps.iso(limited.window().resetsAt())
                        + " (in "
                        + limited.retryAfterSeconds()
                        + " seconds)",
                    Map.of(
                        "Retry-After",
                        Long.toString(limited.retryAfterSeconds()),
                        LIMIT,
                        Integer.toString(limited.account().dailyLimit()),
                        REMAINING,
                        "0"));
              }
              throw new ApiError(401, INVALID_KEY);
            });
  }

  @ServerResponseFilter
  public void rateLimitHeaders(ContainerResponseContext response) {
    caller
        .key()
        .ifPresent(
            key -> {
              response.getHeaders().putSingle(LIMIT, Integer.toString(key.usage().limit()));
              response.getHeaders().putSingle(REMAINING, Integer.toString(key.usage().remaining()));
            });
  }
}
