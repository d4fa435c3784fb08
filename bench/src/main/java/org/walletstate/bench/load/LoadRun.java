package org.walletstate.bench.load;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A closed-loop load: {@code concurrency} platform threads each run the next operation as soon as
 * their previous one has finished, until {@code requests} operations have run. Every operation is
 * timed on its own; the run as a whole gives the throughput.
 */
public final class LoadRun {

  /** One operation; returns normally on success, throws on failure. */
  @FunctionalInterface
  public interface Operation {
    void run() throws Exception;
  }

  /** What a run measured. Times in milliseconds. */
  public record Result(
      int requests,
      int concurrency,
      int errors,
      String firstError,
      double p50,
      double p90,
      double p99,
      double max,
      double mean,
      double throughputPerSecond,
      double wallSeconds) {

    /**
     * A block's line of a benchmark: {@code format} filled with {@code head}, this result's p50,
     * p99, throughput and errors, {@code notes}, then its first error in brackets (or nothing).
     */
    public String blockLine(String format, List<Object> head, Object... notes) {
      List<Object> args = new ArrayList<>(head);
      args.addAll(List.of(p50, p99, throughputPerSecond, errors));
      args.addAll(Arrays.asList(notes));
      args.add(firstError == null ? "" : " (" + firstError + ")");
      return String.format(Locale.ROOT, format, args.toArray());
    }
  }

  private LoadRun() {}

  /** A run's result with every successful operation's time (nanoseconds, sorted). */
  public record Samples(Result result, long[] nanos) {}

  /** Runs {@code operation} {@code requests} times on {@code concurrency} threads. */
  public static Result run(Operation operation, int requests, int concurrency)
      throws InterruptedException {
    return sample(operation, requests, concurrency).result();
  }

  /** As {@link #run}, keeping the individual times. */
  public static Samples sample(Operation operation, int requests, int concurrency)
      throws InterruptedException {
    long[] nanos = new long[requests];
    RunFailures failures = new RunFailures(requests);
    AtomicInteger next = new AtomicInteger();
    ExecutorService workers = Executors.newFixedThreadPool(concurrency);
    long started = System.nanoTime();
    try {
      List<Future<?>> running = new ArrayList<>();
      for (int w = 0; w < concurrency; w++) {
        running.add(
            workers.submit(
                () -> {
                  for (int i = next.getAndIncrement(); i < requests; i = next.getAndIncrement()) {
                    long t0 = System.nanoTime();
                    try {
                      operation.run();
                    } catch (Exception e) {
                      failures.record(i, e);
                    }
                    nanos[i] = System.nanoTime() - t0;
                  }
                }));
      }
      awaitAll(running);
    } finally {
      workers.shutdownNow();
      workers.awaitTermination(10, TimeUnit.SECONDS);
    }
    double wall = (System.nanoTime() - started) / 1e9;
    long[] ok = failures.succeeded(nanos);
    return new Samples(
        result(ok, requests, concurrency, failures.count(), failures.first(), wall), ok);
  }

  /** Waits for every worker; a worker that threw fails the run. */
  static void awaitAll(List<Future<?>> running) throws InterruptedException {
    for (Future<?> worker : running) {
      try {
        worker.get();
      } catch (java.util.concurrent.ExecutionException e) {
        throw new IllegalStateException("a load worker failed", e.getCause());
      }
    }
  }

  /**
   * Several runs of one client as one: percentiles over all their successful operations, the
   * throughput as all requests over the sum of the runs' wall times.
   */
  public static Result merge(List<Samples> runs) {
    long[] all = runs.stream().flatMapToLong(r -> Arrays.stream(r.nanos())).sorted().toArray();
    int requests = runs.stream().mapToInt(r -> r.result().requests()).sum();
    int errors = runs.stream().mapToInt(r -> r.result().errors()).sum();
    double wall = runs.stream().mapToDouble(r -> r.result().wallSeconds()).sum();
    String firstError =
        runs.stream()
            .map(r -> r.result().firstError())
            .filter(e -> e != null)
            .findFirst()
            .orElse(null);
    return result(
        all,
        requests,
        runs.isEmpty() ? 0 : runs.get(0).result().concurrency(),
        errors,
        firstError,
        wall);
  }

  /** The figures of {@code requests} calls whose successful ones took {@code sorted} ns. */
  private static Result result(
      long[] sorted, int requests, int concurrency, int errors, String firstError, double wall) {
    return new Result(
        requests,
        concurrency,
        errors,
        firstError,
        percentile(sorted, 0.50),
        percentile(sorted, 0.90),
        percentile(sorted, 0.99),
        sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1] / 1e6,
        sorted.length == 0 ? Double.NaN : Arrays.stream(sorted).average().orElse(0) / 1e6,
        requests / wall,
        wall);
  }

  /** Nearest-rank percentile of sorted nanoseconds, in milliseconds. */
  static double percentile(long[] sorted, double p) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int rank = (int) Math.ceil(p * sorted.length);
    return sorted[Math.max(0, rank - 1)] / 1e6;
  }
}
