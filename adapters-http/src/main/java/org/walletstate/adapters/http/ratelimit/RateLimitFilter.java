package org.walletstate.adapters.http.ratelimit;

import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.HexFormat;
import java.util.Map;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.application.port.out.RateLimits;

/**
 * Counts each request of a {@link RateLimited} endpoint against its policy for the client's address
 * (hashed: no address is stored), before credentials are looked at; past the limit the answer is
 * 429 with {@code Retry-After}. Policies that concern callers without credentials only let requests
 * with a key or wallet authorization through uncounted.
 */
public class RateLimitFilter {

  private final RateLimits limits;
  private final RateLimitSettings settings;
  private final Clock clock;

  @Inject
  public RateLimitFilter(RateLimits limits, RateLimitSettings settings, Clock clock) {
    this.limits = limits;
    this.settings = settings;
    this.clock = clock;
  }

  @ServerRequestFilter(nonBlocking = true, priority = Priorities.AUTHENTICATION - 100)
  @RateLimited(RatePolicy.KEY_SET) // name binding: the value is read from the endpoint below
  public Uni<Void> limit(
      ContainerRequestContext request, ResourceInfo resource, HttpServerRequest http) {
    if (!settings.enabled()) {
      return Uni.createFrom().voidItem();
    }
    RateLimited limited = resource.getResourceMethod().getAnnotation(RateLimited.class);
    if (limited == null) {
      limited = resource.getResourceClass().getAnnotation(RateLimited.class);
    }
    if (limited == null) {
      return Uni.createFrom().voidItem();
    }
    RatePolicy policy = limited.value();
    if (policy.withoutCredentialsOnly()
        && (request.getHeaderString("X-API-Key") != null
            || request.getHeaderString(HttpHeaders.AUTHORIZATION) != null)) {
      return Uni.createFrom().voidItem();
    }
    String peer = http.remoteAddress() == null ? null : http.remoteAddress().hostAddress();
    String client = settings.addresses().client(peer, http.headers().getAll("X-Forwarded-For"));
    RateLimitSettings.Limit limit = settings.limit(policy);
    return limits
        .take(policy.wireName(), hash(client), limit.requests(), limit.window(), clock.instant())
        .map(
            decision -> {
              if (decision instanceof RateLimits.Decision.Limited full) {
                throw new ApiError(
                    429,
                    "Too many requests to this endpoint from your address: the limit is "
                        + limit.requests()
                        + " per "
                        + RateLimitSettings.describe(limit.window())
                        + "; retry in "
                        + full.retryAfterSeconds()
                        + " seconds",
                    Map.of("Retry-After", Long.toString(full.retryAfterSeconds())));
              }
              return null;
            });
  }

  private static String hash(String client) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(client.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }
}
