package org.walletstate.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetOptions;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.Rule;
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

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final Options options;
  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5))
          .build();

  /** What one client measured over all its blocks at one concurrency. */
  record Merged(
      String client,
      int concurrency,
      int requests,
      int errors,
      double p50,
      double p90,
      double p99,
      double throughputPerSecond) {}

  private FloorBench(Options options) {
    this.options = options;
  }

  public static void main(String[] args) throws Exception {
    // The fault proxy is the JDK's HTTP server, whose sockets otherwise keep Nagle's algorithm on:
    // with web3j's OkHttp client that stalls each proxied exchange by a delayed acknowledgement
    // (about 50 ms measured), a cost of the proxy that no real endpoint adds. Read once, when
    // the server classes load, so it must be set before the proxy starts.
    System.setProperty("sun.net.httpserver.nodelay", "true");
    new FloorBench(Options.parse(args)).run();
    System.exit(0);
  }

  private void run() throws Exception {
    String loadBefore = loadAverage();
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
        proxy = FaultProxy.inFrontOf(rpc);
        proxy.install(Rule.of(Match.any(), Fault.delay(Duration.ofMillis(options.delayMs))));
        rpc = proxy.url();
      }
      String dbUrl = "postgresql://127.0.0.1:" + postgres.getPort() + "/postgres";
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
              options.serviceJar,
              jvm,
              properties,
              Map.of("DB_URL", dbUrl, "DB_USER", "postgres", "DB_PASSWORD", ""),
              log)) {
        Thread.sleep(3000);
        long rssIdleStart = service.rssKib();
        String jdbc = "jdbc:" + dbUrl;
        String key = BenchKeys.create(jdbc, "postgres", "");
        long keyId = keyId(jdbc, key);
        String body = body(devnet);
        HttpRequest request =
            HttpRequest.newBuilder(service.base().resolve("/v1/attest"))
                .header("X-API-Key", key)
                .header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(60))
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        int[] sizes = checkedPreimageSizes(http, service.base(), request);
        LoadRun.Operation serviceOp =
            () -> {
              HttpResponse<byte[]> response =
                  http.send(request, HttpResponse.BodyHandlers.ofByteArray());
              if (response.statusCode() != 200) {
                throw new IllegalStateException(
                    "HTTP "
                        + response.statusCode()
                        + ": "
                        + new String(response.body(), StandardCharsets.UTF_8));
              }
            };
        try (FloorWork floor =
            new FloorWork(
                ReadPlan.of(RequestBodies.command(body)),
                Map.of(8453L, rpc),
                http,
                jdbc,
                keyId,
                sizes[0],
                sizes[1])) {
          HttpRequest jwks =
              HttpRequest.newBuilder(service.base().resolve("/v1/jwks"))
                  .timeout(Duration.ofSeconds(60))
                  .build();
          LoadRun.Operation httpOnly =
              () -> {
                HttpResponse<byte[]> response =
                    http.send(jwks, HttpResponse.BodyHandlers.ofByteArray());
                if (response.statusCode() != 200) {
                  throw new IllegalStateException("HTTP " + response.statusCode());
                }
              };
          Map<String, LoadRun.Operation> clients = new LinkedHashMap<>();
          clients.put("floor", floor);
          clients.put("service", serviceOp);
          clients.put("GET /v1/jwks", httpOnly);
          for (int round = 0; round < 3; round++) {
            for (LoadRun.Operation op : clients.values()) {
              LoadRun.run(op, options.warmup, 4);
            }
          }
          Thread.sleep(5000);
          long rssIdleWarm = service.rssKib();
          if (options.jfr != null) {
            // the profile covers the measured blocks only, not start-up and warm-up
            jcmd(
                service.pid(),
                "JFR.start",
                "name=floor",
                "settings=profile",
                "filename=" + options.jfr.toAbsolutePath());
          }
          List<Merged> rows = new ArrayList<>();
          long rssPeak = 0;
          for (int c : options.concurrency) {
            RssSampler sampler = new RssSampler(service);
            sampler.start();
            rows.addAll(abba(clients, c));
            rssPeak = Math.max(rssPeak, sampler.stop());
          }
          if (options.jfr != null) {
            jcmd(service.pid(), "JFR.stop", "name=floor");
            System.out.println("flight recording of the measured blocks: " + options.jfr);
          }
          report(
              rows, started, loadBefore, rssIdleStart, rssIdleWarm, rssPeak, sizes, service.pid());
        }
      }
    } finally {
      if (proxy != null) {
        proxy.close();
      }
      deleteTree(work.resolve("data")); // the service's local signing keys; the log stays
    }
  }

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (java.util.stream.Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  private static void jcmd(long pid, String... command) throws IOException, InterruptedException {
    List<String> line = new ArrayList<>();
    line.add(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString());
    line.add(Long.toString(pid));
    line.addAll(List.of(command));
    Process jcmd = new ProcessBuilder(line).redirectErrorStream(true).start();
    String out = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (jcmd.waitFor() != 0) {
      throw new IllegalStateException("jcmd " + String.join(" ", command) + " failed: " + out);
    }
  }

  /** One {@code token_balance} (USDC) on 8453, the first scenario of {@link AttestLoad}. */
  private static String body(Devnet devnet) {
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
  private List<Merged> abba(Map<String, LoadRun.Operation> clients, int concurrency)
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
        java.util.Collections.reverse(order);
      }
      for (String name : order) {
        LoadRun.Samples s = LoadRun.sample(clients.get(name), options.requests, concurrency);
        samples.get(name).add(s);
        System.out.printf(
            Locale.ROOT,
            "C=%d block %d %-8s p50 %7.2f ms  p99 %7.2f ms  %8.1f req/s  errors %d%s%n",
            concurrency,
            block,
            name,
            s.result().p50(),
            s.result().p99(),
            s.result().throughputPerSecond(),
            s.result().errors(),
            s.result().firstError() == null ? "" : " (" + s.result().firstError() + ")");
      }
    }
    List<Merged> merged = new ArrayList<>();
    samples.forEach((name, list) -> merged.add(merge(name, concurrency, list)));
    return merged;
  }

  private static Merged merge(String client, int concurrency, List<LoadRun.Samples> blocks) {
    int n = blocks.stream().mapToInt(b -> b.nanos().length).sum();
    long[] all = new long[n];
    int k = 0;
    int errors = 0;
    double wall = 0;
    int requests = 0;
    for (LoadRun.Samples b : blocks) {
      System.arraycopy(b.nanos(), 0, all, k, b.nanos().length);
      k += b.nanos().length;
      errors += b.result().errors();
      wall += b.result().wallSeconds();
      requests += b.result().requests();
    }
    Arrays.sort(all);
    return new Merged(
        client,
        concurrency,
        requests,
        errors,
        LoadRun.percentile(all, 0.50),
        LoadRun.percentile(all, 0.90),
        LoadRun.percentile(all, 0.99),
        requests / wall);
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

  private void report(
      List<Merged> rows,
      Instant started,
      String loadBefore,
      long rssIdleStart,
      long rssIdleWarm,
      long rssPeak,
      int[] sizes,
      long pid)
      throws IOException {
    StringBuilder table = new StringBuilder();
    table.append(
        "| C | client | N | errors | p50 ms | p90 ms | p99 ms | req/s | p50 ÷ floor | p99 ÷ floor |"
            + " req/s ÷ floor |\n|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (Merged row : rows) {
      Merged floor =
          rows.stream()
              .filter(r -> r.client().equals("floor") && r.concurrency() == row.concurrency())
              .findFirst()
              .orElseThrow();
      boolean isFloor = row == floor;
      table.append(
          String.format(
              Locale.ROOT,
              "| %d | %s | %d | %d | %.2f | %.2f | %.2f | %.1f | %s | %s | %s |%n",
              row.concurrency(),
              row.client(),
              row.requests(),
              row.errors(),
              row.p50(),
              row.p90(),
              row.p99(),
              row.throughputPerSecond(),
              isFloor ? "–" : String.format(Locale.ROOT, "%.2f×", row.p50() / floor.p50()),
              isFloor ? "–" : String.format(Locale.ROOT, "%.2f×", row.p99() / floor.p99()),
              isFloor
                  ? "–"
                  : String.format(
                      Locale.ROOT,
                      "%.2f",
                      row.throughputPerSecond() / floor.throughputPerSecond())));
    }
    String memory =
        String.format(
            Locale.ROOT,
            "service RSS: %d MiB idle after start, %d MiB idle after warm-up, %d MiB peak under"
                + " load (pid %d)",
            rssIdleStart / 1024,
            rssIdleWarm / 1024,
            rssPeak / 1024,
            pid);
    String machine =
        String.format(
            Locale.ROOT,
            "%d CPUs, Java %s, load average before %s, after %s; preimages %d / %d bytes;"
                + " settings %s; run took %d s",
            Runtime.getRuntime().availableProcessors(),
            System.getProperty("java.version"),
            loadBefore,
            loadAverage(),
            sizes[0],
            sizes[1],
            options.describe(),
            Duration.between(started, Instant.now()).toSeconds());
    System.out.println();
    System.out.println(table);
    System.out.println(memory);
    System.out.println(machine);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("machine", machine);
    out.put("memory", memory);
    out.put("rows", rows);
    Files.createDirectories(options.out.toAbsolutePath().getParent());
    JSON.writeValue(options.out.toFile(), out);
    System.out.println("results written to " + options.out);
  }

  static String loadAverage() {
    try {
      String[] fields =
          Files.readString(Path.of("/proc/loadavg"), StandardCharsets.US_ASCII).split(" ");
      return fields[0] + " " + fields[1] + " " + fields[2];
    } catch (IOException e) {
      return "unknown";
    }
  }

  /** The service's largest resident set while it runs, sampled every 100 ms. */
  private static final class RssSampler {
    private final ServiceProcess service;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicLong peak = new AtomicLong();
    private final Thread thread;

    RssSampler(ServiceProcess service) {
      this.service = service;
      this.thread = new Thread(this::sample, "rss-sampler");
      thread.setDaemon(true);
    }

    void start() {
      thread.start();
    }

    private void sample() {
      while (running.get()) {
        peak.accumulateAndGet(service.rssKib(), Math::max);
        try {
          Thread.sleep(100);
        } catch (InterruptedException e) {
          return;
        }
      }
    }

    long stop() throws InterruptedException {
      running.set(false);
      thread.join();
      return peak.get();
    }
  }

  /** Command-line options. */
  static final class Options {
    int requests = 500;
    int warmup = 300;
    int blocks = 4;
    List<Integer> concurrency = List.of(1, 8);
    int mineEverySeconds;
    int delayMs;
    Path jfr;
    Path serviceJar = Path.of("adapters-http/target/quarkus-app/quarkus-run.jar");
    Path out = Path.of("bench/target/floor-bench.json");
    Map<String, String> serviceProperties = new LinkedHashMap<>();
    List<String> jvmOptions = new ArrayList<>();

    String describe() {
      return String.format(
          Locale.ROOT,
          "N=%d per block, %d blocks, warm-up %d, mine every %s, delay %s, service %s %s",
          requests,
          blocks,
          warmup,
          mineEverySeconds > 0 ? mineEverySeconds + " s" : "off (on transactions)",
          delayMs > 0 ? delayMs + " ms per exchange" : "none",
          jvmOptions,
          serviceProperties);
    }

    static Options parse(String[] args) {
      Options o = new Options();
      for (int i = 0; i < args.length; i++) {
        String name = args[i];
        if (i + 1 >= args.length) {
          System.err.println(name + " needs a value");
          System.exit(2);
        }
        String value = args[++i];
        switch (name) {
          case "--requests" -> o.requests = Integer.parseInt(value);
          case "--warmup" -> o.warmup = Integer.parseInt(value);
          case "--blocks" -> o.blocks = Integer.parseInt(value);
          case "--concurrency" -> {
            o.concurrency = new ArrayList<>();
            for (String c : value.split(",")) {
              o.concurrency.add(Integer.parseInt(c.trim()));
            }
          }
          case "--mine-every" -> o.mineEverySeconds = Integer.parseInt(value);
          case "--delay-ms" -> o.delayMs = Integer.parseInt(value);
          case "--jfr" -> o.jfr = Path.of(value);
          case "--service-jar" -> o.serviceJar = Path.of(value);
          case "--out" -> o.out = Path.of(value);
          case "--property" -> {
            int eq = value.indexOf('=');
            o.serviceProperties.put(value.substring(0, eq), value.substring(eq + 1));
          }
          case "--jvm" -> o.jvmOptions.add(value);
          default -> {
            System.err.println(
                "unknown option "
                    + name
                    + "\nFloorBench [--requests N] [--warmup N] [--blocks N] [--concurrency 1,8]"
                    + " [--mine-every S] [--delay-ms D] [--jfr FILE] [--property k=v]..."
                    + " [--jvm OPTION]... [--service-jar JAR] [--out FILE]");
            System.exit(2);
          }
        }
      }
      return o;
    }
  }
}
