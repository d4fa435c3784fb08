package org.walletstate.adapters.http.payment;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import org.walletstate.application.account.GrantMonthlyCredits;

/**
 * Applies the paid plans' monthly credits at start and then on a timer ({@code
 * walletstate.plans.grant-every}, 1 hour), one run at a time. Logs counts only.
 */
@ApplicationScoped
public class MonthlyGrants {

  private static final Logger LOG = Logger.getLogger(MonthlyGrants.class);

  private final Vertx vertx;
  private final GrantMonthlyCredits grants;
  private final Duration every;
  private final AtomicBoolean running = new AtomicBoolean();
  private long timer = -1;

  @Inject
  public MonthlyGrants(
      Vertx vertx,
      GrantMonthlyCredits grants,
      @ConfigProperty(name = "walletstate.plans.grant-every", defaultValue = "1h") Duration every) {
    this.vertx = vertx;
    this.grants = grants;
    this.every = every;
  }

  void start(@Observes StartupEvent event) {
    runOnce();
    timer = vertx.setPeriodic(every.toMillis(), id -> runOnce());
  }

  void stop(@Observes ShutdownEvent event) {
    if (timer >= 0) {
      vertx.cancelTimer(timer);
    }
  }

  /** Applies the due grants unless a run is under way. */
  public void runOnce() {
    if (!running.compareAndSet(false, true)) {
      return;
    }
    grants
        .runOnce()
        .subscribe()
        .with(
            applied -> {
              running.set(false);
              if (applied > 0) {
                LOG.infof("%d monthly plan grants applied", applied);
              }
            },
            failure -> {
              running.set(false);
              LOG.warnf("monthly plan grants did not run: %s", failure.getClass().getSimpleName());
            });
  }
}
