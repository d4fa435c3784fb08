package org.walletstate.bench.load;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetOptions;
import org.walletstate.devnet.ForkedNode;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.devnet.faults.ProxyCounts;
import org.walletstate.verifier.AttestationVerifier;
import org.walletstate.verifier.KeySet;

/**
 * Quorum reads against single-provider reads in one run: the same {@code token_balance} attest
 * (USDC on 8453) without and with {@code "assurance": "quorum"}, alternated in ABBA blocks at each
 * concurrency. Chain 8453 has two providers: the devnet's node ({@code origin}, also the
 * single-provider endpoint) and an anvil forked from it ({@code fork}); each behind its own fault
 * proxy, which with {@code --delay-ms} adds that much to every exchange. Nothing is mined during
 * the run (the fork does not follow its origin), so both hold the same head.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.walletstate.bench.load.QuorumBench \
 *     --requests 200 --blocks 4 --warmup 100 --concurrency 1 [--delay-ms 80] [--property k=v]...
 * </pre>
 */
public final class QuorumBench {

  private static final long CHAIN = 8453L;

  private final FloorOptions options;
  private final HttpClient http = ServiceCalls.client();

  private QuorumBench(FloorOptions options) {
    this.options = options;
  }

  public static void main(String[] args) throws Exception {
    BenchHost.proxyWithoutNagle();
    FloorOptions options = FloorOptions.parse(args);
    if (options.mineEverySeconds > 0) {
      System.err.println("--mine-every is not supported: the forked provider does not mine");
      System.exit(2);
    }
    new QuorumBench(options).run();
    System.exit(0);
  }

  private void run() throws Exception {
    String loadBefore = BenchHost.loadAverage();
    Instant started = Instant.now();
    Path work = Files.createTempDirectory("quorum-bench-");
    try (Devnet devnet = Devnet.start(DevnetOptions.defaults().withChains(CHAIN));
        ForkedNode fork = ForkedNode.of(devnet, CHAIN);
        FaultProxy origin = options.proxied(devnet.rpcUrls().get(CHAIN));
        FaultProxy forked = options.proxied(fork.url());
        EmbeddedPostgres postgres = EmbeddedPostgres.builder().start()) {
      String dbUrl = BenchHost.dbUrl(postgres.getPort());
      String chain = "walletstate.chains.evm.\"" + CHAIN + "\".";
      Map<String, String> properties = new LinkedHashMap<>();
      properties.put("quarkus.profile", "local");
      properties.put("walletstate.data-dir", work.resolve("data").toString());
      properties.put(chain + "endpoints", origin.url().toString());
      properties.put(chain + "providers.origin.endpoints", origin.url().toString());
      properties.put(chain + "providers.fork.endpoints", forked.url().toString());
      properties.put(chain + "quorum", "2");
      properties.putAll(options.serviceProperties);
      Path log = work.resolve("service.log");
      System.out.println("service log: " + log);
      try (ServiceProcess service =
          ServiceProcess.start(
              options.serviceJar, options.jvmOptions, properties, BenchHost.database(dbUrl), log)) {
        measure(service, devnet, "jdbc:" + dbUrl, started, loadBefore, List.of(origin, forked));
      }
    } finally {
      BenchHost.deleteTree(work.resolve("data"));
    }
  }

  private void measure(
      ServiceProcess service,
      Devnet devnet,
      String jdbc,
      Instant started,
      String loadBefore,
      List<FaultProxy> proxies)
      throws Exception {
    String key = BenchKeys.create(jdbc, "postgres", "");
    String single = FloorBench.body(devnet);
    String quorum = single.substring(0, single.length() - 1) + ",\"assurance\":\"quorum\"}";
    HttpRequest singleRequest = ServiceCalls.keyedPost(service.base(), "/v1/attest", key, single);
    HttpRequest quorumRequest = ServiceCalls.keyedPost(service.base(), "/v1/attest", key, quorum);
    // both answers verify with the SDK before anything is timed, the quorum one as quorum 2/2
    FloorBench.checkedPreimageSizes(http, service.base(), singleRequest);
    requireQuorum(service.base(), quorumRequest);
    Map<String, LoadRun.Operation> clients = new LinkedHashMap<>();
    clients.put("single", ServiceCalls.expectingOk(http, singleRequest));
    clients.put("quorum", ServiceCalls.expectingOk(http, quorumRequest));
    for (int round = 0; round < 2; round++) {
      for (LoadRun.Operation op : clients.values()) {
        LoadRun.run(op, options.warmup, 1);
      }
    }
    List<FloorReport.Merged> rows = new ArrayList<>();
    for (int c : options.concurrency) {
      rows.addAll(abba(clients, c, proxies));
    }
    report(rows, started, loadBefore);
  }

  /** The service's quorum answer verifies with the SDK and reads quorum 2 of 2. */
  private void requireQuorum(URI base, HttpRequest request) throws Exception {
    KeySet keys =
        KeySet.parse(
            http.send(
                    HttpRequest.newBuilder(base.resolve("/v1/jwks")).build(),
                    HttpResponse.BodyHandlers.ofString())
                .body());
    String answer = http.send(request, HttpResponse.BodyHandlers.ofString()).body();
    AttestationVerifier.builder(keys).build().verify(answer).requireQuorum(2);
  }

  /**
   * Blocks in the order single, quorum, then quorum, single, repeated; after each block, the
   * JSON-RPC calls each provider's proxy received during it, per method (the head polls of both
   * readers' followed heads included).
   */
  private List<FloorReport.Merged> abba(
      Map<String, LoadRun.Operation> clients, int concurrency, List<FaultProxy> proxies)
      throws InterruptedException {
    Map<String, List<LoadRun.Samples>> samples = new LinkedHashMap<>();
    clients.keySet().forEach(n -> samples.put(n, new ArrayList<>()));
    for (int block = 0; block < options.blocks; block++) {
      List<String> order = new ArrayList<>(clients.keySet());
      if (block % 2 == 1) {
        Collections.reverse(order);
      }
      for (String name : order) {
        List<ProxyCounts> before = proxies.stream().map(FaultProxy::counts).toList();
        LoadRun.Samples s = LoadRun.sample(clients.get(name), options.requests, concurrency);
        samples.get(name).add(s);
        System.out.printf(
            Locale.ROOT,
            "C=%d block %d %-7s p50 %7.2f ms  p90 %7.2f ms  errors %d%s%n",
            concurrency,
            block,
            name,
            s.result().p50(),
            s.result().p90(),
            s.result().errors(),
            s.result().firstError() == null ? "" : " (" + s.result().firstError() + ")");
        for (int i = 0; i < proxies.size(); i++) {
          System.out.printf(
              Locale.ROOT,
              "    %-6s calls during the block: %s%n",
              i == 0 ? "origin" : "fork",
              callsSince(before.get(i), proxies.get(i).counts()));
        }
      }
    }
    List<FloorReport.Merged> merged = new ArrayList<>();
    samples.forEach((name, list) -> merged.add(FloorReport.merge(name, concurrency, list)));
    return merged;
  }

  private static Map<String, Long> callsSince(ProxyCounts before, ProxyCounts after) {
    Map<String, Long> calls = new TreeMap<>();
    after.callsByMethod().forEach((method, n) -> calls.put(method, n - before.calls(method)));
    calls.values().removeIf(n -> n == 0);
    return calls;
  }

  private void report(List<FloorReport.Merged> rows, Instant started, String loadBefore)
      throws Exception {
    StringBuilder table =
        new StringBuilder(
            "| C | reads | N | errors | p50 ms | p90 ms | p99 ms | req/s | p50 ÷ single |\n"
                + "|---:|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for (FloorReport.Merged row : rows) {
      FloorReport.Merged single = row.of("single", rows);
      table.append(row.cells());
      table.append(
          String.format(
              Locale.ROOT,
              " %s |%n",
              row == single ? "–" : String.format(Locale.ROOT, "%.2f×", row.p50() / single.p50())));
    }
    String machine = BenchHost.machine(loadBefore, started, "settings " + options.describe());
    System.out.println();
    System.out.println(table);
    System.out.println(machine);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("machine", machine);
    out.put("rows", rows);
    BenchHost.writeResults(Path.of("bench/target/quorum-bench.json"), out);
  }
}
