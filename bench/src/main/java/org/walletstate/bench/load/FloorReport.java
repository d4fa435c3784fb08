package org.walletstate.bench.load;

import java.io.IOException;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The results of {@link FloorBench}: each client's blocks merged into one row per concurrency, the
 * table of rows with their ratios to the floor, the service's memory and the machine's state, on
 * standard output and as JSON.
 */
final class FloorReport {

  /** What one client measured over all its blocks at one concurrency. */
  record Merged(
      String client,
      int concurrency,
      int requests,
      int errors,
      double p50,
      double p90,
      double p99,
      double throughputPerSecond) {

    /** The row's measured cells of a Markdown table, from its concurrency to its req/s. */
    String cells() {
      return String.format(
          Locale.ROOT,
          "| %d | %s | %d | %d | %.2f | %.2f | %.2f | %.1f |",
          concurrency,
          client,
          requests,
          errors,
          p50,
          p90,
          p99,
          throughputPerSecond);
    }

    /** The row of {@code base} (a client) at this row's concurrency, among {@code rows}. */
    Merged of(String base, List<Merged> rows) {
      return rows.stream()
          .filter(r -> r.client().equals(base) && r.concurrency() == concurrency)
          .findFirst()
          .orElseThrow();
    }
  }

  /** The service's resident set in KiB: idle after start, idle after warm-up, peak under load. */
  record Memory(long idleStartKib, long idleWarmKib, long peakKib, long pid) {}

  private FloorReport() {}

  static Merged merge(String client, int concurrency, List<LoadRun.Samples> blocks) {
    int n = blocks.stream().mapToInt(b -> b.nanos().length).sum();
    long[] all = new long[n];
    int k = 0;
    int errors = 0;
    double wall = 0;
    int requests = 0;
    for (LoadRun.Samples b : blocks) {
      System.arraycopy(b.nanos(), 0, all, k, b.nanos().length);
      k += b.nanos().length;
      errors += b.result().errors();
      wall += b.result().wallSeconds();
      requests += b.result().requests();
    }
    Arrays.sort(all);
    return new Merged(
        client,
        concurrency,
        requests,
        errors,
        LoadRun.percentile(all, 0.50),
        LoadRun.percentile(all, 0.90),
        LoadRun.percentile(all, 0.99),
        requests / wall);
  }

  static void write(
      List<Merged> rows,
      Memory rss,
      int[] sizes,
      Instant started,
      String loadBefore,
      FloorOptions options)
      throws IOException {
    String memory =
        String.format(
            Locale.ROOT,
            "service RSS: %d MiB idle after start, %d MiB idle after warm-up, %d MiB peak under"
                + " load (pid %d)",
            rss.idleStartKib() / 1024,
            rss.idleWarmKib() / 1024,
            rss.peakKib() / 1024,
            rss.pid());
    String machine =
        BenchHost.machine(
            loadBefore,
            started,
            String.format(
                Locale.ROOT,
                "preimages %d / %d bytes; settings %s",
                sizes[0],
                sizes[1],
                options.describe()));
    System.out.println();
    System.out.println(table(rows));
    System.out.println(memory);
    System.out.println(machine);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("machine", machine);
    out.put("memory", memory);
    out.put("rows", rows);
    BenchHost.writeResults(options.out, out);
  }

  private static StringBuilder table(List<Merged> rows) {
    StringBuilder table = new StringBuilder();
    table.append(
        "| C | client | N | errors | p50 ms | p90 ms | p99 ms | req/s | p50 ÷ floor | p99 ÷ floor |"
            + " req/s ÷ floor |\n|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (Merged row : rows) {
      Merged floor = row.of("floor", rows);
      boolean isFloor = row == floor;
      table.append(row.cells());
      table.append(
          String.format(
              Locale.ROOT,
              " %s | %s | %s |%n",
              isFloor ? "–" : String.format(Locale.ROOT, "%.2f×", row.p50() / floor.p50()),
              isFloor ? "–" : String.format(Locale.ROOT, "%.2f×", row.p99() / floor.p99()),
              isFloor
                  ? "–"
                  : String.format(
                      Locale.ROOT,
                      "%.2f",
                      row.throughputPerSecond() / floor.throughputPerSecond())));
    }
    return table;
  }
}
