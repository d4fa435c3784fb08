package org.walletstate.adapters.http.ratelimit;

import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.container.ResourceInfo;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.HexFormat;
import java.util.Map;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.application.port.out.RateLimits;

/**
 * Counts one request of a client address against a policy (hashed: no address is stored). Past the
 * limit it fails with the 429 {@link ApiError} and its {@code Retry-After}. Used by the filter of
 * {@link RateLimited} endpoints and by routes outside the REST layer.
 */
public class AddressLimits {

  // Held as handed in by design: the composition root builds the limits once.
  private final RateLimits limits;
  private final RateLimitSettings settings;
  private final Clock clock;

  public AddressLimits(RateLimits limits, RateLimitSettings settings, Clock clock) {
    this.limits = limits;
    this.settings = settings;
    this.clock = clock;
  }

  /** Whether limits are on at all. */
  public boolean enabled() {
    return settings.enabled();
  }

  /** Counts {@code http}'s client against {@code policy}; fails with the 429 past its limit. */
  public Uni<Void> take(RatePolicy policy, HttpServerRequest http) {
    if (!settings.enabled()) {
      return Uni.createFrom().voidItem();
    }
    RateLimitSettings.Limit limit = settings.limit(policy);
    java.time.Instant now = clock.instant();
    long window = limit.window().toSeconds();
    return limits
        .take(policy.wireName(), client(http), limit.requests(), limit.window(), now)
        .map(
            decision -> {
              if (decision instanceof RateLimits.Decision.Allowed allowed) {
                RateLimitFields.add(
                    http.response().headers(),
                    policy.wireName(),
                    limit.requests(),
                    window,
                    allowed.remaining(),
                    RateLimits.secondsLeft(limit.window(), now));
              }
              if (decision instanceof RateLimits.Decision.Limited full) {
                Map<String, String> headers =
                    new java.util.LinkedHashMap<>(
                        RateLimitFields.of(
                            policy.wireName(),
                            limit.requests(),
                            window,
                            0,
                            full.retryAfterSeconds()));
                headers.put("Retry-After", Long.toString(full.retryAfterSeconds()));
                throw new ApiError(
                    429,
                    "Too many requests to this endpoint from your address: the limit is "
                        + limit.requests()
                        + " per "
                        + RateLimitSettings.describe(limit.window())
                        + "; retry in "
                        + full.retryAfterSeconds()
                        + " seconds",
                    headers);
              }
              return null;
            });
  }

  /**
   * For the credential filter of an endpoint whose policy concerns callers without credentials:
   * counts the request against that policy unless {@code admission} admits a valid credential. A
   * request without a credential counts before anything else; a refused credential (a 401, or a 400
   * for a malformed one) counts too, and past the limit its answer is the 429. Endpoints without
   * such a policy get {@code admission} unchanged.
   *
   * @param admission checks the request's credential; {@code null} when it carries none
   */
  public Uni<Void> held(ResourceInfo resource, HttpServerRequest http, Uni<Void> admission) {
    RateLimited limited = policyOf(resource);
    if (limited == null || !limited.value().withoutCredentialsOnly()) {
      return admission == null ? Uni.createFrom().voidItem() : admission;
    }
    RatePolicy policy = limited.value();
    if (admission == null) {
      return take(policy, http);
    }
    return admission
        .onFailure(AddressLimits::refusedCredential)
        .recoverWithUni(refusal -> take(policy, http).onItem().failWith(() -> refusal));
  }

  static RateLimited policyOf(ResourceInfo resource) {
    RateLimited limited = resource.getResourceMethod().getAnnotation(RateLimited.class);
    return limited != null ? limited : resource.getResourceClass().getAnnotation(RateLimited.class);
  }

  private static boolean refusedCredential(Throwable failure) {
    return failure instanceof ApiError error && (error.status() == 401 || error.status() == 400);
  }

  /**
   * The client's address as the limits count it (behind the trusted proxies, {@link
   * ClientAddresses}), hashed: an opaque value that names the address without storing it.
   */
  public String client(HttpServerRequest http) {
    String peer = http.remoteAddress() == null ? null : http.remoteAddress().hostAddress();
    return hash(settings.addresses().client(peer, http.headers().getAll("X-Forwarded-For")));
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
