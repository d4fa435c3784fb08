package org.walletstate.bench.load;

import java.util.List;
import java.util.Locale;

/**
 * The table of a pay-per-call run ({@link PaidLoad}): each client at each payer count, its blocks
 * merged, set against its floor — paid attests against the paid floor, key-paid attests against the
 * key-paid floor — and the paid ÷ key-paid throughput per payer count.
 */
final class PaidReport {

  static final String PAID_FLOOR = "floor, paid";
  static final String PAID = "x402";
  static final String KEYED = "API key";
  static final String KEY_FLOOR = "floor, key-paid";

  /** One client at one payer count, its blocks merged; the calls in flight per block. */
  record Row(int payers, String client, LoadRun.Result result, String inFlight) {}

  private final List<Row> rows;

  PaidReport(List<Row> rows) {
    this.rows = List.copyOf(rows);
  }

  /** A Markdown table, then one line per payer count with the paid ÷ key-paid throughput. */
  String table(List<Integer> payerCounts) {
    StringBuilder table = new StringBuilder();
    table.append(
        "| P | client | N | errors | p50 ms | p99 ms | req/s | in flight (most / mean, per block)"
            + " | p50 ÷ floor | p99 ÷ floor | req/s ÷ floor |\n");
    table.append("|---:|---|---:|---:|---:|---:|---:|---|---:|---:|---:|\n");
    for (Row row : rows) {
      LoadRun.Result r = row.result();
      LoadRun.Result floor = row.client().startsWith("floor") ? null : floorOf(row).result();
      table.append(
          String.format(
              Locale.ROOT,
              "| %d | %s | %d | %d | %.0f | %.0f | %.2f | %s | %s | %s | %s |%n",
              row.payers(),
              row.client(),
              r.requests(),
              r.errors(),
              r.p50(),
              r.p99(),
              r.throughputPerSecond(),
              row.inFlight(),
              floor == null ? "–" : ratio("%.2f×", r.p50() / floor.p50()),
              floor == null ? "–" : ratio("%.2f×", r.p99() / floor.p99()),
              floor == null
                  ? "–"
                  : ratio("%.2f", r.throughputPerSecond() / floor.throughputPerSecond())));
    }
    for (int count : payerCounts) {
      table.append(
          String.format(
              Locale.ROOT,
              "P=%d: x402 ÷ API key throughput %.3f%n",
              count,
              find(count, PAID).result().throughputPerSecond()
                  / find(count, KEYED).result().throughputPerSecond()));
    }
    for (Row row : rows) {
      if (row.result().firstError() != null) {
        table.append(
            String.format(
                "P=%d %s, first error: %s%n",
                row.payers(), row.client(), row.result().firstError()));
      }
    }
    return table.toString();
  }

  private Row floorOf(Row row) {
    return find(row.payers(), row.client().equals(PAID) ? PAID_FLOOR : KEY_FLOOR);
  }

  private Row find(int payers, String client) {
    return rows.stream()
        .filter(r -> r.payers() == payers && r.client().equals(client))
        .findFirst()
        .orElseThrow();
  }

  private static String ratio(String format, double value) {
    return String.format(Locale.ROOT, format, value);
  }
}
