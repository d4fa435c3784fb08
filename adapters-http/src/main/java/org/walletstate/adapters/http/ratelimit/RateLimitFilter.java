package org.walletstate.adapters.http.ratelimit;

import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ResourceInfo;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Counts each request of a {@link RateLimited} endpoint against its policy for the client's address
 * (hashed: no address is stored), before credentials are looked at; past the limit the answer is
 * 429 with {@code Retry-After}. Policies that concern callers without credentials only ({@link
 * RatePolicy#withoutCredentialsOnly()}) are left to the endpoint's credential filter, which alone
 * knows whether a credential is valid: a header is not a credential until it has been checked.
 */
public class RateLimitFilter {

  private final AddressLimits limits;

  @Inject
  public RateLimitFilter(AddressLimits limits) {
    this.limits = limits;
  }

  @ServerRequestFilter(nonBlocking = true, priority = Priorities.AUTHENTICATION - 100)
  @RateLimited(RatePolicy.KEY_SET) // name binding: the value is read from the endpoint below
  public Uni<Void> limit(
      ContainerRequestContext request, ResourceInfo resource, HttpServerRequest http) {
    if (!limits.enabled()) {
      return Uni.createFrom().voidItem();
    }
    RateLimited limited = AddressLimits.policyOf(resource);
    if (limited == null) {
      return Uni.createFrom().voidItem();
    }
    RatePolicy policy = limited.value();
    if (policy.withoutCredentialsOnly()) {
      return Uni.createFrom().voidItem(); // counted by the credential filter (AddressLimits.held)
    }
    return limits.take(policy, http);
  }
}
