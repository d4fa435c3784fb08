package org.walletstate.adapters.http.auth;

import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ResourceInfo;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.ratelimit.AddressLimits;
import org.walletstate.adapters.http.ratelimit.RateLimitFields;
import org.walletstate.application.account.port.in.AuthenticateUseCase;
import org.walletstate.application.account.port.in.WalletSignInUseCase;
import org.walletstate.application.commerce.port.in.ScannersUseCase;
import org.walletstate.domain.payload.Timestamps;

/**
 * Establishes the caller before an endpoint runs: one credential scheme per request; a valid key is
 * counted against its daily limit (429 with {@code Retry-After} when used up); an invalid or
 * missing key is 401 — except on pay-per-call endpoints, where no credential at all means "quote me
 * a price", and on public endpoints that take a key optionally. Only a credential found valid lifts
 * a caller out of the endpoint's per-address limit ({@link AddressLimits#held}). Authenticated
 * responses carry {@code X-RateLimit-Limit} and {@code X-RateLimit-Remaining}.
 */
public class CredentialFilters {

  public static final String INVALID_KEY = "Invalid or missing API key.";
  static final String LIMIT = "X-RateLimit-Limit";
  static final String REMAINING = "X-RateLimit-Remaining";
  private static final long DAY_SECONDS = 86_400;

  // Fields written out by design: each class holds only what it is given.
  private final AuthenticateUseCase authenticate;
  private final WalletSignInUseCase walletSignIn;
  private final CurrentCaller caller;
  private final ScannersUseCase scanners;
  private final AddressLimits limits;
  private final Clock clock;

  @Inject
  public CredentialFilters(
      AuthenticateUseCase authenticate,
      WalletSignInUseCase walletSignIn,
      CurrentCaller caller,
      ScannersUseCase scanners,
      AddressLimits limits,
      Clock clock) {
    // Field by field by design: each collaborator as the container hands it in.
    this.authenticate = authenticate;
    this.walletSignIn = walletSignIn;
    this.caller = caller;
    this.scanners = scanners;
    this.limits = limits;
    this.clock = clock;
  }

  /**
   * Every endpoint outside the five that accept it answers {@code Authorization: Wallet} with 501
   * (400 when another scheme comes with it), the public ones included.
   */
  @ServerRequestFilter(nonBlocking = true)
  public void walletOutsideItsScope(ContainerRequestContext request) {
    Credentials credentials = Credentials.of(request);
    if (credentials.walletPass() && !WalletScope.accepts(request)) {
      if (credentials.schemes() > 1) {
        throw oneScheme();
      }
      throw new ApiError(501, WalletScope.OUT_OF_SCOPE);
    }
  }

  // Non-blocking: the key lookup runs on the event loop even when the endpoint itself is blocking
  // (the reactive database client refuses worker threads).
  @ServerRequestFilter(nonBlocking = true)
  @RequiresKey
  public Uni<Void> requireKey(ContainerRequestContext request, HttpServerRequest http) {
    Credentials credentials = screen(Credentials.of(request), false, request);
    return credentials.walletPass()
        ? signInWithWallet(request, http)
        : authenticateKey(credentials, http);
  }

  /**
   * A pay-per-call endpoint: a valid key or wallet sign-in is held to its plan; everyone else (no
   * credential, a payment, a refused credential) to the endpoint's per-address limit.
   */
  @ServerRequestFilter(nonBlocking = true)
  @PayPerCall
  public Uni<Void> keyOrPayment(
      ContainerRequestContext request, ResourceInfo resource, HttpServerRequest http) {
    Credentials credentials = screen(Credentials.of(request), true, request);
    if (credentials.walletPass()) {
      return limits.held(
          resource, http, Uni.createFrom().deferred(() -> signInWithWallet(request, http)));
    }
    if (credentials.payment()) {
      String signature = request.getHeaderString(Credentials.PAYMENT_SIGNATURE);
      caller.paying(signature != null ? signature : request.getHeaderString(Credentials.X_PAYMENT));
      return limits.held(resource, http, null); // the endpoint checks the payment against its quote
    }
    if (!credentials.hasKey()) {
      return limits.held(resource, http, null); // anonymous: the endpoint answers with a quote
    }
    return limits.held(resource, http, authenticateKey(credentials, http));
  }

  /**
   * A public endpoint a merchant's systems also call with their key: a valid key is held to its
   * plan's daily limit; without one (or with a refused one) the caller is held to the endpoint's
   * per-address limit. A payment header is no credential here.
   */
  @ServerRequestFilter(nonBlocking = true)
  @KeyOptional
  public Uni<Void> keyOptional(
      ContainerRequestContext request, ResourceInfo resource, HttpServerRequest http) {
    Credentials credentials = Credentials.of(request);
    if (credentials.schemes() > 1) {
      throw oneScheme();
    }
    if (!credentials.hasKey()) {
      return limits.held(resource, http, null);
    }
    return limits.held(resource, http, authenticateKey(credentials, http));
  }

  @ServerRequestFilter(nonBlocking = true)
  @KeyOrScanner
  public Uni<Void> keyOrScanner(ContainerRequestContext request, HttpServerRequest http) {
    Credentials credentials = Credentials.of(request);
    if (credentials.scannerSession() == null) {
      return requireKey(request, http);
    }
    if (credentials.schemes() > 0) {
      throw ApiError.badRequest(
          "Use one credential per request: send either X-Scanner-Session or X-API-Key, not both");
    }
    return scanners
        .session(credentials.scannerSession().strip())
        .map(
            merchant -> {
              caller.scanner(
                  merchant.orElseThrow(
                      () ->
                          new ApiError(
                              401,
                              "The scanner session has expired or is unknown; log in with the"
                                  + " scanner PIN again")));
              return null;
            });
  }

  private static ApiError oneScheme() {
    return ApiError.badRequest(
        "Use one credential scheme per request: send either X-API-Key, Authorization: Wallet or"
            + " a payment header, not several");
  }

  private static Credentials screen(
      Credentials credentials, boolean payPerCall, ContainerRequestContext request) {
    if (credentials.schemes() > 1) {
      throw oneScheme();
    }
    if (credentials.walletPass()) {
      if (!WalletScope.accepts(request)) {
        throw new ApiError(501, WalletScope.OUT_OF_SCOPE);
      }
      return credentials;
    }
    if (!payPerCall && !credentials.hasKey()) {
      throw new ApiError(401, INVALID_KEY);
    }
    return credentials;
  }

  private Uni<Void> signInWithWallet(ContainerRequestContext request, HttpServerRequest http) {
    WalletHeader header = WalletHeader.parse(request.getHeaderString("Authorization"));
    return walletSignIn
        .signIn(header.message(), header.signature())
        .map(
            outcome -> {
              if (outcome instanceof WalletSignInUseCase.Outcome.Refused refused) {
                throw WalletHeader.refused(refused.reason());
              }
              if (outcome instanceof WalletSignInUseCase.Outcome.OtherPurpose other) {
                throw WalletHeader.refused(SignInPurposes.refusal(other.mismatch()));
              }
              if (outcome instanceof WalletSignInUseCase.Outcome.NoKey noKey) {
                throw WalletHeader.refused(WalletHeader.noKey(noKey));
              }
              if (outcome instanceof WalletSignInUseCase.Outcome.Unavailable) {
                throw new ApiError(
                    503,
                    "The access pass could not be read on chain; nothing was charged. Retry in 2"
                        + " to 5 seconds.",
                    Map.of("Retry-After", "3"));
              }
              return admit(((WalletSignInUseCase.Outcome.Key) outcome).outcome(), true, http);
            });
  }

  private Uni<Void> authenticateKey(Credentials credentials, HttpServerRequest http) {
    return authenticate.apiKey(credentials.apiKey()).map(outcome -> admit(outcome, false, http));
  }

  private Void admit(
      AuthenticateUseCase.Outcome outcome, boolean byWallet, HttpServerRequest http) {
    if (outcome instanceof AuthenticateUseCase.Outcome.Authenticated authenticated) {
      AuthenticateUseCase.DailyUsage usage = authenticated.usage();
      RateLimitFields.add(
          http.response().headers(),
          RateLimitFields.DAILY,
          usage.limit(),
          DAY_SECONDS,
          usage.remaining(),
          usage.window().secondsUntilReset(clock.instant()));
      if (byWallet) {
        caller.authenticatedByWallet(authenticated);
      } else {
        caller.authenticated(authenticated);
      }
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
          daily(limited));
    }
    throw new ApiError(401, INVALID_KEY);
  }

  private static Map<String, String> daily(AuthenticateUseCase.Outcome.LimitReached limited) {
    Map<String, String> headers =
        new LinkedHashMap<>(
            RateLimitFields.of(
                RateLimitFields.DAILY,
                limited.account().dailyLimit(),
                DAY_SECONDS,
                0,
                limited.retryAfterSeconds()));
    headers.put("Retry-After", Long.toString(limited.retryAfterSeconds()));
    headers.put(LIMIT, Integer.toString(limited.account().dailyLimit()));
    headers.put(REMAINING, "0");
    return headers;
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
