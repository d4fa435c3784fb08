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
 * batches) when the service starts, and stops their timers when it stops; and the jobs run by new
 * heads ({@link HeadRuns}: the watches' evaluation at each followed head).
 */
@ApplicationScoped
public class BackgroundJobs {

  private final Vertx vertx;
  private final Instance<PeriodicRun> jobs;
  private final Instance<HeadRuns> headJobs;

  @Inject
  public BackgroundJobs(
      Vertx vertx, @Any Instance<PeriodicRun> jobs, @Any Instance<HeadRuns> headJobs) {
    this.vertx = vertx;
    this.jobs = jobs;
    this.headJobs = headJobs;
  }

  void start(@Observes StartupEvent event) {
    jobs.forEach(job -> job.start(vertx));
    headJobs.forEach(HeadRuns::start);
  }

  void stop(@Observes ShutdownEvent event) {
    headJobs.forEach(HeadRuns::stop);
    jobs.forEach(job -> job.stop(vertx));
  }
}
