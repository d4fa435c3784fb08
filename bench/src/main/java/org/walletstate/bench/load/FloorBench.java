package org.walletstate.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetOptions;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.domain.account.ApiKey;
import org.walletstate.domain.attest.ReadPlan;
import org.walletstate.verifier.AttestationVerifier;
import org.walletstate.verifier.CanonicalJson;
import org.walletstate.verifier.KeySet;
import org.walletstate.verifier.Namespace;
import org.walletstate.verifier.PreimageScheme;
import org.walletstate.verifier.Preimages;
import org.walletstate.verifier.VerificationReport;

/**
 * The service against the floor ({@link FloorWork}) in one run: one {@code token_balance} on chain
 * 8453, the production jar on the devnet, the two clients alternated in ABBA blocks at each
 * concurrency so that a change in the machine's load falls on both. Reports p50/p99 and throughput
 * of each and their ratios, the service's resident memory idle and under load, and optionally a
 * flight recording of the service.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.walletstate.bench.load.FloorBench \
 *     --requests 500 --blocks 4 --concurrency 1,8 [--mine-every 2] [--delay-ms 80] [--jfr f.jfr]
 * </pre>
 */
public final class FloorBench {

  // Fields, constructor and main in the same shape as LogCostBench's and QuorumBench's by design:
  // each bench is a main class of its own over FloorOptions.
  private final FloorOptions options;
  private final HttpClient http = ServiceCalls.client();

  private FloorBench(FloorOptions options) {
    this.options = options;
  }

  public static void main(String[] args) throws Exception {
    BenchHost.proxyWithoutNagle();
    new FloorBench(FloorOptions.parse(args)).run();
    System.exit(0);
  }

  /** Starts the devnet (behind a delaying proxy if asked), PostgreSQL and the service. */
  private void run() throws Exception {
    String loadBefore = BenchHost.loadAverage();
    Instant started = Instant.now();
    Path work = Files.createTempDirectory("floor-bench-");
    FaultProxy proxy = null;
    try (Devnet devnet = Devnet.start(DevnetOptions.defaults().withChains(8453L));
        EmbeddedPostgres postgres = EmbeddedPostgres.builder().start()) {
      URI rpc = devnet.rpcUrls().get(8453L);
      if (options.mineEverySeconds > 0) {
        // anvil mines on transactions only unless told otherwise: give it a chain's rhythm
        devnet.mineEvery(Duration.ofSeconds(options.mineEverySeconds));
      }
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
      List<String> jvm = new ArrayList<>(options.jvmOptions);
      Path log = work.resolve("service.log");
      System.out.println("service log: " + log);
      try (ServiceProcess service =
          ServiceProcess.start(
              options.serviceJar, jvm, properties, BenchHost.database(dbUrl), log)) {
        measure(service, devnet, rpc, "jdbc:" + dbUrl, started, loadBefore);
      }
    } finally {
      if (proxy != null) {
        proxy.close();
      }
      BenchHost.deleteTree(work.resolve("data")); // the service's local signing keys; the log stays
    }
  }

  /** Warms the three clients up, measures them in ABBA blocks at each concurrency, reports. */
  private void measure(
      ServiceProcess service,
      Devnet devnet,
      URI rpc,
      String jdbc,
      Instant started,
      String loadBefore)
      throws Exception {
    Thread.sleep(3000);
    long rssIdleStart = service.rssKib();
    String key = BenchKeys.create(jdbc, "postgres", "");
    String body = body(devnet);
    HttpRequest request = ServiceCalls.keyedPost(service.base(), "/v1/attest", key, body);
    int[] sizes = checkedPreimageSizes(http, service.base(), request);
    try (FloorWork floor =
        new FloorWork(
            ReadPlan.of(RequestBodies.request(body)),
            Map.of(8453L, rpc),
            http,
            jdbc,
            keyId(jdbc, key),
            sizes[0],
            sizes[1])) {
      HttpRequest jwks =
          HttpRequest.newBuilder(service.base().resolve("/v1/jwks"))
              .timeout(Duration.ofSeconds(60))
              .build();
      Map<String, LoadRun.Operation> clients = new LinkedHashMap<>();
      clients.put("floor", floor);
      clients.put("service", ServiceCalls.expectingOk(http, request));
      clients.put("GET /v1/jwks", ServiceCalls.expectingOk(http, jwks));
      for (int round = 0; round < 3; round++) {
        for (LoadRun.Operation op : clients.values()) {
          LoadRun.run(op, options.warmup, 4);
        }
      }
      Thread.sleep(5000);
      long rssIdleWarm = service.rssKib();
      List<FloorReport.Merged> rows = new ArrayList<>();
      long rssPeak = recorded(service, () -> measureAll(clients, rows, service));
      FloorReport.write(
          rows,
          new FloorReport.Memory(rssIdleStart, rssIdleWarm, rssPeak, service.pid()),
          sizes,
          started,
          loadBefore,
          options);
    }
  }

  /** Work that measures and returns the service's peak resident set under it. */
  @FunctionalInterface
  private interface Measured {
    long run() throws Exception;
  }

  /** {@code blocks} under a flight recording when {@code --jfr} asks for one. */
  private long recorded(ServiceProcess service, Measured blocks) throws Exception {
    if (options.jfr != null) {
      // the profile covers the measured blocks only, not start-up and warm-up
      BenchHost.jcmd(
          service.pid(),
          "JFR.start",
          "name=floor",
          "settings=profile",
          "filename=" + options.jfr.toAbsolutePath());
    }
    long rssPeak = blocks.run();
    if (options.jfr != null) {
      BenchHost.jcmd(service.pid(), "JFR.stop", "name=floor");
      System.out.println("flight recording of the measured blocks: " + options.jfr);
    }
    return rssPeak;
  }

  private long measureAll(
      Map<String, LoadRun.Operation> clients, List<FloorReport.Merged> rows, ServiceProcess service)
      throws InterruptedException {
    long rssPeak = 0;
    for (int c : options.concurrency) {
      RssSampler sampler = new RssSampler(service);
      sampler.start();
      rows.addAll(abba(clients, c));
      rssPeak = Math.max(rssPeak, sampler.stop());
    }
    return rssPeak;
  }

  /** One {@code token_balance} (USDC) on 8453, the first scenario of {@link AttestLoad}. */
  static String body(Devnet devnet) {
    return "{\"wallet\":\""
        + devnet.manifest().wallet("holder").address()
        + "\",\"conditions\":[{\"type\":\"token_balance\",\"chainId\":8453,"
        + "\"contractAddress\":\""
        + devnet.manifest().chain(8453).address("usdc")
        + "\",\"threshold\":\"100\"}]}";
  }

  /**
   * Blocks in alternating order, A B C then C B A (A = floor, B = service, C = the service's HTTP
   * alone: {@code GET /v1/jwks}, a constant document, through the same client), repeated; each
   * block N timed requests.
   */
  private List<FloorReport.Merged> abba(Map<String, LoadRun.Operation> clients, int concurrency)
      throws InterruptedException {
    List<String> names = new ArrayList<>(clients.keySet());
    Map<String, List<LoadRun.Samples>> samples = new LinkedHashMap<>();
    names.forEach(n -> samples.put(n, new ArrayList<>()));
    for (String name : names) {
      LoadRun.run(clients.get(name), options.warmup, concurrency);
    }
    for (int block = 0; block < options.blocks; block++) {
      List<String> order = new ArrayList<>(names);
      if (block % 2 == 1) {
        Collections.reverse(order);
      }
      for (String name : order) {
        LoadRun.Samples s = LoadRun.sample(clients.get(name), options.requests, concurrency);
        samples.get(name).add(s);
        System.out.print(
            s.result()
                .blockLine(
                    "C=%d block %d %-8s p50 %7.2f ms  p99 %7.2f ms  %8.1f req/s  errors %d%s%n",
                    List.of(concurrency, block, name)));
      }
    }
    List<FloorReport.Merged> merged = new ArrayList<>();
    samples.forEach((name, list) -> merged.add(FloorReport.merge(name, concurrency, list)));
    return merged;
  }

  /** Checks the service's first answer with the SDK; the sizes of its two signed preimages. */
  static int[] checkedPreimageSizes(HttpClient http, URI base, HttpRequest request)
      throws Exception {
    KeySet keys =
        KeySet.parse(
            http.send(
                    HttpRequest.newBuilder(base.resolve("/v1/jwks")).build(),
                    HttpResponse.BodyHandlers.ofString())
                .body());
    String first = http.send(request, HttpResponse.BodyHandlers.ofString()).body();
    VerificationReport report = AttestationVerifier.builder(keys).build().report(first);
    if (!report.valid()) {
      throw new IllegalStateException("the service's answer does not verify: " + report);
    }
    JsonNode data = new ObjectMapper().readTree(first).path("data");
    Preimages preimages = Preimages.of(Namespace.SERVICE);
    byte[] preimage =
        preimages.attestation(
            PreimageScheme.V2, CanonicalJson.parse(data.toString()).get("attestation"));
    return new int[] {preimage.length, preimages.attestationCompanion(preimage).length};
  }

  static long keyId(String jdbc, String key) throws Exception {
    try (Connection db = DriverManager.getConnection(jdbc, "postgres", "");
        PreparedStatement find = db.prepareStatement("select id from api_key where key_hash = ?")) {
      find.setString(1, ApiKey.parse(key).orElseThrow().hash().hex());
      try (ResultSet rows = find.executeQuery()) {
        rows.next();
        return rows.getLong(1);
      }
    }
  }
}
