package org.walletstate.adapters.http.payment;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import org.walletstate.adapters.http.jobs.PeriodicRun;
import org.walletstate.application.account.GrantMonthlyCredits;

/**
 * Applies the paid plans' monthly credits at start and then on a timer ({@code
 * walletstate.plans.grant-every}, 1 hour), one run at a time.
 */
@ApplicationScoped
public class MonthlyGrants {

  private final Vertx vertx;
  private final Duration every;
  private final PeriodicRun job;

  @Inject
  public MonthlyGrants(
      Vertx vertx,
      GrantMonthlyCredits grants,
      @ConfigProperty(name = "walletstate.plans.grant-every", defaultValue = "1h") Duration every) {
    this.vertx = vertx;
    this.every = every;
    this.job =
        new PeriodicRun(
            Logger.getLogger(MonthlyGrants.class),
            "%d monthly plan grants applied",
            "monthly plan grants did not run",
            grants::runOnce);
  }

  void start(@Observes StartupEvent event) {
    job.start(vertx, every, true);
  }

  void stop(@Observes ShutdownEvent event) {
    job.stop(vertx);
  }

  /** Applies the due grants unless a run is under way. */
  public void runOnce() {
    job.runOnce();
  }
}
