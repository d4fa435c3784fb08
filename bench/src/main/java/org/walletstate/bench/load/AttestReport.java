package org.walletstate.bench.load;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The rows {@link AttestLoad} measured, one per scenario, client and concurrency, and their report:
 * a table with each service row's ratios to the baseline at the same scenario and concurrency, the
 * machine's state, on standard output and as JSON.
 */
final class AttestReport {

  /** One measured row. */
  record Row(String scenario, String client, LoadRun.Result result) {}

  private final List<Row> rows = new ArrayList<>();

  void add(Row row) {
    rows.add(row);
  }

  void write(Instant started, String loadBefore, String loadAfter, AttestLoadOptions options)
      throws IOException {
    // A table of its own columns, built as PaidReport's and FloorReport's by design: each report
    // says what its run measured.
    StringBuilder table = new StringBuilder();
    table.append(
        "| scenario | client | C | N | errors | p50 ms | p90 ms | p99 ms | max ms | req/s |"
            + " p50 ÷ baseline | req/s ÷ baseline |\n");
    table.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (Row row : rows) {
      LoadRun.Result r = row.result();
      LoadRun.Result base = baselineOf(row);
      table.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %d | %d | %d | %.2f | %.2f | %.2f | %.1f | %.1f | %s | %s |%n",
              row.scenario(),
              row.client(),
              r.concurrency(),
              r.requests(),
              r.errors(),
              r.p50(),
              r.p90(),
              r.p99(),
              r.max(),
              r.throughputPerSecond(),
              base == null ? "–" : String.format(Locale.ROOT, "%.1f×", r.p50() / base.p50()),
              base == null
                  ? "–"
                  : String.format(
                      Locale.ROOT, "%.2f", r.throughputPerSecond() / base.throughputPerSecond())));
    }
    String machine =
        String.format(
            Locale.ROOT,
            "%d CPUs (Runtime.availableProcessors), Java %s, load average before %s, after %s;"
                + " run took %d s",
            Runtime.getRuntime().availableProcessors(),
            System.getProperty("java.version"),
            loadBefore,
            loadAfter,
            Duration.between(started, Instant.now()).toSeconds());
    System.out.println();
    System.out.println(table);
    System.out.println(machine);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("machine", machine);
    out.put("requests", options.requests);
    out.put("warmup", options.warmup);
    out.put("rows", rows);
    BenchHost.writeResults(options.out, out);
  }

  private LoadRun.Result baselineOf(Row row) {
    if (row.client().startsWith("baseline")) {
      return null;
    }
    return rows.stream()
        .filter(r -> r.client().startsWith("baseline"))
        .filter(r -> r.scenario().equals(row.scenario()))
        .filter(r -> r.result().concurrency() == row.result().concurrency())
        .map(Row::result)
        .findFirst()
        .orElse(null);
  }
}
