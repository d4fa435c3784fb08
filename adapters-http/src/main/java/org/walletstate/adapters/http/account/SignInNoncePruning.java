package org.walletstate.adapters.http.account;

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
import org.walletstate.application.account.PruneSignInNonces;

/**
 * Forgets used sign-in nonces whose messages can no longer be accepted, at start and then on a
 * timer ({@code walletstate.sign-in-nonces.prune-every}, 10 minutes), one run at a time per
 * replica; replicas may run at once (each batch takes rows no other holds). Logs counts only.
 */
@ApplicationScoped
public class SignInNoncePruning {

  private static final Logger LOG = Logger.getLogger(SignInNoncePruning.class);

  private final Vertx vertx;
  private final PruneSignInNonces prune;
  private final Duration every;
  private final AtomicBoolean running = new AtomicBoolean();
  private long timer = -1;

  @Inject
  public SignInNoncePruning(
      Vertx vertx,
      PruneSignInNonces prune,
      @ConfigProperty(name = "walletstate.sign-in-nonces.prune-every", defaultValue = "10m")
          Duration every) {
    this.vertx = vertx;
    this.prune = prune;
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

  /** Forgets the nonces that are due unless a run is under way. */
  public void runOnce() {
    if (!running.compareAndSet(false, true)) {
      return;
    }
    prune
        .runOnce()
        .subscribe()
        .with(
            forgotten -> {
              running.set(false);
              if (forgotten > 0) {
                LOG.debugf("%d used sign-in nonces forgotten", forgotten);
              }
            },
            failure -> {
              running.set(false);
              LOG.warnf(
                  "used sign-in nonces were not pruned: %s", failure.getClass().getSimpleName());
            });
  }
}
