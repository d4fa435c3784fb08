package org.walletstate.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.JsonRpc;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.payment.TransferAuthorization;
import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Keys;
import org.web3j.crypto.Sign;

/**
 * Paid attests against key-paid attests in one run (docs/performance.md, "Pay-per-call
 * throughput"): the built service on an embedded PostgreSQL and a devnet of its own whose chains
 * mine a block every {@code --block-time} seconds, settling through its own relayer. For each payer
 * count P, P threads each send {@code --rounds} attests paid by their own payer (a fresh EIP-3009
 * authorization per call, each answered only after its settlement mined), then P threads send the
 * same number of attests with an API key; the open paid calls (claimed, unsettled rows) are sampled
 * every 100 ms.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.walletstate.bench.load.PaidLoad --payers 8,32 --rounds 10
 * </pre>
 */
public final class PaidLoad {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final long BASE = 8453;

  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5))
          .build();

  public static void main(String[] args) throws Exception {
    List<Integer> payers = List.of(8, 32);
    int rounds = 10;
    int blockTime = 2;
    Path jar = Path.of("adapters-http", "target", "quarkus-app", "quarkus-run.jar");
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--payers" ->
            payers = List.of(args[i + 1].split(",")).stream().map(Integer::parseInt).toList();
        case "--rounds" -> rounds = Integer.parseInt(args[i + 1]);
        case "--block-time" -> blockTime = Integer.parseInt(args[i + 1]);
        case "--service-jar" -> jar = Path.of(args[i + 1]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    new PaidLoad().run(payers, rounds, blockTime, jar);
    System.exit(0);
  }

  private void run(List<Integer> payerCounts, int rounds, int blockTime, Path jar)
      throws Exception {
    String loadBefore = Files.readString(Path.of("/proc/loadavg")).strip();
    Path work = Files.createTempDirectory("paid-load-");
    try (Devnet devnet = Devnet.start();
        EmbeddedPostgres postgres = EmbeddedPostgres.builder().start()) {
      DevnetManifest m = devnet.manifest();
      String dbUrl = "postgresql://127.0.0.1:" + postgres.getPort() + "/postgres";
      Map<String, String> properties = new LinkedHashMap<>();
      properties.put("quarkus.profile", "local");
      properties.put("walletstate.data-dir", work.resolve("data").toString());
      properties.put("walletstate.rate-limits.enabled", "false");
      properties.put(
          "walletstate.x402.relayer-key", m.wallet("relayer").privateKey().orElseThrow());
      devnet
          .rpcUrls()
          .forEach(
              (id, url) ->
                  properties.put(
                      "walletstate.chains.evm.\"" + id + "\".endpoints", url.toString()));
      Path log = work.resolve("service.log");
      System.out.printf("starting the service, log %s%n", log);
      try (ServiceProcess service =
          ServiceProcess.start(
              jar,
              properties,
              Map.of("DB_URL", dbUrl, "DB_USER", "postgres", "DB_PASSWORD", ""),
              log)) {
        String apiKey = BenchKeys.create("jdbc:" + dbUrl, "postgres", "");
        byte[] body =
            JSON.writeValueAsBytes(
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
        JsonNode quote = quote(service.base(), body);
        int most = payerCounts.stream().mapToInt(Integer::intValue).max().orElse(1);
        List<ECKeyPair> payers = fund(devnet, quote, most, rounds * payerCounts.size());
        devnet.mineEvery(Duration.ofSeconds(blockTime));
        System.out.printf(
            "%-9s %6s %5s %7s %8s %8s %8s %9s %s%n",
            "paid by",
            "payers",
            "N",
            "errors",
            "p50 ms",
            "p99 ms",
            "req/s",
            "open max",
            "open mean");
        for (int count : payerCounts) {
          measure(service.base(), body, quote, payers, count, rounds, apiKey, dbUrl);
        }
      }
    }
    System.out.printf(
        "load average before %s, after %s%n",
        loadBefore, Files.readString(Path.of("/proc/loadavg")).strip());
  }

  private JsonNode quote(URI base, byte[] body) throws Exception {
    HttpResponse<String> answer =
        http.send(
            HttpRequest.newBuilder(base.resolve("/v1/attest"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (answer.statusCode() != 402) {
      throw new IllegalStateException("no quote: " + answer.statusCode() + " " + answer.body());
    }
    return JSON.readTree(answer.body());
  }

  /** {@code count} payers with enough USDC for {@code calls} calls each, on 8453. */
  private static List<ECKeyPair> fund(Devnet devnet, JsonNode quote, int count, int calls)
      throws Exception {
    JsonNode accepted = quote.path("accepts").path(0);
    BigInteger enough =
        new BigInteger(accepted.path("amount").asText()).multiply(BigInteger.valueOf(calls + 1L));
    JsonRpc rpc = devnet.rpc(BASE);
    String deployer = devnet.manifest().deployer().address();
    List<ECKeyPair> payers = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      ECKeyPair payer = Keys.createEcKeyPair(RANDOM);
      String address = "0x" + Keys.getAddress(payer);
      rpc.sendTransaction(
          Map.of(
              "from",
              deployer,
              "to",
              accepted.path("asset").asText(),
              "data",
              "0x40c10f19" + word(new BigInteger(address.substring(2), 16)) + word(enough),
              "gas",
              "0x30d40"));
      payers.add(payer);
    }
    return payers;
  }

  private static String word(BigInteger value) {
    String hex = value.toString(16);
    return "0".repeat(64 - hex.length()) + hex;
  }

  /** An x402 v2 payment header: a fresh EIP-3009 authorization for the quote, signed. */
  static String payment(JsonNode quote, ECKeyPair payer) throws Exception {
    JsonNode accepted = quote.path("accepts").path(0);
    long now = Instant.now().getEpochSecond();
    byte[] nonce = new byte[32];
    RANDOM.nextBytes(nonce);
    String from = "0x" + Keys.getAddress(payer);
    var unsigned =
        new TransferAuthorization(
            EvmAddress.of(from),
            EvmAddress.of(accepted.path("payTo").asText()),
            new BigInteger(accepted.path("amount").asText()),
            BigInteger.valueOf(now - 600),
            BigInteger.valueOf(now + accepted.path("maxTimeoutSeconds").asLong()),
            Bytes32.parse("0x" + HexFormat.of().formatHex(nonce), "nonce"),
            "0x");
    var domain =
        new TransferAuthorization.TokenDomain(
            accepted.path("extra").path("name").asText(),
            accepted.path("extra").path("version").asText(),
            BASE,
            EvmAddress.of(accepted.path("asset").asText()));
    Sign.SignatureData signed =
        Sign.signMessage(unsigned.digest(domain).bytes().toArray(), payer, false);
    String signature =
        "0x"
            + HexFormat.of().formatHex(signed.getR())
            + HexFormat.of().formatHex(signed.getS())
            + HexFormat.of().formatHex(signed.getV());
    ObjectNode header = JSON.createObjectNode();
    header.put("x402Version", 2);
    header.set("resource", quote.path("resource"));
    header.set("accepted", accepted);
    ObjectNode payload = header.putObject("payload");
    payload.put("signature", signature);
    ObjectNode auth = payload.putObject("authorization");
    auth.put("from", from);
    auth.put("to", accepted.path("payTo").asText());
    auth.put("value", accepted.path("amount").asText());
    auth.put("validAfter", unsigned.validAfter().toString());
    auth.put("validBefore", unsigned.validBefore().toString());
    auth.put("nonce", "0x" + HexFormat.of().formatHex(nonce));
    return Base64.getEncoder()
        .encodeToString(JSON.writeValueAsString(header).getBytes(StandardCharsets.UTF_8));
  }

  private void measure(
      URI base,
      byte[] body,
      JsonNode quote,
      List<ECKeyPair> payers,
      int count,
      int rounds,
      String apiKey,
      String dbUrl)
      throws Exception {
    AtomicInteger nextPayer = new AtomicInteger();
    ThreadLocal<ECKeyPair> own =
        ThreadLocal.withInitial(() -> payers.get(nextPayer.getAndIncrement()));
    AtomicBoolean sampling = new AtomicBoolean(true);
    List<Long> open = new ArrayList<>();
    Thread sampler = new Thread(() -> sampleOpen(dbUrl, sampling, open));
    sampler.start();
    LoadRun.Result paid =
        LoadRun.run(
            () -> call(base, body, "PAYMENT-SIGNATURE", payment(quote, own.get())),
            count * rounds,
            count);
    sampling.set(false);
    sampler.join();
    LoadRun.Result keyed =
        LoadRun.run(() -> call(base, body, "X-API-Key", apiKey), count * rounds, count);
    long max = open.stream().mapToLong(Long::longValue).max().orElse(0);
    double mean = open.stream().mapToLong(Long::longValue).average().orElse(0);
    print("x402", count, paid, String.valueOf(max), String.format("%.1f", mean));
    print("API key", count, keyed, "-", "-");
    System.out.printf(
        "  paid ÷ key-paid throughput at %d payers: %.2f%n",
        count, paid.throughputPerSecond() / keyed.throughputPerSecond());
  }

  private static void print(
      String client, int count, LoadRun.Result r, String openMax, String openMean) {
    System.out.printf(
        "%-9s %6d %5d %7d %8.0f %8.0f %8.2f %9s %s%s%n",
        client,
        count,
        r.requests(),
        r.errors(),
        r.p50(),
        r.p99(),
        r.throughputPerSecond(),
        openMax,
        openMean,
        r.firstError() == null ? "" : "  first error: " + r.firstError());
  }

  private void call(URI base, byte[] body, String header, String value) throws Exception {
    HttpResponse<String> answer =
        http.send(
            HttpRequest.newBuilder(base.resolve("/v1/attest"))
                .timeout(Duration.ofSeconds(90))
                .header("Content-Type", "application/json")
                .header(header, value)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (answer.statusCode() != 200) {
      throw new IllegalStateException(answer.statusCode() + " " + answer.body());
    }
  }

  /** Samples how many paid calls are open (claimed, not yet settled) every 100 ms. */
  private static void sampleOpen(String dbUrl, AtomicBoolean sampling, List<Long> open) {
    try (Connection db = DriverManager.getConnection("jdbc:" + dbUrl, "postgres", "");
        Statement q = db.createStatement()) {
      while (sampling.get()) {
        try (ResultSet rows =
            q.executeQuery("select count(*) from x402_payment where state = 'claimed'")) {
          rows.next();
          open.add(rows.getLong(1));
        }
        Thread.sleep(100);
      }
    } catch (Exception e) {
      throw new IllegalStateException("sampling the open paid calls failed", e);
    }
  }
}
