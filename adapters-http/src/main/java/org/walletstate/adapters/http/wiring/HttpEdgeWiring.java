package org.walletstate.adapters.http.wiring;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import io.quarkus.runtime.configuration.MemorySize;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Singleton;
import java.time.Clock;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.walletstate.adapters.http.auth.CurrentCaller;
import org.walletstate.adapters.http.body.JsonBodies;
import org.walletstate.adapters.http.edge.Failures;
import org.walletstate.adapters.http.edge.RouteTable;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.envelope.ErrorReferences;
import org.walletstate.adapters.http.exchange.Exchange;
import org.walletstate.adapters.http.observability.ServiceMeters;
import org.walletstate.adapters.http.ratelimit.AddressLimits;
import org.walletstate.adapters.http.ratelimit.RateLimitSettings;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.application.port.out.RateLimits;

/**
 * The HTTP edge every resource and filter shares: envelopes, error references and the failures'
 * classification, JSON bodies, a JSON endpoint's {@link Exchange}, the service's meters, the rate
 * limits by address, and the table of the REST routes.
 */
@ApplicationScoped
public class HttpEdgeWiring {

  // the producers share their CDI declarations with the other wiring classes' by design: one
  // method a bean, and what each builds is its own constructor's

  @Produces
  @ApplicationScoped
  Envelopes envelopes(Clock clock) {
    return new Envelopes(clock);
  }

  @Produces
  @ApplicationScoped
  ErrorReferences errorReferences(Entropy entropy) {
    return new ErrorReferences(entropy);
  }

  @Produces
  @ApplicationScoped
  Failures failures(ErrorReferences references) {
    return new Failures(references);
  }

  @Produces
  @ApplicationScoped
  JsonBodies jsonBodies(
      @ConfigProperty(name = "walletstate.http.max-body-size") MemorySize maxBodySize) {
    return new JsonBodies(maxBodySize);
  }

  /**
   * A JSON endpoint's edge: its body, its caller (the request-scoped {@link CurrentCaller}, which
   * each request fills) and the envelopes.
   */
  @Produces
  @ApplicationScoped
  Exchange exchange(JsonBodies bodies, CurrentCaller caller, Envelopes envelopes) {
    return new Exchange(bodies, caller, envelopes);
  }

  @Produces
  @ApplicationScoped
  ServiceMeters serviceMeters(MeterRegistry registry) {
    return new ServiceMeters(registry);
  }

  // As above, by design: each producer declares its own bean.
  @Produces
  @ApplicationScoped
  RateLimitSettings rateLimitSettings(Config config) {
    return new RateLimitSettings(config);
  }

  @Produces
  @ApplicationScoped
  AddressLimits addressLimits(RateLimits limits, RateLimitSettings settings, Clock clock) {
    return new AddressLimits(limits, settings, clock);
  }

  /** The REST routes, read at start from the resource beans the container holds. */
  @Produces
  @Singleton
  @Startup
  RouteTable routeTable(BeanManager beans) {
    return new RouteTable(beans);
  }
}
