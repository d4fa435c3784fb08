package org.walletstate.bench.load;

import java.util.Arrays;
import java.util.Locale;

/**
 * Clients timed in rotation, one call each per round, and the report of {@link TrustLoad}'s three:
 * the service, the baseline's reads alone, and the reads followed by the profiles' signatures.
 */
final class RotatedTimings {

  private RotatedTimings() {}

  /**
   * The clients one after the other, {@code warmup} untimed rounds first; which goes first rotates,
   * so that none always meets a warm connection or the tail of another's work.
   */
  static long[][] alternate(
      TrustLoad.Client[] clients, int requests, int warmup, TrustLoad.Client afterWarmup)
      throws Exception {
    for (int i = 0; i < warmup; i++) {
      for (TrustLoad.Client client : clients) {
        client.call();
      }
    }
    afterWarmup.call();
    long[][] nanos = new long[clients.length][requests];
    for (int i = 0; i < requests; i++) {
      for (int k = 0; k < clients.length; k++) {
        int c = (i + k) % clients.length;
        nanos[c][i] = timed(clients[c]);
      }
    }
    return nanos;
  }

  private static long timed(TrustLoad.Client client) throws Exception {
    long start = System.nanoTime();
    client.call();
    return System.nanoTime() - start;
  }

  /** The three clients' latencies and their ratios: service, reads alone, reads and signing. */
  static void report(String name, long baselineRequests, int chains, long[][] nanos, int n) {
    long[] s = nanos[0].clone();
    long[] b = nanos[1].clone();
    long[] f = nanos[2].clone();
    Arrays.sort(s);
    Arrays.sort(b);
    Arrays.sort(f);
    System.out.printf(
        Locale.ROOT,
        "%n%s: %d timed rounds, %d EVM chains, baseline %d HTTP requests per call%n"
            + "  service          %s%n"
            + "  baseline (reads) %s%n"
            + "  reads + signing  %s%n"
            + "  service / baseline: p50 %.2f, p90 %.2f; service / (reads + signing): p50 %.2f;"
            + " (reads + signing) / baseline: p50 %.2f%n",
        name,
        n,
        chains,
        baselineRequests,
        line(s),
        line(b),
        line(f),
        LoadRun.percentile(s, 0.5) / LoadRun.percentile(b, 0.5),
        LoadRun.percentile(s, 0.9) / LoadRun.percentile(b, 0.9),
        LoadRun.percentile(s, 0.5) / LoadRun.percentile(f, 0.5),
        LoadRun.percentile(f, 0.5) / LoadRun.percentile(b, 0.5));
  }

  private static String line(long[] sorted) {
    return String.format(
        Locale.ROOT,
        "p50 %.1f ms  p90 %.1f ms  p99 %.1f ms  mean %.1f ms",
        LoadRun.percentile(sorted, 0.5),
        LoadRun.percentile(sorted, 0.9),
        LoadRun.percentile(sorted, 0.99),
        ms(Arrays.stream(sorted).average().orElse(0)));
  }

  private static double ms(double nanos) {
    return nanos / 1_000_000.0;
  }
}
