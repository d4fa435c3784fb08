package org.walletstate.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.walletstate.bench.baseline.RawBatchReads;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.TrustChains;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.observation.ChainObservation;
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

  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5))
          .build();

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

  public static void main(String[] args) throws Exception {
    int requests = 200;
    int warmup = 40;
    Path jar = Path.of("adapters-http/target/quarkus-app/quarkus-run.jar");
    String serviceJvm = "";
    Map<String, String> overrides = new LinkedHashMap<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--requests" -> requests = Integer.parseInt(args[++i]);
        case "--warmup" -> warmup = Integer.parseInt(args[++i]);
        case "--service-jar" -> jar = Path.of(args[++i]);
        case "--service-jvm" -> serviceJvm = args[++i];
        case "--property" -> {
          String value = args[++i];
          int eq = value.indexOf('=');
          overrides.put(value.substring(0, eq), value.substring(eq + 1));
        }
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    new TrustLoad().run(jar, requests, warmup, serviceJvm, overrides);
    System.exit(0);
  }

  private void run(
      Path jar, int requests, int warmup, String serviceJvm, Map<String, String> overrides)
      throws Exception {
    String loadBefore = loadAverage();
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

      String dbUrl = "postgresql://127.0.0.1:" + postgres.getPort() + "/postgres";
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
      Path log = work.resolve("service.log");
      System.out.printf("starting the service %s, log %s%n", properties, log);
      try (SignedFloor signing = new SignedFloor();
          ServiceProcess service =
              ServiceProcess.start(
                  jar,
                  properties,
                  serviceJvm.isBlank()
                      ? Map.of("DB_URL", dbUrl, "DB_USER", "postgres", "DB_PASSWORD", "")
                      : Map.of(
                          "DB_URL",
                          dbUrl,
                          "DB_USER",
                          "postgres",
                          "DB_PASSWORD",
                          "",
                          "JAVA_TOOL_OPTIONS",
                          serviceJvm),
                  log)) {
        String key = BenchKeys.create("jdbc:" + dbUrl, "postgres", "");
        KeySet keys = KeySet.parse(get(service.base().resolve("/v1/jwks")));
        StringBuilder wallets = new StringBuilder();
        for (String w : ten) {
          wallets.append(wallets.length() == 0 ? "" : ",").append("{\"wallet\":\"" + w + "\"}");
        }
        AtomicLong baselineRequests = new AtomicLong();
        Posted single =
            post(service.base(), "/v1/trust", "{\"wallet\":\"" + holder + "\"}", key, keys);
        Posted ofTen =
            post(service.base(), "/v1/trust/batch", "{\"wallets\":[" + wallets + "]}", key, keys);
        Client oneRead = baseline(one, urls, baselineRequests);
        Client tenRead = baseline(batch, urls, baselineRequests);
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
                    signing.after(tenRead, ten.size(), ofTen.preimageBytes())));
        for (Pair pair : pairs) {
          baselineRequests.set(0);
          pair.baseline().call();
          long perCall = baselineRequests.get();
          Map<String, Double> before = new LinkedHashMap<>();
          long[][] nanos = alternate(pair, requests, warmup, () -> before.putAll(meters(service)));
          report(pair.name(), perCall, one.evmChains().size(), nanos, requests);
          inside(before, meters(service), requests);
        }
      }
    }
    System.out.printf(
        "%nrun %s, took %d s; load average before %s, after %s%n",
        started, Duration.between(started, Instant.now()).toSeconds(), loadBefore, loadAverage());
  }

  /**
   * The three clients one after the other, {@code warmup} untimed rounds first; which goes first
   * rotates, so that none always meets a warm connection or the tail of another's work.
   */
  private static long[][] alternate(Pair pair, int requests, int warmup, Client afterWarmup)
      throws Exception {
    Client[] clients = {pair.service(), pair.baseline(), pair.signedFloor()};
    for (int i = 0; i < warmup; i++) {
      for (Client client : clients) {
        client.call();
      }
    }
    afterWarmup.call();
    long[][] nanos = new long[clients.length][requests];
    for (int i = 0; i < requests; i++) {
      for (int k = 0; k < clients.length; k++) {
        int c = (i + k) % clients.length;
        nanos[c][i] = timed(clients[c]);
      }
    }
    return nanos;
  }

  private static long timed(Client client) throws Exception {
    long start = System.nanoTime();
    client.call();
    return System.nanoTime() - start;
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

  /** Every chain of the plan at once: its head, then one batch of its reads pinned there. */
  private Client baseline(TrustReadPlan plan, Map<Long, URI> urls, AtomicLong requests) {
    Map<ChainId, RawBatchReads> clients = new LinkedHashMap<>();
    for (ChainId chain : plan.evmChains()) {
      clients.put(chain, new RawBatchReads(http, urls.get(((ChainId.Evm) chain).value())));
    }
    return () -> {
      List<CompletableFuture<ChainObservation>> observations = new ArrayList<>();
      clients.forEach(
          (chain, client) -> {
            requests.addAndGet(2); // a head read and one batch: RawBatchReads makes no other
            observations.add(
                client.observe(
                    EvmRead.all(plan.query(chain).reads()), first -> java.util.Set.of()));
          });
      CompletableFuture.allOf(observations.toArray(new CompletableFuture<?>[0]))
          .get(60, TimeUnit.SECONDS);
      for (CompletableFuture<ChainObservation> observation : observations) {
        if (!(observation.get() instanceof ChainObservation.Observed)) {
          throw new IllegalStateException("a chain was not observed");
        }
      }
    };
  }

  private static void report(
      String name, long baselineRequests, int chains, long[][] nanos, int n) {
    long[] s = nanos[0].clone();
    long[] b = nanos[1].clone();
    long[] f = nanos[2].clone();
    Arrays.sort(s);
    Arrays.sort(b);
    Arrays.sort(f);
    System.out.printf(
        Locale.ROOT,
        "%n%s: %d timed rounds, %d EVM chains, baseline %d HTTP requests per call%n"
            + "  service          %s%n"
            + "  baseline (reads) %s%n"
            + "  reads + signing  %s%n"
            + "  service / baseline: p50 %.2f, p90 %.2f; service / (reads + signing): p50 %.2f;"
            + " (reads + signing) / baseline: p50 %.2f%n",
        name,
        n,
        chains,
        baselineRequests,
        line(s),
        line(b),
        line(f),
        LoadRun.percentile(s, 0.5) / LoadRun.percentile(b, 0.5),
        LoadRun.percentile(s, 0.9) / LoadRun.percentile(b, 0.9),
        LoadRun.percentile(s, 0.5) / LoadRun.percentile(f, 0.5),
        LoadRun.percentile(f, 0.5) / LoadRun.percentile(b, 0.5));
  }

  /**
   * The service's own meters ({@code GET /q/metrics} on the management port): the sums and counts
   * of its signing timer, its chain-call timer and its HTTP server timer for the trust paths.
   */
  private Map<String, Double> meters(ServiceProcess service) throws Exception {
    Map<String, Double> sums = new LinkedHashMap<>();
    for (String line : get(service.management().resolve("/q/metrics")).split("\n")) {
      if (line.startsWith("#")) {
        continue;
      }
      String name = line.substring(0, Math.max(0, line.indexOf(line.contains("{") ? '{' : ' ')));
      String key = null;
      if (name.startsWith("walletstate_signing_seconds_") && line.contains("statement=\"trust")) {
        key = name;
      } else if (name.startsWith("walletstate_chain_calls_seconds_")) {
        key = name;
      } else if (name.startsWith("http_server_requests_seconds_")
          && line.contains("uri=\"/v1/trust")) {
        key = name;
      }
      if (key != null && (key.endsWith("_sum") || key.endsWith("_count"))) {
        double value = Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
        sums.merge(key, value, Double::sum);
      }
    }
    return sums;
  }

  /** What the service's meters say of the timed calls: where its own time went, per call. */
  private static void inside(Map<String, Double> before, Map<String, Double> after, int calls) {
    double signed = delta(before, after, "walletstate_signing_seconds_count");
    double signing = delta(before, after, "walletstate_signing_seconds_sum");
    double chainCalls = delta(before, after, "walletstate_chain_calls_seconds_count");
    double chainTime = delta(before, after, "walletstate_chain_calls_seconds_sum");
    double served = delta(before, after, "http_server_requests_seconds_sum");
    System.out.printf(
        Locale.ROOT,
        "  inside the service (its meters, timed calls only): HTTP server %.1f ms per call;"
            + " %.0f chain calls per call, %.2f ms each on average; %.0f profiles signed per call,"
            + " %.2f ms each (sum %.1f ms per call)%n",
        served * 1000 / calls,
        chainCalls / calls,
        chainCalls == 0 ? 0 : chainTime * 1000 / chainCalls,
        signed / calls,
        signed == 0 ? 0 : signing * 1000 / signed,
        signing * 1000 / calls);
  }

  private static double delta(Map<String, Double> before, Map<String, Double> after, String key) {
    return after.getOrDefault(key, 0.0) - before.getOrDefault(key, 0.0);
  }

  private static String line(long[] sorted) {
    return String.format(
        Locale.ROOT,
        "p50 %.1f ms  p90 %.1f ms  p99 %.1f ms  mean %.1f ms",
        LoadRun.percentile(sorted, 0.5),
        LoadRun.percentile(sorted, 0.9),
        LoadRun.percentile(sorted, 0.99),
        ms(Arrays.stream(sorted).average().orElse(0)));
  }

  private static double ms(double nanos) {
    return nanos / 1_000_000.0;
  }

  private String get(URI uri) throws Exception {
    return http.send(
            HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString())
        .body();
  }

  private static String loadAverage() {
    try {
      String[] fields =
          Files.readString(Path.of("/proc/loadavg"), StandardCharsets.US_ASCII).split(" ");
      return fields[0] + " " + fields[1] + " " + fields[2];
    } catch (java.io.IOException e) {
      return "unknown";
    }
  }
}
