package org.walletstate.adapters.http.robustness;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigInteger;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.walletstate.adapters.http.testbed.Payments;
import org.walletstate.adapters.http.testbed.X402Calls;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.JsonRpc;

/**
 * What {@link ReplicasIT}'s two replicas send on chain 8453 with the service's own keys: paid calls
 * settled by the relayer and a pass mint retried by the minter, both allocating nonces from the one
 * database.
 */
final class ReplicaSettlements {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long BASE = X402Calls.BASE;
  private static final int PAID_CALLS = 50;

  private ReplicaSettlements() {}

  /** The replicas' settlement configuration: the devnet's relayer and pass minter. */
  static Map<String, String> properties(Devnet devnet, String payTo) {
    DevnetManifest m = devnet.manifest();
    Map<String, String> props = new HashMap<>();
    props.put("walletstate.x402.pay-to-evm", payTo);
    props.put("walletstate.x402.relayer-key", m.wallet("relayer").privateKey().orElseThrow());
    props.put("walletstate.payments.access-pass.contract", m.chain(8453).address("accessPass"));
    props.put(
        "walletstate.payments.access-pass.minter-key",
        m.wallet("passMinter").privateKey().orElseThrow());
    props.put("walletstate.payments.access-pass.retry-every", "1s");
    props.put("walletstate.payments.access-pass.mint-wait", "10s");
    // fifty payments are built with the official client before they are sent at once, which takes
    // minutes on a loaded machine: the validity they must have left is lowered accordingly (what
    // is tested here is the replicas' nonces, not the validity window)
    props.put("walletstate.x402.validity-allowance", "240s");
    return props;
  }

  private static long nonceOf(String sender) {
    return JsonRpc.quantity(
            Payments.rpc(BASE).call("eth_getTransactionCount", sender, "latest").asText())
        .longValueExact();
  }

  private static long blockNumber() {
    return JsonRpc.quantity(Payments.rpc(BASE).call("eth_blockNumber").asText()).longValueExact();
  }

  /** {@code sender}'s transactions mined in the blocks after {@code fromBlock}. */
  private static List<JsonNode> minedSince(String sender, long fromBlock) {
    List<JsonNode> mined = new ArrayList<>();
    for (long n = fromBlock + 1; n <= blockNumber(); n++) {
      JsonNode block =
          Payments.rpc(BASE).call("eth_getBlockByNumber", "0x" + Long.toHexString(n), true);
      for (JsonNode transaction : block.path("transactions")) {
        if (transaction.path("from").asText().equalsIgnoreCase(sender)) {
          mined.add(transaction);
        }
      }
    }
    return mined;
  }

  private static HttpRequest.Builder attest(int i, byte[] body) {
    return HttpRequest.newBuilder(ReplicasIT.on(i, "/v1/attest"))
        .timeout(Duration.ofSeconds(90))
        .header("Content-Type", "application/json")
        .header("X-Forwarded-For", "198.51.100." + (1 + i))
        .POST(HttpRequest.BodyPublishers.ofByteArray(body));
  }

  /**
   * Fifty payers, each holding one price, pay one attest each, all at once, alternating between the
   * replicas: every call is answered once, each settlement under a nonce of its own, and payTo
   * receives exactly the sum.
   */
  static void fiftyPaidCalls(HttpClient http) throws Exception {
    String relayer = Devnet.shared().manifest().wallet("relayer").address();
    byte[] body = JSON.writeValueAsBytes(X402Calls.attestBody());
    HttpResponse<String> quoted =
        http.send(attest(0, body).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(quoted.statusCode()).as(quoted.body()).isEqualTo(402);
    JsonNode quote = JSON.readTree(quoted.body());
    BigInteger price = new BigInteger(quote.path("accepts").path(0).path("amount").asText());
    List<String> keys = new ArrayList<>();
    List<String> payers = new ArrayList<>();
    for (int i = 0; i < PAID_CALLS; i++) {
      keys.add(X402Calls.newEvmKey());
      payers.add(X402Calls.payOnBase(keys.get(i), quote).path("payer").asText());
      Payments.fund(BASE, payers.get(i), Payments.USDC_BASE, price.longValueExact());
    }
    // the payments that are sent, built last and eight at a time, so that they are fresh
    ExecutorService builders = Executors.newFixedThreadPool(8);
    List<Future<String>> built = new ArrayList<>();
    for (String key : keys) {
      built.add(builders.submit(() -> X402Calls.payOnBase(key, quote).path("header").asText()));
    }
    List<String> headers = new ArrayList<>();
    for (Future<String> header : built) {
      headers.add(header.get());
    }
    builders.shutdown();
    long nonce = nonceOf(relayer);
    long fromBlock = blockNumber();
    BigInteger before = X402Calls.usdcOnBase(ReplicasIT.PAY_TO);

    ExecutorService callers = Executors.newFixedThreadPool(PAID_CALLS);
    List<Future<HttpResponse<String>>> answers = new ArrayList<>();
    try {
      for (int i = 0; i < PAID_CALLS; i++) {
        HttpRequest request = attest(i, body).header("PAYMENT-SIGNATURE", headers.get(i)).build();
        answers.add(callers.submit(() -> http.send(request, HttpResponse.BodyHandlers.ofString())));
      }
      Set<String> hashes = new HashSet<>();
      Set<Long> nonces = new HashSet<>();
      for (Future<HttpResponse<String>> f : answers) {
        HttpResponse<String> answer = f.get();
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        String header = answer.headers().firstValue("PAYMENT-RESPONSE").orElseThrow();
        String tx =
            JSON.readTree(new String(Base64.getDecoder().decode(header), StandardCharsets.UTF_8))
                .path("transaction")
                .asText();
        hashes.add(tx.toLowerCase(Locale.ROOT));
        JsonNode sent = Payments.rpc(BASE).call("eth_getTransactionByHash", tx);
        nonces.add(JsonRpc.quantity(sent.path("nonce").asText()).longValueExact());
      }
      assertThat(hashes).as("one settlement per call").hasSize(PAID_CALLS);
      assertThat(nonces).as("no nonce used twice").hasSize(PAID_CALLS);
      List<JsonNode> relayed = minedSince(relayer, fromBlock);
      assertThat(relayed)
          .as("every nonce the relayer used")
          .hasSize((int) (nonceOf(relayer) - nonce));
      assertThat(relayed)
          .filteredOn(t -> !hashes.contains(t.path("hash").asText().toLowerCase(Locale.ROOT)))
          .as("one transaction per call, besides zero-value transfers to itself filling a gap")
          .hasSize(relayed.size() - PAID_CALLS)
          .allMatch(t -> t.path("to").asText().equalsIgnoreCase(relayer))
          .allMatch(t -> JsonRpc.quantity(t.path("value").asText()).signum() == 0);
      assertThat(X402Calls.usdcOnBase(ReplicasIT.PAY_TO).subtract(before))
          .isEqualTo(price.multiply(BigInteger.valueOf(PAID_CALLS)));
      try (Connection db = ReplicasIT.database();
          PreparedStatement q =
              db.prepareStatement(
                  "select count(*), count(distinct tx_hash) from x402_payment"
                      + " where payer = any (?) and state = 'settled'")) {
        q.setArray(
            1,
            db.createArrayOf(
                "text", payers.stream().map(p -> p.toLowerCase(Locale.ROOT)).toArray()));
        try (ResultSet rows = q.executeQuery()) {
          rows.next();
          assertThat(rows.getLong(1)).isEqualTo(PAID_CALLS);
          assertThat(rows.getLong(2)).isEqualTo(PAID_CALLS);
        }
      }
    } finally {
      callers.shutdownNow();
    }
  }

  /**
   * A pending mint due now, while both replicas retry due mints every second: it is minted, and the
   * minter sent one transaction.
   */
  static void aMintDueOnBoth() throws Exception {
    DevnetManifest m = Devnet.shared().manifest();
    String minter = m.wallet("passMinter").address();
    String pass = m.chain(8453).address("accessPass");
    String wallet = X402Calls.newEvmAddress();
    long nonce = nonceOf(minter);
    ReplicasIT.Key key = ReplicasIT.insertKey(1, 10);
    try (Connection db = ReplicasIT.database();
        PreparedStatement insert =
            db.prepareStatement(
                "insert into access_pass_mint (api_key_id, wallet, state, attempts, next_attempt,"
                    + " updated_at) values (?, ?, 'pending', 0, ?, ?)")) {
      OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
      insert.setLong(1, key.id());
      insert.setString(2, wallet);
      insert.setObject(3, now);
      insert.setObject(4, now);
      insert.executeUpdate();
    }

    Instant until = Instant.now().plus(Duration.ofSeconds(90));
    while (!"minted".equals(mintState(key.id())) && Instant.now().isBefore(until)) {
      Thread.sleep(500);
    }
    assertThat(mintState(key.id())).isEqualTo("minted");
    Thread.sleep(4_000); // both replicas ran their retries several times more
    assertThat(Payments.balanceOf(BASE, pass, wallet)).isEqualTo(BigInteger.ONE);
    assertThat(nonceOf(minter)).as("the minter sent one transaction").isEqualTo(nonce + 1);
  }

  private static String mintState(long keyId) throws Exception {
    try (Connection db = ReplicasIT.database();
        PreparedStatement q =
            db.prepareStatement("select state from access_pass_mint where api_key_id = ?")) {
      q.setLong(1, keyId);
      try (ResultSet rows = q.executeQuery()) {
        return rows.next() ? rows.getString(1) : null;
      }
    }
  }
}
