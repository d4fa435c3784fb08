package org.walletstate.adapters.http.idempotency;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import org.walletstate.adapters.http.jobs.PeriodicRun;
import org.walletstate.application.port.out.IdempotentRequests;

/**
 * Forgets idempotency keys whose lifetime ended, at start and then on a timer ({@code
 * walletstate.idempotency.prune-every}, 10 minutes), in batches of 1,000 until none is left;
 * replicas may run at once (each batch takes rows no other holds).
 */
@ApplicationScoped
public class IdempotencyPruning {

  static final int BATCH = 1_000;

  private final Vertx vertx;
  private final Duration every;
  private final PeriodicRun job;

  @Inject
  public IdempotencyPruning(
      Vertx vertx,
      IdempotentRequests requests,
      Clock clock,
      @ConfigProperty(name = "walletstate.idempotency.prune-every", defaultValue = "10m")
          Duration every) {
    this.vertx = vertx;
    this.every = every;
    this.job =
        new PeriodicRun(
            Logger.getLogger(IdempotencyPruning.class),
            "%d expired idempotency keys forgotten",
            "expired idempotency keys were not pruned",
            () -> forgetAll(requests, clock, 0));
  }

  private static Uni<Integer> forgetAll(IdempotentRequests requests, Clock clock, int sofar) {
    return requests
        .forgetExpired(clock.instant(), BATCH)
        .flatMap(
            n ->
                n < BATCH
                    ? Uni.createFrom().item(sofar + n)
                    : forgetAll(requests, clock, sofar + n));
  }

  void start(@Observes StartupEvent event) {
    job.start(vertx, every, true);
  }

  void stop(@Observes ShutdownEvent event) {
    job.stop(vertx);
  }

  /** Forgets the keys that are due unless a run is under way. */
  public void runOnce() {
    job.runOnce();
  }
}
