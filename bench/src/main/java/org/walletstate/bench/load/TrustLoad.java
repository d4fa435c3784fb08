package org.walletstate.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.InputStream;
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
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.TrustChains;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.trust.TrustCheckList;
import org.walletstate.domain.trust.TrustReadPlan;
import org.walletstate.domain.trust.TrustWallets;
import org.walletstate.verifier.AttestationVerifier;
import org.walletstate.verifier.CanonicalJson;
import org.walletstate.verifier.KeySet;
import org.walletstate.verifier.Namespace;
import org.walletstate.verifier.PreimageScheme;
import org.walletstate.verifier.Preimages;

/**
 * The trust profile benchmark: {@code POST /v1/trust} (one wallet) and {@code /v1/trust/batch} (10
 * wallets) on the built service, against a raw baseline making the same multicalls: for every EVM
 * chain of the plan, at once, a head read and one JSON-RPC batch pinned to it holding the chain's
 * {@code aggregate3} and the wallets' {@code eth_getCode} (the domain's {@link TrustReadPlan}, so
 * exactly the service's reads). Service and baseline requests alternate one by one in one run.
 *
 * <p>It starts a devnet of its own (chains 1, 8453, 10) and the other 20 chains of the base profile
 * on their light anvils ({@link TrustChains}, the list's contracts at their production addresses,
 * as the tests do), starts an embedded PostgreSQL and the service jar with the read cache and head
 * following off, so the service makes every read the baseline makes (a head and one batch per
 * chain). {@code --service-jvm "<options>"} passes JVM options to the service (for a flight
 * recording, say); {@code --property k=v} sets a service property (e.g. {@code
 * walletstate.chains.evm-reads.head-following=true} for the production default).
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.walletstate.bench.load.TrustLoad --requests 200 --warmup 40
 * </pre>
 */
public final class TrustLoad {

  private final HttpClient http = ServiceCalls.client();

  /**
   * One scenario's clients: the service, the baseline's reads alone, and the reads followed by the
   * profiles' signatures ({@link SignedFloor}).
   */
  private record Pair(String name, Client service, Client baseline, Client signedFloor) {}

  /** A service client and the size of the classical preimage of the profile it is answered. */
  private record Posted(Client client, int preimageBytes) {}

  @FunctionalInterface
  interface Client {
    void call() throws Exception;
  }

  /** The wallets asked about and the reads of one and of ten, with the chains that serve them. */
  private record Plans(
      String holder,
      List<String> ten,
      TrustReadPlan one,
      TrustReadPlan batch,
      Map<Long, URI> urls) {}

  public static void main(String[] args) throws Exception {
    new TrustLoad().run(TrustLoadOptions.parse(args));
    System.exit(0);
  }

  private void run(TrustLoadOptions options) throws Exception {
    String loadBefore = BenchHost.loadAverage();
    Instant started = Instant.now();
    Path work = Files.createTempDirectory("trust-load-");
    Path listFile = work.resolve("trust-checks.tsv");
    try (InputStream in =
        TrustCheckList.class.getResourceAsStream(
            "/org/walletstate/domain/trust/trust-checks-" + TrustCheckList.VERSION + ".tsv")) {
      Files.write(listFile, in.readAllBytes());
    }
    try (Devnet devnet = Devnet.start();
        TrustChains light = TrustChains.start(devnet, listFile);
        EmbeddedPostgres postgres = EmbeddedPostgres.builder().start()) {
      System.out.printf(
          "light chains: %d, ready in %.1f s, anvils' RSS %d MiB%n",
          light.rpcUrls().size(), light.startTime().toMillis() / 1000.0, light.anvilsRssMiB());
      Plans plans = plans(devnet, light);
      String dbUrl = BenchHost.dbUrl(postgres.getPort());
      Map<String, String> properties = serviceProperties(work, plans.urls(), options.overrides());
      Path log = work.resolve("service.log");
      System.out.printf("starting the service %s, log %s%n", properties, log);
      Map<String, String> environment = new LinkedHashMap<>(BenchHost.database(dbUrl));
      if (!options.serviceJvm().isBlank()) {
        environment.put("JAVA_TOOL_OPTIONS", options.serviceJvm());
      }
      try (SignedFloor signing = new SignedFloor();
          ServiceProcess service =
              ServiceProcess.start(options.jar(), properties, environment, log)) {
        measure(service, signing, "jdbc:" + dbUrl, plans, options);
      }
    }
    System.out.printf(
        "%nrun %s, took %d s; load average before %s, after %s%n",
        started,
        Duration.between(started, Instant.now()).toSeconds(),
        loadBefore,
        BenchHost.loadAverage());
  }

  /** The holder, an empty wallet and eight unused addresses; the plans for one and all ten. */
  private static Plans plans(Devnet devnet, TrustChains light) {
    TrustCheckList list = TrustCheckList.current();
    String holder = devnet.manifest().wallet("holder").address();
    List<String> ten = new ArrayList<>();
    ten.add(holder);
    ten.add(devnet.manifest().wallet("empty").address());
    for (int i = 1; i <= 8; i++) {
      ten.add(String.format("0x%040x", 0x5000 + i));
    }
    TrustReadPlan one =
        TrustReadPlan.of(list, List.of(TrustWallets.of(EvmAddress.parse(holder, "wallet"))));
    TrustReadPlan batch =
        TrustReadPlan.of(
            list, ten.stream().map(w -> TrustWallets.of(EvmAddress.parse(w, "wallet"))).toList());
    Map<Long, URI> urls = new LinkedHashMap<>();
    for (ChainId chain : one.evmChains()) {
      long id = ((ChainId.Evm) chain).value();
      URI url = devnet.rpcUrls().containsKey(id) ? devnet.rpcUrl(id) : light.rpcUrls().get(id);
      if (url == null) {
        throw new IllegalStateException("no chain runs " + id);
      }
      urls.put(id, url);
    }
    return new Plans(holder, ten, one, batch, urls);
  }

  /** Read cache and head following off, so the service makes every read the baseline makes. */
  private static Map<String, String> serviceProperties(
      Path work, Map<Long, URI> urls, Map<String, String> overrides) {
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put("quarkus.profile", "local");
    properties.put("walletstate.data-dir", work.resolve("data").toString());
    properties.put("walletstate.chains.evm-reads.cache-entries", "0");
    // the head read on every call, as the baseline: the same 2 requests per chain
    properties.put("walletstate.chains.evm-reads.head-following", "false");
    properties.putAll(overrides);
    urls.forEach(
        (id, url) ->
            properties.put("walletstate.chains.evm.\"" + id + "\".endpoints", url.toString()));
    return properties;
  }

  /** Both scenarios: the service, the baseline and the signed floor, alternated, then reported. */
  private void measure(
      ServiceProcess service,
      SignedFloor signing,
      String jdbc,
      Plans plans,
      TrustLoadOptions options)
      throws Exception {
    String key = BenchKeys.create(jdbc, "postgres", "");
    KeySet keys = KeySet.parse(get(service.base().resolve("/v1/jwks")));
    StringBuilder wallets = new StringBuilder();
    for (String w : plans.ten()) {
      wallets.append(wallets.length() == 0 ? "" : ",").append("{\"wallet\":\"" + w + "\"}");
    }
    AtomicLong baselineRequests = new AtomicLong();
    Posted single =
        post(service.base(), "/v1/trust", "{\"wallet\":\"" + plans.holder() + "\"}", key, keys);
    Posted ofTen =
        post(service.base(), "/v1/trust/batch", "{\"wallets\":[" + wallets + "]}", key, keys);
    Client oneRead = TrustBaseline.of(http, plans.one(), plans.urls(), baselineRequests);
    Client tenRead = TrustBaseline.of(http, plans.batch(), plans.urls(), baselineRequests);
    List<Pair> pairs =
        List.of(
            new Pair(
                "profile, 1 wallet",
                single.client(),
                oneRead,
                signing.after(oneRead, 1, single.preimageBytes())),
            new Pair(
                "batch, 10 wallets",
                ofTen.client(),
                tenRead,
                signing.after(tenRead, plans.ten().size(), ofTen.preimageBytes())));
    for (Pair pair : pairs) {
      baselineRequests.set(0);
      pair.baseline().call();
      long perCall = baselineRequests.get();
      Map<String, Double> before = new LinkedHashMap<>();
      long[][] nanos =
          RotatedTimings.alternate(
              new Client[] {pair.service(), pair.baseline(), pair.signedFloor()},
              options.requests(),
              options.warmup(),
              () -> before.putAll(meters(service)));
      RotatedTimings.report(
          pair.name(), perCall, plans.one().evmChains().size(), nanos, options.requests());
      ServiceMeters.inside(before, meters(service), options.requests());
    }
  }

  private Posted post(URI base, String path, String body, String key, KeySet keys)
      throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(base.resolve(path))
            .header("X-API-Key", key)
            .header("Content-Type", "application/json")
            .timeout(Duration.ofSeconds(60))
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    HttpResponse<String> first = http.send(request, HttpResponse.BodyHandlers.ofString());
    if (first.statusCode() != 200) {
      throw new IllegalStateException(
          path + " answered " + first.statusCode() + ": " + first.body());
    }
    String entry =
        path.endsWith("batch")
            ? new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(first.body())
                .path("data")
                .path("results")
                .get(0)
                .toString()
            : first.body();
    var report = AttestationVerifier.builder(keys).build().reportTrustProfile(entry);
    if (!report.valid()) {
      throw new IllegalStateException("the profile does not verify: " + report);
    }
    JsonNode data = CanonicalJson.parse(entry);
    if (data.has("data")) {
      data = data.get("data");
    }
    int preimageBytes =
        Preimages.of(Namespace.of(data.path("kid").asText().replaceFirst("-trust-v2$", "")))
            .trustProfile(PreimageScheme.V2, data.get("trust"))
            .length;
    System.out.printf(
        "%s: answer %d bytes, a profile's classical preimage %d bytes%n",
        path, first.body().length(), preimageBytes);
    return new Posted(
        () -> {
          HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
          if (response.statusCode() != 200) {
            throw new IllegalStateException(path + " answered " + response.statusCode());
          }
        },
        preimageBytes);
  }

  private Map<String, Double> meters(ServiceProcess service) throws Exception {
    return ServiceMeters.parse(get(service.management().resolve("/q/metrics")));
  }

  private String get(URI uri) throws Exception {
    return http.send(
            HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString())
        .body();
  }
}
