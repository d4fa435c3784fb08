package org.walletstate.bench.load;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetOptions;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.devnet.faults.ProxyCounts;

/**
 * Watches at scale on the devnet: N active watches ({@code token_balance} of a fresh wallet, 1 raw
 * unit of the chain's 6-decimal token, false when created) over chains 1, 8453 and 10, written
 * directly into PostgreSQL (through the API, a key may have 25), anvil mining every 2 s, the
 * service with head following on and a local webhook receiver. Each round mints 1 unit to K watched
 * wallets per chain (one block per chain) and measures, per chain, the time from the moment the
 * block is first seen on the node (polled every 20 ms) to the last delivery of its changes. Round
 * trips: each chain's node sits behind a counting proxy, so the HTTP requests (round trips) and
 * {@code eth_call}s the service makes are counted per block over a quiet window, besides the
 * service's own {@code walletstate_chain_round_trips_total}. The floor: the same reads (one
 * Multicall3 {@code aggregate3} of every watched wallet's {@code balanceOf}, and the token's {@code
 * decimals}) made directly to each node, the three chains at once.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.walletstate.bench.load.WatchBench \
 *     --watches 10000 --changes 10 --rounds 5 [--property k=v]...
 * </pre>
 */
public final class WatchBench {

  static final List<Long> CHAINS = List.of(1L, 8453L, 10L);

  private WatchBench() {}

  public static void main(String[] args) throws Exception {
    BenchHost.proxyWithoutNagle();
    WatchBenchOptions options = WatchBenchOptions.parse(args);
    run(options);
    System.exit(0);
  }

  private static void run(WatchBenchOptions options) throws Exception {
    System.out.println("load before: " + BenchHost.loadAverage());
    Path work = Files.createTempDirectory("watch-bench-");
    Map<Long, FaultProxy> proxies = new LinkedHashMap<>();
    try (Devnet devnet = Devnet.start(DevnetOptions.defaults());
        EmbeddedPostgres postgres = EmbeddedPostgres.builder().start();
        WatchReceiver receiver = new WatchReceiver()) {
      devnet.mineEvery(Duration.ofSeconds(2));
      for (long chain : CHAINS) {
        proxies.put(chain, FaultProxy.inFrontOf(devnet.rpcUrls().get(chain)));
      }
      String dbUrl = BenchHost.dbUrl(postgres.getPort());
      Map<String, String> properties = new LinkedHashMap<>();
      properties.put("quarkus.profile", "local");
      properties.put("walletstate.data-dir", work.resolve("data").toString());
      for (long chain : CHAINS) {
        properties.put(
            "walletstate.chains.evm.\"" + chain + "\".endpoints",
            proxies.get(chain).url().toString());
      }
      properties.put("walletstate.chains.evm-reads.head-following", "true");
      properties.put("walletstate.watches.evaluate-batch", Integer.toString(options.watches));
      properties.put("walletstate.watches.test.allow-http", "true");
      properties.put("walletstate.watches.test.allowed-loopback-addresses", "127.0.0.1");
      properties.putAll(options.serviceProperties);
      Path log = work.resolve("service.log");
      System.out.println("service log: " + log);
      try (ServiceProcess service =
          ServiceProcess.start(
              options.serviceJar, List.of(), properties, BenchHost.database(dbUrl), log)) {
        measure(options, devnet, service, proxies, receiver, "jdbc:" + dbUrl);
      }
    } finally {
      proxies.values().forEach(FaultProxy::close);
      BenchHost.deleteTree(work.resolve("data"));
    }
    System.out.println("load after: " + BenchHost.loadAverage());
  }

  private static void measure(
      WatchBenchOptions options,
      Devnet devnet,
      ServiceProcess service,
      Map<Long, FaultProxy> proxies,
      WatchReceiver receiver,
      String jdbc)
      throws Exception {
    BenchKeys.create(jdbc, "postgres", "");
    WatchRows rows = WatchRows.insert(jdbc, devnet, options.watches, receiver.base());
    System.out.printf(
        Locale.ROOT, "%d watches written in %d ms%n", options.watches, rows.insertMillis());
    rows.awaitEvaluated(Duration.ofMinutes(5));
    try (HeadWatch heads = HeadWatch.start(devnet, CHAINS)) {
      roundTrips(service, proxies, heads, Duration.ofSeconds(options.quietSeconds));
      List<WatchFlips.Round> latencies = new ArrayList<>();
      for (int round = 0; round < options.rounds; round++) {
        latencies.add(WatchFlips.round(devnet, rows, receiver, heads, options.changes));
        System.out.printf(
            Locale.ROOT,
            "round %d: block → last delivery %s ms%n",
            round,
            latencies.get(round).latency());
      }
      WatchFlips.report(latencies);
      System.out.printf(
          "read_failed watches after the run: %d%n", rows.count("status = 'read_failed'"));
    }
    RawMulticallFloor.report(devnet, rows, options.floorRepeats);
  }

  /** Round trips per block per chain over a window without changes. */
  private static void roundTrips(
      ServiceProcess service, Map<Long, FaultProxy> proxies, HeadWatch heads, Duration window)
      throws Exception {
    Map<Long, ProxyCounts> before = new LinkedHashMap<>();
    Map<Long, Long> blocksBefore = new LinkedHashMap<>();
    Map<Long, Double> metricsBefore = readRoundTrips(service.management());
    for (long chain : CHAINS) {
      before.put(chain, proxies.get(chain).counts());
      blocksBefore.put(chain, heads.latest(chain));
    }
    Thread.sleep(window.toMillis());
    Map<Long, Double> metricsAfter = readRoundTrips(service.management());
    System.out.printf(
        Locale.ROOT,
        "round trips over %d s without changes (the watches' evaluations; head following's polls"
            + " are eth_getBlockByNumber):%n",
        window.toSeconds());
    System.out.println(
        "| chain | blocks | HTTP requests / block | of which not head polls | eth_call / block"
            + " | eth_getBlockByNumber / block | service read round trips / block |");
    System.out.println("|---:|---:|---:|---:|---:|---:|---:|");
    for (long chain : CHAINS) {
      ProxyCounts after = proxies.get(chain).counts();
      long blocks = heads.latest(chain) - blocksBefore.get(chain);
      double reads = metricsAfter.getOrDefault(chain, 0.0) - metricsBefore.getOrDefault(chain, 0.0);
      long requests = after.requests() - before.get(chain).requests();
      // a head poll is an HTTP request of its own, one eth_getBlockByNumber
      long polls =
          after.calls("eth_getBlockByNumber") - before.get(chain).calls("eth_getBlockByNumber");
      System.out.printf(
          Locale.ROOT,
          "| %d | %d | %.2f | %.2f | %.2f | %.2f | %.2f |%n",
          chain,
          blocks,
          requests / (double) blocks,
          (requests - polls) / (double) blocks,
          (after.calls("eth_call") - before.get(chain).calls("eth_call")) / (double) blocks,
          polls / (double) blocks,
          reads / blocks);
    }
    for (long chain : CHAINS) {
      Map<String, Long> calls =
          new java.util.TreeMap<>(proxies.get(chain).counts().callsByMethod());
      before.get(chain).callsByMethod().forEach((method, n) -> calls.merge(method, -n, Long::sum));
      System.out.printf(Locale.ROOT, "chain %d, JSON-RPC calls in the window: %s%n", chain, calls);
    }
  }

  /** The service's {@code walletstate_chain_round_trips_total{operation="read"}} per chain. */
  private static Map<Long, Double> readRoundTrips(URI management) throws Exception {
    HttpClient http = ServiceCalls.client();
    String text =
        http.send(
                HttpRequest.newBuilder(management.resolve("/q/metrics")).build(),
                HttpResponse.BodyHandlers.ofString())
            .body();
    Map<Long, Double> reads = new LinkedHashMap<>();
    java.util.regex.Pattern series =
        java.util.regex.Pattern.compile(
            "^walletstate_chain_round_trips_total\\{(?=[^}]*operation=\"read\")"
                + "(?=[^}]*chain=\"(\\d+)\")[^}]*\\} ([0-9.eE+-]+)");
    for (String line : text.split("\n")) {
      java.util.regex.Matcher m = series.matcher(line);
      if (m.find()) {
        reads.merge(Long.parseLong(m.group(1)), Double.parseDouble(m.group(2)), Double::sum);
      }
    }
    return reads;
  }

  /** A watch's webhook URL: its chain and wallet in the path, for the receiver to tell. */
  static URI url(URI base, long chain, String wallet) {
    return base.resolve("/chain/" + chain + "/" + wallet);
  }
}
