package org.walletstate.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.JsonRpc;
import org.walletstate.domain.attest.ReadPlan;

/**
 * Paid attests against key-paid attests and against their floors in one run (docs/performance.md,
 * "Pay-per-call throughput"): the built service on an embedded PostgreSQL and a devnet of its own
 * whose chains mine a block every {@code --block-time} seconds, settling through its own relayer.
 * For each payer count P, four clients each send P × {@code --rounds} calls from P threads, in ABBA
 * blocks: the paid floor ({@link SettlementFloor}), paid attests (a fresh EIP-3009 authorization
 * per call, each thread its own payer, each answer released after its settlement mined), key-paid
 * attests, the key-paid floor ({@link FloorWork}); then the same in reverse. The calls in flight
 * are sampled every 100 ms ({@link InFlight}).
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.walletstate.bench.load.PaidLoad --payers 8,32 --rounds 10
 *     [--blocks 2] [--block-time 2] [--sender-eth 1e30] [--service-jar JAR]
 * </pre>
 */
public final class PaidLoad {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String PAID_FLOOR = PaidReport.PAID_FLOOR;
  private static final String PAID = PaidReport.PAID;
  private static final String KEYED = PaidReport.KEYED;
  private static final String KEY_FLOOR = PaidReport.KEY_FLOOR;

  private final HttpClient http = ServiceCalls.client();
  private final List<PaidReport.Row> rows = new ArrayList<>();
  private List<Integer> payerCounts = List.of(8, 32);
  private int rounds = 10;
  private int blocks = 2;
  private int blockTime = 2;
  private BigDecimal senderEth;
  private Supplier<String> gasPrice;
  private Path jar = Path.of("adapters-http", "target", "quarkus-app", "quarkus-run.jar");

  public static void main(String[] args) throws Exception {
    PaidLoad load = new PaidLoad();
    for (int i = 0; i + 1 < args.length; i += 2) {
      String value = args[i + 1];
      switch (args[i]) {
        case "--payers" ->
            load.payerCounts = List.of(value.split(",")).stream().map(Integer::parseInt).toList();
        case "--rounds" -> load.rounds = Integer.parseInt(value);
        case "--blocks" -> load.blocks = Integer.parseInt(value);
        case "--block-time" -> load.blockTime = Integer.parseInt(value);
        case "--sender-eth" -> load.senderEth = new BigDecimal(value);
        case "--service-jar" -> load.jar = Path.of(value);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    load.run();
    // the devnet's and the JDK client's threads must not keep the JVM alive
    System.exit(0);
  }

  private void run() throws Exception {
    String loadBefore = BenchHost.loadAverage();
    Instant started = Instant.now();
    Path work = Files.createTempDirectory("paid-load-");
    try (Devnet devnet = Devnet.start();
        EmbeddedPostgres postgres = EmbeddedPostgres.builder().start()) {
      String dbUrl = BenchHost.dbUrl(postgres.getPort());
      Path log = work.resolve("service.log");
      System.out.printf("starting the service, log %s%n", log);
      try (ServiceProcess service =
          ServiceProcess.start(jar, properties(devnet, work), BenchHost.database(dbUrl), log)) {
        measure(devnet, service.base(), "jdbc:" + dbUrl);
      }
    }
    report(started, loadBefore);
  }

  private Map<String, String> properties(Devnet devnet, Path work) {
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put("quarkus.profile", "local");
    properties.put("walletstate.data-dir", work.resolve("data").toString());
    properties.put("walletstate.rate-limits.enabled", "false");
    properties.put(
        "walletstate.x402.relayer-key",
        devnet.manifest().wallet("relayer").privateKey().orElseThrow());
    devnet
        .rpcUrls()
        .forEach(
            (id, url) ->
                properties.put("walletstate.chains.evm.\"" + id + "\".endpoints", url.toString()));
    return properties;
  }

  private void measure(Devnet devnet, URI base, String jdbc) throws Exception {
    DevnetManifest m = devnet.manifest();
    String key = BenchKeys.create(jdbc, "postgres", "");
    String body = body(m);
    int[] sizes =
        FloorBench.checkedPreimageSizes(http, base, request(base, body, "X-API-Key", key));
    JsonNode quote = X402Payers.quote(http, base, body);
    int most = payerCounts.stream().mapToInt(Integer::intValue).max().orElse(1);
    // each payer count: the warm-up round and the timed blocks, paid and floor
    int calls = payerCounts.size() * (2 + 2 * blocks * rounds);
    X402Payers payers = X402Payers.funded(devnet, quote, most, calls);
    paceChain(devnet);
    try (FloorWork attest =
            new FloorWork(
                ReadPlan.of(RequestBodies.request(body)),
                devnet.rpcUrls(),
                http,
                jdbc,
                FloorBench.keyId(jdbc, key),
                sizes[0],
                sizes[1]);
        Connection db = InFlight.connect(jdbc)) {
      SettlementFloor floor =
          new SettlementFloor(attest, payers, devnet.rpc(X402Payers.BASE), m.deployer().address());
      Map<String, Supplier<LoadRun.Operation>> clients = new LinkedHashMap<>();
      clients.put(PAID_FLOOR, floor::paid);
      clients.put(
          PAID,
          () -> {
            var own = payers.onePerThread();
            return () ->
                call(
                    request(base, body, "PAYMENT-SIGNATURE", payers.authorize(own.get()).header()));
          });
      clients.put(KEYED, () -> () -> call(request(base, body, "X-API-Key", key)));
      clients.put(KEY_FLOOR, floor::keyPaid);
      Map<String, Callable<Long>> inFlight =
          Map.of(PAID_FLOOR, () -> (long) floor.inFlight(), PAID, InFlight.openPayments(db));
      for (int count : payerCounts) {
        abba(count, clients, inFlight);
      }
    }
  }

  /** One {@code token_balance} on chain 10, the request every client pays for. */
  private static String body(DevnetManifest m) throws IOException {
    return JSON.writeValueAsString(
        Map.of(
            "wallet",
            m.wallet("holder").address(),
            "conditions",
            List.of(
                Map.of(
                    "type",
                    "token_balance",
                    "chainId",
                    10,
                    "contractAddress",
                    m.chain(10).address("token6"),
                    "threshold",
                    "1"))));
  }

  /**
   * Mines a block every {@code blockTime}, funds the senders for the run's gas when asked, and
   * reads the gas price for the block lines.
   */
  private void paceChain(Devnet devnet) {
    DevnetManifest m = devnet.manifest();
    if (senderEth != null) {
      // the relayer prices each transaction at twice eth_gasPrice, which follows what the last
      // block paid: on a chain that carries little else, the price doubles every block
      // (docs/performance.md); with --sender-eth both senders can pay that for the whole run
      String wei = "0x" + senderEth.movePointRight(18).toBigIntegerExact().toString(16);
      for (String sender : List.of(m.wallet("relayer").address(), m.deployer().address())) {
        devnet.rpc(X402Payers.BASE).call("anvil_setBalance", sender, wei);
      }
    }
    devnet.mineEvery(Duration.ofSeconds(blockTime));
    gasPrice =
        () ->
            new BigDecimal(
                        JsonRpc.quantity(devnet.rpc(X402Payers.BASE).call("eth_gasPrice").asText()))
                    .movePointLeft(9)
                    .round(new java.math.MathContext(3))
                    .toPlainString()
                + " gwei";
  }

  /**
   * Warm-up of every client, then {@code blocks} timed blocks of P × rounds calls, every other one
   * in reverse order (ABBA), so that the shared machine's load falls on all clients alike.
   */
  private void abba(
      int count,
      Map<String, Supplier<LoadRun.Operation>> clients,
      Map<String, Callable<Long>> inFlight)
      throws Exception {
    List<String> names = new ArrayList<>(clients.keySet());
    Map<String, List<LoadRun.Samples>> samples = new LinkedHashMap<>();
    Map<String, List<String>> flights = new LinkedHashMap<>();
    for (String name : names) {
      samples.put(name, new ArrayList<>());
      flights.put(name, new ArrayList<>());
      // a paid warm-up is a block's wait per call: one call per payer; the key-paid paths get 200
      LoadRun.run(clients.get(name).get(), inFlight.containsKey(name) ? count : 200, count);
    }
    for (int block = 0; block < blocks; block++) {
      List<String> order = new ArrayList<>(names);
      if (block % 2 == 1) {
        Collections.reverse(order);
      }
      for (String name : order) {
        LoadRun.Samples s;
        InFlight sampler = InFlight.sampling(inFlight.getOrDefault(name, () -> 0L));
        try (sampler) {
          s = LoadRun.sample(clients.get(name).get(), count * rounds, count);
        }
        samples.get(name).add(s);
        flights.get(name).add(sampler.summary());
        System.out.print(
            s.result()
                .blockLine(
                    "P=%d block %d %-16s p50 %8.1f ms  p99 %8.1f ms  %7.2f req/s  errors %d%s%s%s%n",
                    List.of(count, block, name),
                    inFlight.containsKey(name) ? "  in flight " + sampler.summary() : "",
                    inFlight.containsKey(name) ? "  gas price now " + gasPrice.get() : ""));
      }
    }
    for (String name : names) {
      String flight = inFlight.containsKey(name) ? String.join(", ", flights.get(name)) : "–";
      rows.add(new PaidReport.Row(count, name, LoadRun.merge(samples.get(name)), flight));
    }
  }

  private void report(Instant started, String loadBefore) {
    // Only its details differ from FloorReport's machine line, by design: each run names its own
    // settings.
    String machine =
        BenchHost.machine(
            loadBefore,
            started,
            String.format(
                Locale.ROOT,
                "%d rounds, %d blocks, a block every %d s",
                rounds,
                blocks,
                blockTime));
    System.out.println();
    System.out.print(new PaidReport(rows).table(payerCounts));
    System.out.println(machine);
  }

  private HttpRequest request(URI base, String body, String header, String value) {
    return HttpRequest.newBuilder(base.resolve("/v1/attest"))
        .timeout(Duration.ofSeconds(90))
        .header("Content-Type", "application/json")
        .header(header, value)
        .POST(HttpRequest.BodyPublishers.ofString(body))
        .build();
  }

  private void call(HttpRequest request) throws Exception {
    HttpResponse<String> answer = http.send(request, HttpResponse.BodyHandlers.ofString());
    if (answer.statusCode() != 200) {
      throw new IllegalStateException(answer.statusCode() + " " + answer.body());
    }
  }
}
