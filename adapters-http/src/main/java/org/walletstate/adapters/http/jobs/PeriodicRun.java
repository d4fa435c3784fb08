package org.walletstate.adapters.http.jobs;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * A background job of a replica: runs a use case's {@code runOnce} on a timer, one run at a time (a
 * tick while a run is under way is skipped). The composition root builds each job with its
 * interval; {@link BackgroundJobs} starts them all with the service and stops them with it. Each
 * run yields a count, which is logged when positive; a failed run is logged by its exception's
 * class only, never its message, so neither secrets nor personal data reach the log. Whether
 * replicas may run the same job at once is the use case's business (each of them takes its rows
 * with {@code SKIP LOCKED} or equivalent).
 */
public final class PeriodicRun {

  private final Logger log;
  private final Logger.Level doneLevel;
  private final String done;
  private final String failed;
  private final Optional<Duration> every;
  private final boolean atStart;
  private final Supplier<Uni<Integer>> run;
  private final AtomicBoolean running = new AtomicBoolean();
  private long timer = -1;

  /**
   * @param log the job's logger
   * @param done what a positive count is, a format with one {@code %d} (e.g. "%d grants applied")
   * @param failed what did not happen when a run fails (e.g. "monthly plan grants did not run")
   * @param every the timer's interval; empty for a job this replica does not schedule (it still
   *     runs when asked with {@link #runOnce})
   * @param atStart whether the job also runs once when the service starts
   * @param run one run of the job; its count of rows handled
   */
  public PeriodicRun(
      Logger log,
      String done,
      String failed,
      Optional<Duration> every,
      boolean atStart,
      Supplier<Uni<Integer>> run) {
    this(log, Logger.Level.INFO, done, failed, every, atStart, run);
  }

  /**
   * A job whose counts are logged at {@code doneLevel}: {@code DEBUG} for a job that runs every
   * second under traffic, whose counts would otherwise fill the log.
   */
  public PeriodicRun(
      Logger log,
      Logger.Level doneLevel,
      String done,
      String failed,
      Optional<Duration> every,
      boolean atStart,
      Supplier<Uni<Integer>> run) {
    // Field by field by design: each part of the job as its wiring hands it in.
    this.log = log;
    this.doneLevel = doneLevel;
    this.done = done;
    this.failed = failed;
    this.every = every;
    this.atStart = atStart;
    this.run = run;
  }

  /** Starts the timer, if the job has one; a job that runs at start also runs once now. */
  public void start(Vertx vertx) {
    if (every.isEmpty()) {
      return;
    }
    if (atStart) {
      runOnce();
    }
    timer = vertx.setPeriodic(every.get().toMillis(), id -> runOnce());
  }

  /** Stops the timer, if it was started. */
  public void stop(Vertx vertx) {
    if (timer >= 0) {
      vertx.cancelTimer(timer);
      timer = -1;
    }
  }

  /** One run, unless a run is under way. */
  public void runOnce() {
    if (!running.compareAndSet(false, true)) {
      return;
    }
    run.get()
        .subscribe()
        .with(
            count -> {
              running.set(false);
              if (count != null && count > 0) {
                log.logf(doneLevel, done, count);
              }
            },
            failure -> {
              running.set(false);
              log.warnf("%s: %s", failed, failure.getClass().getSimpleName());
            });
  }
}
