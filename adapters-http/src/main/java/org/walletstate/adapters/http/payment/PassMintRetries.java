package org.walletstate.adapters.http.payment;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;
import org.walletstate.adapters.http.jobs.PeriodicRun;
import org.walletstate.application.account.RetryPassMints;

/**
 * Retries deferred access-pass mints on a timer ({@code
 * walletstate.payments.access-pass.retry-every}), one run at a time, when an access pass is
 * configured.
 */
@ApplicationScoped
public class PassMintRetries {

  private final Vertx vertx;
  private final PaymentsConfig config;
  private final PeriodicRun job;

  @Inject
  public PassMintRetries(Vertx vertx, RetryPassMints retries, PaymentsConfig config) {
    this.vertx = vertx;
    this.config = config;
    this.job =
        new PeriodicRun(
            Logger.getLogger(PassMintRetries.class),
            "%d deferred access-pass mints landed",
            "access-pass mint retries did not run",
            retries::runOnce);
  }

  void start(@Observes StartupEvent event) {
    if (PaymentSettings.pass(config).isPresent()) {
      job.start(vertx, config.accessPass().retryEvery(), false);
    }
  }

  void stop(@Observes ShutdownEvent event) {
    job.stop(vertx);
  }

  /** Runs the due retries unless a run is under way. */
  public void runOnce() {
    job.runOnce();
  }
}
