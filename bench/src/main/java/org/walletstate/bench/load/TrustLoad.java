package org.walletstate.bench.load;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
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
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.trust.TrustCheckList;
import org.walletstate.domain.trust.TrustReadPlan;
import org.walletstate.domain.trust.TrustWallets;
import org.walletstate.verifier.AttestationVerifier;
import org.walletstate.verifier.KeySet;

/**
 * The trust profile benchmark: {@code POST /v1/trust} (one wallet) and {@code /v1/trust/batch} (10
 * wallets) on the built service, against a raw baseline making the same multicalls: for every EVM
 * chain of the plan, at once, a head read and one JSON-RPC batch pinned to it holding the chain's
 * {@code aggregate3} and the wallets' {@code eth_getCode} (the domain's {@link TrustReadPlan}, so
 * exactly the service's reads). Service and baseline requests alternate one by one in one run.
 *
 * <p>It starts a devnet of its own (chains 1, 8453, 10), points the other 20 chains of the base
 * profile at the chain-1 anvil (as the tests do), starts an embedded PostgreSQL and the service jar
 * with the read cache off, so the service makes every read the baseline makes.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.walletstate.bench.load.TrustLoad --requests 200 --warmup 40
 * </pre>
 */
public final class TrustLoad {

  private static final String ZKSYNC_MULTICALL = "0xF9cda624FBC7e059355ce98a31693d299FACd963";
  private static final long STAND_IN = 1;

  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5))
          .build();

  /** One scenario's two clients. */
  private record Pair(String name, Client service, Client baseline) {}

  @FunctionalInterface
  private interface Client {
    void call() throws Exception;
  }

  public static void main(String[] args) throws Exception {
    int requests = 200;
    int warmup = 40;
    Path jar = Path.of("adapters-http/target/quarkus-app/quarkus-run.jar");
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--requests" -> requests = Integer.parseInt(args[++i]);
        case "--warmup" -> warmup = Integer.parseInt(args[++i]);
        case "--service-jar" -> jar = Path.of(args[++i]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    new TrustLoad().run(jar, requests, warmup);
    System.exit(0);
  }

  private void run(Path jar, int requests, int warmup) throws Exception {
    String loadBefore = loadAverage();
    Instant started = Instant.now();
    Path work = Files.createTempDirectory("trust-load-");
    try (Devnet devnet = Devnet.start();
        EmbeddedPostgres postgres = EmbeddedPostgres.builder().start()) {
      var rpc = devnet.rpc(STAND_IN);
      String multicall =
          rpc.call("eth_getCode", "0xcA11bde05977b3631167028862bE2a173976CA11", "latest").asText();
      rpc.call("anvil_setCode", ZKSYNC_MULTICALL, multicall);
      rpc.call("evm_mine");

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
        urls.put(id, devnet.rpcUrls().getOrDefault(id, devnet.rpcUrl(STAND_IN)));
      }

      String dbUrl = "postgresql://127.0.0.1:" + postgres.getPort() + "/postgres";
      Map<String, String> properties = new LinkedHashMap<>();
      properties.put("quarkus.profile", "local");
      properties.put("walletstate.data-dir", work.resolve("data").toString());
      properties.put("walletstate.chains.evm-reads.cache-entries", "0");
      urls.forEach(
          (id, url) ->
              properties.put("walletstate.chains.evm.\"" + id + "\".endpoints", url.toString()));
      Path log = work.resolve("service.log");
      System.out.printf("starting the service (read cache off), log %s%n", log);
      try (ServiceProcess service =
          ServiceProcess.start(
              jar,
              properties,
              Map.of("DB_URL", dbUrl, "DB_USER", "postgres", "DB_PASSWORD", ""),
              log)) {
        String key = BenchKeys.create("jdbc:" + dbUrl, "postgres", "");
        KeySet keys = KeySet.parse(get(service.base().resolve("/v1/jwks")));
        StringBuilder wallets = new StringBuilder();
        for (String w : ten) {
          wallets.append(wallets.length() == 0 ? "" : ",").append("{\"wallet\":\"" + w + "\"}");
        }
        AtomicLong baselineRequests = new AtomicLong();
        List<Pair> pairs =
            List.of(
                new Pair(
                    "profile, 1 wallet",
                    post(service.base(), "/v1/trust", "{\"wallet\":\"" + holder + "\"}", key, keys),
                    baseline(one, urls, baselineRequests)),
                new Pair(
                    "batch, 10 wallets",
                    post(
                        service.base(),
                        "/v1/trust/batch",
                        "{\"wallets\":[" + wallets + "]}",
                        key,
                        keys),
                    baseline(batch, urls, baselineRequests)));
        for (Pair pair : pairs) {
          baselineRequests.set(0);
          pair.baseline().call();
          long perCall = baselineRequests.get();
          long[][] nanos = alternate(pair, requests, warmup);
          report(pair.name(), perCall, one.evmChains().size(), nanos[0], nanos[1], requests);
        }
      }
    }
    System.out.printf(
        "%nrun %s, took %d s; load average before %s, after %s%n",
        started, Duration.between(started, Instant.now()).toSeconds(), loadBefore, loadAverage());
  }

  /** Service and baseline one after the other, {@code warmup} untimed pairs first. */
  private static long[][] alternate(Pair pair, int requests, int warmup) throws Exception {
    for (int i = 0; i < warmup; i++) {
      pair.service().call();
      pair.baseline().call();
    }
    long[] service = new long[requests];
    long[] baseline = new long[requests];
    for (int i = 0; i < requests; i++) {
      // which goes first alternates too, so neither always meets a warm connection
      boolean serviceFirst = i % 2 == 0;
      if (serviceFirst) {
        service[i] = timed(pair.service());
        baseline[i] = timed(pair.baseline());
      } else {
        baseline[i] = timed(pair.baseline());
        service[i] = timed(pair.service());
      }
    }
    return new long[][] {service, baseline};
  }

  private static long timed(Client client) throws Exception {
    long start = System.nanoTime();
    client.call();
    return System.nanoTime() - start;
  }

  private Client post(URI base, String path, String body, String key, KeySet keys)
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
    return () -> {
      HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw new IllegalStateException(path + " answered " + response.statusCode());
      }
    };
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
      String name, long baselineRequests, int chains, long[] service, long[] baseline, int n) {
    long[] s = service.clone();
    long[] b = baseline.clone();
    Arrays.sort(s);
    Arrays.sort(b);
    double sp50 = LoadRun.percentile(s, 0.5);
    double bp50 = LoadRun.percentile(b, 0.5);
    System.out.printf(
        Locale.ROOT,
        "%n%s: %d timed pairs, %d EVM chains, baseline %d HTTP requests per call%n"
            + "  service  p50 %.1f ms  p90 %.1f ms  p99 %.1f ms  mean %.1f ms%n"
            + "  baseline p50 %.1f ms  p90 %.1f ms  p99 %.1f ms  mean %.1f ms%n"
            + "  ratio p50 %.2f, p90 %.2f%n",
        name,
        n,
        chains,
        baselineRequests,
        sp50,
        LoadRun.percentile(s, 0.9),
        LoadRun.percentile(s, 0.99),
        ms(Arrays.stream(s).average().orElse(0)),
        bp50,
        LoadRun.percentile(b, 0.9),
        LoadRun.percentile(b, 0.99),
        ms(Arrays.stream(b).average().orElse(0)),
        sp50 / bp50,
        LoadRun.percentile(s, 0.9) / LoadRun.percentile(b, 0.9));
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
