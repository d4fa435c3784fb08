package org.walletstate.adapters.http.account;

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
import org.walletstate.application.account.PruneSignInNonces;

/**
 * Forgets used sign-in nonces whose messages can no longer be accepted, at start and then on a
 * timer ({@code walletstate.sign-in-nonces.prune-every}, 10 minutes); replicas may run at once
 * (each batch takes rows no other holds).
 */
@ApplicationScoped
public class SignInNoncePruning {

  private final Vertx vertx;
  private final Duration every;
  private final PeriodicRun job;

  @Inject
  public SignInNoncePruning(
      Vertx vertx,
      PruneSignInNonces prune,
      @ConfigProperty(name = "walletstate.sign-in-nonces.prune-every", defaultValue = "10m")
          Duration every) {
    this.vertx = vertx;
    this.every = every;
    this.job =
        new PeriodicRun(
            Logger.getLogger(SignInNoncePruning.class),
            "%d used sign-in nonces forgotten",
            "used sign-in nonces were not pruned",
            prune::runOnce);
  }

  void start(@Observes StartupEvent event) {
    job.start(vertx, every, true);
  }

  void stop(@Observes ShutdownEvent event) {
    job.stop(vertx);
  }

  /** Forgets the nonces that are due unless a run is under way. */
  public void runOnce() {
    job.runOnce();
  }
}
