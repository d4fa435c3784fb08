package org.walletstate.adapters.http.jobs;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

/**
 * Starts every background job the composition root builds ({@link PeriodicRun} beans: monthly
 * grants, pass-mint retries, sign-in nonce and idempotency-key pruning, the transparency log's
 * batches) when the service starts, and stops their timers when it stops.
 */
@ApplicationScoped
public class BackgroundJobs {

  private final Vertx vertx;
  private final Instance<PeriodicRun> jobs;

  @Inject
  public BackgroundJobs(Vertx vertx, @Any Instance<PeriodicRun> jobs) {
    this.vertx = vertx;
    this.jobs = jobs;
  }

  void start(@Observes StartupEvent event) {
    jobs.forEach(job -> job.start(vertx));
  }

  void stop(@Observes ShutdownEvent event) {
    jobs.forEach(job -> job.stop(vertx));
  }
}
