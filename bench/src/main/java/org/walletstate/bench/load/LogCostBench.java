package org.walletstate.bench.load;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.walletstate.bench.tlog.LogTreeBench;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetOptions;
import org.walletstate.domain.tlog.LoggedStatement;

/**
 * The transparency log's append cost against the attest p50, in one run: two service processes on
 * one PostgreSQL (started with {@code fsync} and {@code synchronous_commit} on, so every commit
 * flushes), one with the log on and one with it off ({@code walletstate.log.enabled}), and the
 * append itself (the adapter's sequencing statement for one entry, committed on its own, from as
 * many connections as clients). The three are measured in alternating blocks, A B C then C B A, at
 * each concurrency, so a change in the machine's load falls on all three. Reports per block pair
 * the attest p50 with the log on and off, their difference, the append's p50 and its share of the
 * log-on attest p50; then the median and range over the blocks.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.walletstate.bench.load.LogCostBench \
 *     --requests 300 --blocks 6 --warmup 200 --concurrency 1,8 --mine-every 2
 * </pre>
 */
public final class LogCostBench {

  private final FloorOptions options;
  private final HttpClient http = ServiceCalls.client();

  private LogCostBench(FloorOptions options) {
    this.options = options;
  }

  public static void main(String[] args) throws Exception {
    System.setProperty("sun.net.httpserver.nodelay", "true");
    new LogCostBench(FloorOptions.parse(args)).run();
    System.exit(0);
  }

  private void run() throws Exception {
    System.out.println("load before: " + BenchHost.loadAverage());
    Path work = Files.createTempDirectory("log-cost-bench-");
    try (Devnet devnet = Devnet.start(DevnetOptions.defaults().withChains(8453L));
        EmbeddedPostgres postgres =
            EmbeddedPostgres.builder()
                .setServerConfig("fsync", "on")
                .setServerConfig("synchronous_commit", "on")
                .start()) {
      if (options.mineEverySeconds > 0) {
        devnet.mineEvery(Duration.ofSeconds(options.mineEverySeconds));
      }
      String dbUrl = BenchHost.dbUrl(postgres.getPort());
      Map<String, String> properties = new LinkedHashMap<>();
      properties.put("quarkus.profile", "local");
      properties.put("walletstate.data-dir", work.resolve("data").toString());
      properties.put(
          "walletstate.chains.evm.\"8453\".endpoints", devnet.rpcUrls().get(8453L).toString());
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
        measure(logOn, logOff, devnet, "jdbc:" + dbUrl);
      }
    } finally {
      BenchHost.deleteTree(work.resolve("data"));
    }
    System.out.println("load after: " + BenchHost.loadAverage());
  }

  private void measure(ServiceProcess logOn, ServiceProcess logOff, Devnet devnet, String jdbc)
      throws Exception {
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
    String key = BenchKeys.create(jdbc, "postgres", "");
    String body = FloorBench.body(devnet);
    FloorBench.checkedPreimageSizes(
        http, logOn.base(), ServiceCalls.keyedPost(logOn.base(), "/v1/attest", key, body));
    Map<String, LoadRun.Operation> clients = new LinkedHashMap<>();
    clients.put(
        "log on",
        ServiceCalls.expectingOk(
            http, ServiceCalls.keyedPost(logOn.base(), "/v1/attest", key, body)));
    clients.put(
        "log off",
        ServiceCalls.expectingOk(
            http, ServiceCalls.keyedPost(logOff.base(), "/v1/attest", key, body)));
    try (Appends appends = new Appends(jdbc)) {
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
    for (int block = 0; block < options.blocks; block++) {
      List<String> order = new ArrayList<>(names);
      if (block % 2 == 1) {
        Collections.reverse(order);
      }
      for (String name : order) {
        LoadRun.Result r = LoadRun.run(clients.get(name), options.requests, concurrency);
        if (r.errors() > 0) {
          throw new IllegalStateException(name + ": " + r.errors() + " errors, " + r.firstError());
        }
        p50s.get(name)[block] = r.p50();
        System.out.printf(
            Locale.ROOT,
            "C=%d block %d %-8s p50 %7.3f ms  p99 %7.3f ms  %8.1f /s%n",
            concurrency,
            block,
            name,
            r.p50(),
            r.p99(),
            r.throughputPerSecond());
      }
    }
    return p50s;
  }

  private static void report(int concurrency, Map<String, double[]> p50s) {
    double[] on = p50s.get("log on");
    double[] off = p50s.get("log off");
    double[] append = p50s.get("append");
    double[] difference = new double[on.length];
    double[] share = new double[on.length];
    for (int b = 0; b < on.length; b++) {
      difference[b] = on[b] - off[b];
      share[b] = 100 * append[b] / on[b];
    }
    System.out.printf(
        Locale.ROOT,
        "| %d | %s | %s | %s | %s | %s |%n",
        concurrency,
        spread(on, "%.2f"),
        spread(off, "%.2f"),
        spread(difference, "%+.2f"),
        spread(append, "%.3f"),
        spread(share, "%.1f %%"));
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

  /** The adapter's append for one entry, on one connection per client thread, autocommit. */
  private static final class Appends implements LoadRun.Operation, AutoCloseable {
    private final String jdbc;
    private final AtomicLong next = new AtomicLong();
    private final List<Connection> opened = Collections.synchronizedList(new ArrayList<>());
    private final ThreadLocal<PreparedStatement> statement = new ThreadLocal<>();

    Appends(String jdbc) {
      this.jdbc = jdbc;
    }

    @Override
    public void run() throws Exception {
      PreparedStatement insert = statement.get();
      if (insert == null) {
        Connection db = DriverManager.getConnection(jdbc, "postgres", "");
        opened.add(db);
        insert = db.prepareStatement(LogTreeBench.APPEND);
        statement.set(insert);
      }
      long n = next.getAndIncrement();
      byte[] hash = new byte[32];
      for (int b = 0; b < 8; b++) {
        hash[b] = (byte) (n >>> (8 * b));
      }
      hash[31] = 1; // never the hash of a statement the services signed
      LoggedStatement entry =
          new LoggedStatement("bench_" + n, "attestation", "service-attest-v2", hash);
      insert.setString(1, entry.id());
      insert.setBytes(2, entry.statementHash());
      insert.setString(3, entry.kind());
      insert.setString(4, entry.kid());
      insert.setBytes(5, entry.leafHash());
      try (ResultSet rows = insert.executeQuery()) {
        rows.next();
      }
    }

    @Override
    public void close() throws SQLException {
      for (Connection db : opened) {
        db.close();
      }
    }
  }
}
