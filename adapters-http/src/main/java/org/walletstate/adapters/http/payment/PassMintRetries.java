package org.walletstate.adapters.http.payment;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;
import org.walletstate.application.account.RetryPassMints;

/**
 * Retries deferred access-pass mints on a timer ({@code
 * walletstate.payments.access-pass.retry-every}), one run at a time. Logs counts only.
 */
@ApplicationScoped
public class PassMintRetries {

  private static final Logger LOG = Logger.getLogger(PassMintRetries.class);

  private final Vertx vertx;
  private final RetryPassMints retries;
  private final PaymentsConfig config;
  private final AtomicBoolean running = new AtomicBoolean();
  private long timer = -1;

  @Inject
  public PassMintRetries(Vertx vertx, RetryPassMints retries, PaymentsConfig config) {
    this.vertx = vertx;
    this.retries = retries;
    this.config = config;
  }

  void start(@Observes StartupEvent event) {
    if (PaymentSettings.pass(config).isPresent()) {
      timer = vertx.setPeriodic(config.accessPass().retryEvery().toMillis(), id -> runOnce());
    }
  }

  void stop(@Observes ShutdownEvent event) {
    if (timer >= 0) {
      vertx.cancelTimer(timer);
    }
  }

  /** Runs the due retries unless a run is under way. */
  public void runOnce() {
    if (!running.compareAndSet(false, true)) {
      return;
    }
    retries
        .runOnce()
        .subscribe()
        .with(
            landed -> {
              running.set(false);
              if (landed > 0) {
                LOG.infof("%d deferred access-pass mints landed", landed);
              }
            },
            failure -> {
              running.set(false);
              LOG.warnf(
                  "access-pass mint retries did not run: %s", failure.getClass().getSimpleName());
            });
  }
}
