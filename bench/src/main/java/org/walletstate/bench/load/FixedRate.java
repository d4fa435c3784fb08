package org.walletstate.bench.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * An open-loop load: operations start at a fixed rate, on schedule, whether or not earlier ones
 * have answered (up to {@code maxInFlight} at once; beyond that they queue). Each operation is
 * timed from its scheduled start, so queueing counts as latency. Unlike {@link LoadRun}, the rate
 * is chosen, not found: the load below saturation at which a server's cost per request is read.
 */
final class FixedRate {

  /** What a run measured. Times in milliseconds. */
  record Result(
      double targetPerSecond,
      int requests,
      int errors,
      String firstError,
      double achievedPerSecond,
      double p50,
      double p99,
      double wallSeconds) {}

  private FixedRate() {}

  /** Starts {@code operation} {@code perSecond} times a second for {@code length}. */
  static Result run(LoadRun.Operation operation, double perSecond, Duration length, int maxInFlight)
      throws InterruptedException {
    int requests = (int) Math.round(perSecond * length.toMillis() / 1000.0);
    long interval = Math.round(1e9 / perSecond);
    long[] nanos = new long[requests];
    RunFailures failures = new RunFailures(requests);
    ExecutorService workers = Executors.newFixedThreadPool(maxInFlight);
    long started = System.nanoTime();
    try {
      List<Future<?>> running = new ArrayList<>();
      for (int i = 0; i < requests; i++) {
        long due = started + i * interval;
        for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
          LockSupport.parkNanos(wait);
        }
        int index = i;
        running.add(
            workers.submit(
                () -> {
                  try {
                    operation.run();
                  } catch (Exception e) {
                    failures.record(index, e);
                  }
                  nanos[index] = System.nanoTime() - due;
                }));
      }
      // Workers time and record each call as LoadRun.sample's do, by design: an open loop times a
      // call from when it was due, a closed loop from when it started.
      LoadRun.awaitAll(running);
    } finally {
      workers.shutdownNow();
      workers.awaitTermination(10, TimeUnit.SECONDS);
    }
    double wall = (System.nanoTime() - started) / 1e9;
    long[] ok = failures.succeeded(nanos);
    return new Result(
        perSecond,
        requests,
        failures.count(),
        failures.first(),
        requests / wall,
        LoadRun.percentile(ok, 0.50),
        LoadRun.percentile(ok, 0.99),
        wall);
  }
}
