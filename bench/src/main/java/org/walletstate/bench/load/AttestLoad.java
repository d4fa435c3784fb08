package org.walletstate.bench.load;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.domain.attest.ReadPlan;
import org.walletstate.verifier.AttestationVerifier;
import org.walletstate.verifier.KeySet;
import org.walletstate.verifier.VerificationReport;

/**
 * The attest load benchmark: {@code POST /v1/attest} on the built service against the local devnet,
 * set against {@link BaselineReads}, a minimal batched JSON-RPC client making the same reads. For
 * each scenario and concurrency it runs a warm-up, then N timed requests, and reports p50/p90/p99
 * latency, throughput and the service-to-baseline ratio.
 *
 * <p>By default it starts everything itself: a devnet of its own, an embedded PostgreSQL, and the
 * service jar twice, once with the read cache off (the service makes every read the baseline makes)
 * and once with the default cache. With {@code --service URL --key KEY --manifest FILE} it uses a
 * service that is already running against the devnet that manifest describes.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.walletstate.bench.load.AttestLoad \
 *     --requests 1000 --warmup 300 --concurrency 1,4,16
 * </pre>
 */
public final class AttestLoad {

  private static final String FLOOR = "GET /v1/credits (no chain, no signing)";

  /** A request body to measure. */
  record Scenario(String name, String body) {}

  private final AttestLoadOptions options;
  private final HttpClient http = ServiceCalls.client();
  private final AttestReport report = new AttestReport();

  private AttestLoad(AttestLoadOptions options) {
    this.options = options;
  }

  public static void main(String[] args) throws Exception {
    AttestLoadOptions options = AttestLoadOptions.parse(args);
    new AttestLoad(options).run();
    // the devnet's and the JDK client's threads must not keep the JVM alive
    System.exit(0);
  }

  private void run() throws Exception {
    String loadBefore = BenchHost.loadAverage();
    Instant started = Instant.now();
    if (options.service != null) {
      DevnetManifest manifest = DevnetManifest.read(options.manifest);
      List<Scenario> scenarios = scenarios(manifest);
      measureService("service", options.service, options.key, scenarios);
      measureBaseline(scenarios, manifest.rpcUrls());
    } else {
      selfContained();
    }
    report.write(started, loadBefore, BenchHost.loadAverage(), options);
  }

  private void selfContained() throws Exception {
    Path work = Files.createTempDirectory("attest-load-");
    try (Devnet devnet = Devnet.start();
        EmbeddedPostgres postgres = EmbeddedPostgres.builder().start()) {
      List<Scenario> scenarios = scenarios(devnet.manifest());
      String dbUrl = BenchHost.dbUrl(postgres.getPort());
      for (boolean cache : options.cacheModes) {
        Map<String, String> properties =
            serviceProperties(devnet.rpcUrls(), work.resolve("data"), cache);
        Path log = work.resolve(cache ? "service-cache-on.log" : "service-cache-off.log");
        System.out.printf(
            "starting the service (read cache %s), log %s%n", cache ? "on" : "off", log);
        try (ServiceProcess service =
            ServiceProcess.start(options.serviceJar, properties, BenchHost.database(dbUrl), log)) {
          String key = BenchKeys.create("jdbc:" + dbUrl, "postgres", "");
          measureService(
              cache ? "service, read cache on" : "service, read cache off",
              service.base(),
              key,
              scenarios);
        }
      }
      measureBaseline(scenarios, devnet.rpcUrls());
    } finally {
      BenchHost.deleteTree(work.resolve("data")); // the service's local signing keys; the logs stay
    }
  }

  /**
   * The service's settings for a run against the devnet's chains: profile {@code local}, its data
   * (local signing keys) in {@code dataDir}, the read cache on (the default) or off.
   */
  static Map<String, String> serviceProperties(
      Map<Long, URI> rpcUrls, Path dataDir, boolean cache) {
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put("quarkus.profile", "local");
    properties.put("walletstate.data-dir", dataDir.toString());
    rpcUrls.forEach(
        (id, url) ->
            properties.put("walletstate.chains.evm.\"" + id + "\".endpoints", url.toString()));
    if (!cache) {
      properties.put("walletstate.chains.evm-reads.cache-entries", "0");
    }
    return properties;
  }

  /** The request bodies measured: a small one and a wider one across the three chains. */
  static List<Scenario> scenarios(DevnetManifest m) {
    String holder = m.wallet("holder").address();
    List<Scenario> scenarios = new ArrayList<>();
    scenarios.add(
        new Scenario(
            "1 condition on 1 chain",
            "{\"wallet\":\""
                + holder
                + "\",\"conditions\":[{\"type\":\"token_balance\",\"chainId\":8453,"
                + "\"contractAddress\":\""
                + m.chain(8453).address("usdc")
                + "\",\"threshold\":\"100\"}]}"));
    scenarios.add(
        new Scenario(
            "6 conditions on 3 chains",
            "{\"wallet\":\""
                + holder
                + "\",\"conditions\":["
                + "{\"type\":\"token_balance\",\"chainId\":1,\"contractAddress\":\""
                + m.chain(1).address("token6")
                + "\",\"threshold\":\"1000\"},"
                + "{\"type\":\"account_code\",\"chainId\":1,\"expect\":\"none\"},"
                + "{\"type\":\"nft_ownership\",\"chainId\":8453,\"contractAddress\":\""
                + m.chain(8453).address("nft")
                + "\"},"
                + "{\"type\":\"eas_attestation\",\"template\":\"exchange_verified_account\"},"
                + "{\"type\":\"eas_attestation\",\"template\":\"humanity_passport_score\"},"
                + "{\"type\":\"farcaster_id\"}]}"));
    return scenarios;
  }

  private void measureService(String client, URI base, String key, List<Scenario> scenarios)
      throws Exception {
    Map<Scenario, LoadRun.Operation> attests = new LinkedHashMap<>();
    for (Scenario scenario : scenarios) {
      attests.put(scenario, verifiedAttest(http, base, key, scenario.body()));
    }
    warmUp(attests);
    attests.forEach((scenario, attest) -> measure(scenario, client, attest));
    measureFloor(client, base, key);
  }

  /**
   * {@code POST /v1/attest} of {@code body} as an operation that fails on any answer but 200, after
   * checking with the SDK that the service's first answer to it verifies against its key set.
   */
  static LoadRun.Operation verifiedAttest(HttpClient http, URI base, String key, String body)
      throws IOException, InterruptedException {
    HttpRequest jwks = HttpRequest.newBuilder(base.resolve("/v1/jwks")).build();
    KeySet keys = KeySet.parse(http.send(jwks, HttpResponse.BodyHandlers.ofString()).body());
    HttpRequest request = ServiceCalls.keyedPost(base, "/v1/attest", key, body);
    String first = http.send(request, HttpResponse.BodyHandlers.ofString()).body();
    VerificationReport report = AttestationVerifier.builder(keys).build().report(first);
    if (!report.valid()) {
      throw new IllegalStateException(
          "the service's answer does not verify (" + report + "): " + first);
    }
    return ServiceCalls.expectingOk(http, request);
  }

  /**
   * Brings a freshly started JVM to speed on every path before anything is timed, so the scenario
   * measured first does not pay for the JIT: each scenario three times the warm-up count, at
   * concurrency 4, round by round.
   */
  private void warmUp(Map<Scenario, LoadRun.Operation> operations) throws InterruptedException {
    for (int round = 0; round < 3; round++) {
      for (LoadRun.Operation operation : operations.values()) {
        LoadRun.run(operation, options.warmup, 4);
      }
    }
  }

  /**
   * The service's floor without chains or signing: {@code GET /v1/credits} authenticates the key,
   * counts the request against the daily limit and reads the balance, as every attest does.
   */
  private void measureFloor(String client, URI base, String key) {
    HttpRequest request =
        HttpRequest.newBuilder(base.resolve("/v1/credits"))
            .header("X-API-Key", key)
            .timeout(Duration.ofSeconds(60))
            .build();
    measure(new Scenario(FLOOR, ""), client, ServiceCalls.expectingOk(http, request));
  }

  private void measureBaseline(List<Scenario> scenarios, Map<Long, URI> rpcUrls) throws Exception {
    Map<Scenario, LoadRun.Operation> observations = new LinkedHashMap<>();
    for (Scenario scenario : scenarios) {
      BaselineReads baseline =
          new BaselineReads(ReadPlan.of(RequestBodies.request(scenario.body())), rpcUrls, http);
      observations.put(scenario, baseline::observe);
    }
    warmUp(observations);
    observations.forEach(
        (scenario, observe) -> measure(scenario, "baseline (raw batched JSON-RPC)", observe));
  }

  private void measure(Scenario scenario, String client, LoadRun.Operation operation) {
    for (int concurrency : options.concurrency) {
      LoadRun.Result result;
      try {
        LoadRun.run(operation, options.warmup, concurrency);
        result = LoadRun.run(operation, options.requests, concurrency);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while measuring", e);
      }
      report.add(new AttestReport.Row(scenario.name(), client, result));
      System.out.printf(
          Locale.ROOT,
          "%-26s %-32s C=%-3d p50 %7.2f ms  p90 %7.2f  p99 %7.2f  %8.1f req/s  errors %d%n",
          scenario.name(),
          client,
          concurrency,
          result.p50(),
          result.p90(),
          result.p99(),
          result.throughputPerSecond(),
          result.errors());
      if (result.firstError() != null) {
        System.out.println("  first error: " + result.firstError());
      }
    }
  }
}
