package org.walletstate.bench.load;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetOptions;
import org.walletstate.devnet.faults.FaultProxy;

/**
 * The transparency log's append cost against the attest p50, in one run: two service processes on
 * one PostgreSQL (started with {@code fsync} and {@code synchronous_commit} on, so every commit
 * flushes), one with the log on and one with it off ({@code walletstate.log.enabled}), and the
 * append itself (the adapter's append of one entry from as many threads as clients, on one pool as
 * one replica makes it: concurrent appends share statements, group commit; each block says how many
 * appends a statement carried). The three are measured in alternating blocks, A B C then C B A, at
 * each concurrency, so a change in the machine's load falls on all three. Reports per block pair
 * the attest p50 with the log on and off, their difference (and its share of the log-on p50), the
 * append's p50 and its share of the log-on attest p50, and the difference of the answers' {@code
 * ledger} p50s (the debit's statement as each service timed it: with the log on it also writes the
 * attest's log entry) with its share of the log-on attest p50; then the median and range over the
 * blocks. The append measured alone is the way the log's other statements (passes, discounts, x402
 * calls) are appended.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.walletstate.bench.load.LogCostBench \
 *     --requests 300 --blocks 6 --warmup 200 --concurrency 1,8 --mine-every 2 [--keys 8]
 * </pre>
 *
 * <p>With {@code --delay-ms D} every exchange with the chain goes through a proxy that delays it by
 * D ms, as a remote provider would. With {@code --keys N} the calls take turns over N keys (by
 * default one key pays for every call, so concurrent debits queue on its balance row).
 */
public final class LogCostBench {

  /** The debit's statement as each service timed it: {@code Server-Timing}'s {@code ledger}. */
  private static final String LEDGER = "ledger";

  private static final String LEDGER_ON = "ledger on";
  private static final String LEDGER_OFF = "ledger off";

  // Same shape as FloorBench's and QuorumBench's by design: each bench is a main class of its own.
  private final FloorOptions options;
  private final HttpClient http = ServiceCalls.client();

  private LogCostBench(FloorOptions options) {
    this.options = options;
  }

  public static void main(String[] args) throws Exception {
    BenchHost.proxyWithoutNagle();
    new LogCostBench(FloorOptions.parse(args)).run();
    System.exit(0);
  }

  private void run() throws Exception {
    System.out.println("load before: " + BenchHost.loadAverage());
    Path work = Files.createTempDirectory("log-cost-bench-");
    FaultProxy proxy = null;
    try (Devnet devnet = Devnet.start(DevnetOptions.defaults().withChains(8453L));
        EmbeddedPostgres postgres =
            EmbeddedPostgres.builder()
                .setServerConfig("fsync", "on")
                .setServerConfig("synchronous_commit", "on")
                .start()) {
      if (options.mineEverySeconds > 0) {
        devnet.mineEvery(Duration.ofSeconds(options.mineEverySeconds));
      }
      URI rpc = devnet.rpcUrls().get(8453L);
      if (options.delayMs > 0) {
        proxy = options.proxied(rpc);
        rpc = proxy.url();
      }
      String dbUrl = BenchHost.dbUrl(postgres.getPort());
      Map<String, String> properties = new LinkedHashMap<>();
      properties.put("quarkus.profile", "local");
      properties.put("walletstate.data-dir", work.resolve("data").toString());
      properties.put("walletstate.chains.evm.\"8453\".endpoints", rpc.toString());
      properties.putAll(options.serviceProperties);
      Map<String, String> on = new LinkedHashMap<>(properties);
      on.put("walletstate.log.enabled", "true");
      Map<String, String> off = new LinkedHashMap<>(properties);
      off.put("walletstate.log.enabled", "false");
      Map<String, String> db = BenchHost.database(dbUrl);
      // one after the other: the first applies the migrations
      try (ServiceProcess logOn =
              ServiceProcess.start(
                  options.serviceJar, options.jvmOptions, on, db, work.resolve("on.log"));
          ServiceProcess logOff =
              ServiceProcess.start(
                  options.serviceJar, options.jvmOptions, off, db, work.resolve("off.log"))) {
        measure(logOn, logOff, devnet, dbUrl);
      }
    } finally {
      if (proxy != null) {
        proxy.close();
      }
      BenchHost.deleteTree(work.resolve("data"));
    }
    System.out.println("load after: " + BenchHost.loadAverage());
  }

  private void measure(ServiceProcess logOn, ServiceProcess logOff, Devnet devnet, String dbUrl)
      throws Exception {
    String jdbc = "jdbc:" + dbUrl;
    try (Connection db = DriverManager.getConnection(jdbc, "postgres", "");
        ResultSet settings =
            db.createStatement()
                .executeQuery(
                    "select current_setting('fsync'), current_setting('synchronous_commit')")) {
      settings.next();
      System.out.printf(
          "fsync %s, synchronous_commit %s; %s%n",
          settings.getString(1), settings.getString(2), options.describe());
    }
    String body = FloorBench.body(devnet);
    List<HttpRequest> on = new ArrayList<>();
    List<HttpRequest> off = new ArrayList<>();
    for (int i = 0; i < options.keys; i++) {
      String key = BenchKeys.create(jdbc, "postgres", "");
      on.add(ServiceCalls.keyedPost(logOn.base(), "/v1/attest", key, body));
      off.add(ServiceCalls.keyedPost(logOff.base(), "/v1/attest", key, body));
    }
    FloorBench.checkedPreimageSizes(http, logOn.base(), on.get(0));
    Map<String, LoadRun.Operation> clients = new LinkedHashMap<>();
    clients.put("log on", new ServerTimed(http, on, LEDGER));
    clients.put("log off", new ServerTimed(http, off, LEDGER));
    try (LogAppends appends = new LogAppends(dbUrl)) {
      clients.put("append", appends);
      for (int round = 0; round < 3; round++) {
        for (LoadRun.Operation op : clients.values()) {
          LoadRun.run(op, options.warmup, 4);
        }
      }
      for (int c : options.concurrency) {
        report(c, abba(clients, c));
      }
    }
  }

  /** Each client's p50 per block, in alternating block order. */
  private Map<String, double[]> abba(Map<String, LoadRun.Operation> clients, int concurrency)
      throws InterruptedException {
    List<String> names = new ArrayList<>(clients.keySet());
    Map<String, double[]> p50s = new LinkedHashMap<>();
    for (String name : names) {
      LoadRun.run(clients.get(name), options.warmup, concurrency);
      p50s.put(name, new double[options.blocks]);
    }
    p50s.put(LEDGER_ON, new double[options.blocks]);
    p50s.put(LEDGER_OFF, new double[options.blocks]);
    for (int block = 0; block < options.blocks; block++) {
      List<String> order = new ArrayList<>(names);
      if (block % 2 == 1) {
        Collections.reverse(order);
      }
      for (String name : order) {
        LoadRun.Operation op = clients.get(name);
        long statementsBefore = op instanceof LogAppends a ? a.statements() : 0;
        LoadRun.Result r = LoadRun.run(op, options.requests, concurrency);
        String shared =
            op instanceof LogAppends a
                ? String.format(
                    Locale.ROOT,
                    "  %.2f appends per statement",
                    (double) options.requests / (a.statements() - statementsBefore))
                : "";
        if (r.errors() > 0) {
          throw new IllegalStateException(name + ": " + r.errors() + " errors, " + r.firstError());
        }
        p50s.get(name)[block] = r.p50();
        if (op instanceof ServerTimed timed) {
          shared = timings(timed, name, block, p50s);
        }
        System.out.printf(
            Locale.ROOT,
            "C=%d block %d %-8s p50 %7.3f ms  p99 %7.3f ms  %8.1f /s%s%n",
            concurrency,
            block,
            name,
            r.p50(),
            r.p99(),
            r.throughputPerSecond(),
            shared);
      }
    }
    return p50s;
  }

  /** The answers' Server-Timing p50s of one block, kept in {@code p50s} and as printed. */
  private static String timings(
      ServerTimed timed, String name, int block, Map<String, double[]> p50s) {
    double ledger = timed.takeP50(LEDGER);
    p50s.get(name.equals("log on") ? LEDGER_ON : LEDGER_OFF)[block] = ledger;
    return String.format(Locale.ROOT, "  ledger p50 %.3f ms", ledger);
  }

  private static void report(int concurrency, Map<String, double[]> p50s) {
    double[] on = p50s.get("log on");
    double[] off = p50s.get("log off");
    double[] append = p50s.get("append");
    double[] ledger = new double[on.length];
    double[] difference = new double[on.length];
    double[] share = new double[on.length];
    double[] ledgerShare = new double[on.length];
    double[] differenceShare = new double[on.length];
    for (int b = 0; b < on.length; b++) {
      difference[b] = on[b] - off[b];
      differenceShare[b] = 100 * difference[b] / on[b];
      share[b] = 100 * append[b] / on[b];
      ledger[b] = p50s.get(LEDGER_ON)[b] - p50s.get(LEDGER_OFF)[b];
      ledgerShare[b] = 100 * ledger[b] / on[b];
    }
    System.out.printf(
        Locale.ROOT,
        "| %d | %s | %s | %s | %s | %s | %s | %s | %s |%n",
        concurrency,
        spread(on, "%.2f"),
        spread(off, "%.2f"),
        spread(difference, "%+.2f"),
        spread(differenceShare, "%+.1f %%"),
        spread(append, "%.3f"),
        spread(share, "%.1f %%"),
        spread(ledger, "%+.3f"),
        spread(ledgerShare, "%+.1f %%"));
  }

  /** {@code median (min – max)} of the blocks. */
  private static String spread(double[] values, String format) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    double median =
        sorted.length % 2 == 1
            ? sorted[sorted.length / 2]
            : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    return String.format(Locale.ROOT, format, median)
        + " ("
        + String.format(Locale.ROOT, format, sorted[0])
        + " – "
        + String.format(Locale.ROOT, format, sorted[sorted.length - 1])
        + ")";
  }
}
