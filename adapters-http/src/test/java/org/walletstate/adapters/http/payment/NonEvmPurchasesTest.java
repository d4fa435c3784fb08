package org.walletstate.adapters.http.payment;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.filter.log.LogDetail;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.inject.Inject;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walletstate.adapters.http.testbed.Concurrently;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.Payers;
import org.walletstate.adapters.http.testbed.PaymentRows;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.SolanaTransactions;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.replay.JsonRpcReplay;
import org.walletstate.devnet.replay.Reply;
import org.walletstate.domain.address.Base58;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.address.TronAddress;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Keys and credits bought with Solana USDC (SPL) and Tron USDT (TRC-20) payments, read from replay
 * servers that answer in the nodes' documented shapes ({@code getTransaction} in {@code jsonParsed}
 * and {@code getSlot}; {@code /wallet/gettransactioninfobyid} and {@code /wallet/getnowblock}).
 * Each case runs on both chains: a valid payment, a wrong recipient, a wrong token, too few
 * confirmations, a failed transaction, an unreadable node, an unknown transaction and replays of
 * one transaction (also concurrent). Nothing refused is credited, and the ledger balances.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class NonEvmPurchasesTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SecureRandom RANDOM = new SecureRandom();

  /** The service's receiving wallets, as {@link DevnetTestResource} configures them. */
  static final String SOLANA_SERVICE = DevnetTestResource.SOLANA_PAYMENTS_RECEIVER;

  static final String TRON_SERVICE = DevnetTestResource.TRON_PAYMENTS_RECEIVER;

  /** A failed status check shows the request and response bodies (the reason of a refusal). */
  @BeforeAll
  static void showBodiesOnFailure() {
    RestAssured.enableLoggingOfRequestAndResponseIfValidationFails(LogDetail.BODY);
  }

  @Inject Pool pool;

  /** One chain's node as the tests drive it. */
  interface Node {
    String chainId();

    String newTx();

    String newWallet();

    String receiver();

    String token();

    String otherToken();

    int confirmations();

    /** Installs a mined transaction moving {@code raw} of {@code token} at {@code block}. */
    void transfer(String tx, String token, String from, String to, long raw, long block);

    /** Installs a mined transaction that failed at {@code block}. */
    void failed(String tx, String from, long block);

    void head(long block);

    /** Every request answered with HTTP 503. */
    void unreadable();

    void reset();
  }

  /** Solana JSON-RPC: transactions by signature, the head by {@code getSlot}. */
  static final class Solana implements Node {
    static final String USDC = SolanaTransactions.USDC;
    final JsonRpcReplay replay = DevnetTestResource.solana();
    final Map<String, JsonNode> transactions = new ConcurrentHashMap<>();
    volatile long head;

    @Override
    public String chainId() {
      return "solana";
    }

    @Override
    public String newTx() {
      return Base58.BITCOIN.encode(bytes(64));
    }

    @Override
    public String newWallet() {
      return SolanaAddress.ofBytes(bytes(32)).text();
    }

    @Override
    public String receiver() {
      return SOLANA_SERVICE;
    }

    @Override
    public String token() {
      return USDC;
    }

    @Override
    public String otherToken() {
      return "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB"; // USDT's mint: not taken here
    }

    @Override
    public int confirmations() {
      return 32;
    }

    @Override
    public void transfer(String tx, String token, String from, String to, long raw, long block) {
      transactions.put(
          tx, SolanaTransactions.transferChecked(tx, token, from, to, raw, block, 1767225600));
      install();
    }

    @Override
    public void failed(String tx, String from, long block) {
      transfer(tx, USDC, from, SOLANA_SERVICE, 9_000_000, block);
      ObjectNode meta = (ObjectNode) transactions.get(tx).get("meta");
      meta.putObject("err").putArray("InstructionError").add(0).addObject().put("Custom", 1);
      meta.putObject("status").putObject("Err").putArray("InstructionError").add(0);
      meta.set("postTokenBalances", meta.get("preTokenBalances"));
    }

    @Override
    public void head(long block) {
      head = block;
      install();
    }

    private void install() {
      SolanaTransactions.serve(replay, transactions, () -> head);
    }

    @Override
    public void unreadable() {
      replay.on("getTransaction", Reply.status(503));
      replay.on("getSlot", Reply.status(503));
    }

    @Override
    public void reset() {
      replay.reset();
      transactions.clear();
    }
  }

  /** Tron's full-node HTTP API: transaction info by id, the head by {@code getnowblock}. */
  static final class Tron implements Node {
    static final String USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
    static final String TRANSFER_TOPIC =
        "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
    final JsonRpcReplay replay = DevnetTestResource.tron();
    final Map<String, JsonNode> transactions = new ConcurrentHashMap<>();
    volatile long head;

    @Override
    public String chainId() {
      return "tron";
    }

    @Override
    public String newTx() {
      return HexFormat.of().formatHex(bytes(32));
    }

    @Override
    public String newWallet() {
      byte[] address = bytes(21);
      address[0] = 0x41;
      return TronAddress.parseHex(HexFormat.of().formatHex(address), "wallet").text();
    }

    @Override
    public String receiver() {
      return TRON_SERVICE;
    }

    @Override
    public String token() {
      return USDT;
    }

    @Override
    public String otherToken() {
      return "TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8"; // USDC on Tron: not taken here
    }

    @Override
    public int confirmations() {
      return 20;
    }

    private static String account(String address) {
      return TronAddress.of(address).hex().substring(2);
    }

    @Override
    public void transfer(String tx, String token, String from, String to, long raw, long block) {
      // the documented answer of a TRC-20 transfer(): its receipt and its Transfer event
      ObjectNode info = info(tx, token, block);
      info.putObject("receipt")
          .put("energy_usage_total", 64285)
          .put("net_usage", 345)
          .put("result", "SUCCESS");
      ObjectNode log = info.putArray("log").addObject();
      log.put("address", account(token));
      log.putArray("topics")
          .add(TRANSFER_TOPIC)
          .add("000000000000000000000000" + account(from))
          .add("000000000000000000000000" + account(to));
      log.put("data", String.format("%064x", raw));
      transactions.put(tx, info);
      install();
    }

    private static ObjectNode info(String tx, String token, long block) {
      ObjectNode info = JSON.createObjectNode();
      info.put("id", tx).put("fee", 13_845_000).put("blockNumber", block);
      info.put("blockTimeStamp", 1767225600000L);
      info.putArray("contractResult").add(String.format("%064x", 1));
      info.put("contract_address", TronAddress.of(token).hex());
      return info;
    }

    @Override
    public void failed(String tx, String from, long block) {
      ObjectNode info = info(tx, USDT, block);
      info.put("result", "FAILED").put("resMessage", "5452414e534645525f4641494c4544");
      info.putObject("receipt").put("energy_usage_total", 9000).put("result", "REVERT");
      transactions.put(tx, info);
      install();
    }

    @Override
    public void head(long block) {
      head = block;
      install();
    }

    private void install() {
      replay.on(
          "/wallet/gettransactioninfobyid",
          request -> {
            JsonNode info = transactions.get(request.path("body").path("value").asText());
            return Reply.json(info == null ? "{}" : info.toString());
          });
      replay.on(
          "/wallet/getnowblock",
          request -> {
            ObjectNode block = JSON.createObjectNode();
            block.put("blockID", String.format("%016x", head) + "ab".repeat(24));
            block
                .putObject("block_header")
                .putObject("raw_data")
                .put("number", head)
                .put("timestamp", 1767225600000L)
                .put("version", 31);
            return Reply.json(block.toString());
          });
    }

    @Override
    public void unreadable() {
      replay.on("/wallet/gettransactioninfobyid", Reply.status(503));
      replay.on("/wallet/getnowblock", Reply.status(503));
    }

    @Override
    public void reset() {
      replay.reset();
      transactions.clear();
    }
  }

  private static final Map<String, Node> NODES = Map.of("solana", new Solana(), "tron", new Tron());

  static byte[] bytes(int n) {
    byte[] bytes = new byte[n];
    RANDOM.nextBytes(bytes);
    return bytes;
  }

  @BeforeEach
  @AfterEach
  void resetNodes() {
    NODES.values().forEach(Node::reset);
  }

  static Map<String, Object> body(Node node, String tx, Object amount) {
    Map<String, Object> body = new HashMap<>();
    body.put("txHash", tx);
    body.put("chainId", node.chainId());
    body.put("amount", amount);
    return body;
  }

  /** The senders of the transfers the tests installed, by transaction. */
  static final Map<String, String> SENDERS = new ConcurrentHashMap<>();

  /** The payer's own purchase: with its senderProof when the sender is a {@link Payers} payer. */
  static Response buyKey(Map<String, Object> body) {
    Map<String, Object> b = new HashMap<>(body);
    b.putIfAbsent("appName", "non-evm");
    String sender = SENDERS.getOrDefault(String.valueOf(b.get("txHash")), "");
    return given()
        .contentType(ContentType.JSON)
        .body(Payers.proven(sender, "keys/buy", b))
        .post("/v1/keys/buy");
  }

  /** A wallet with a real key of the node's family, whose proofs its own library signs. */
  static String payer(Node node) {
    return Payers.fresh(node.chainId()).address();
  }

  /** A confirmed payment of {@code raw} (6 decimals) from {@code wallet} to the service. */
  static String paid(Node node, String wallet, long raw) {
    String tx = node.newTx();
    SENDERS.put(tx, wallet);
    node.transfer(tx, node.token(), wallet, node.receiver(), raw, 1000);
    node.head(1000 + node.confirmations() - 1);
    return tx;
  }

  @ParameterizedTest
  @ValueSource(strings = {"solana", "tron"})
  void aValidPayment_buysAKey_alwaysReturned_withoutAnAccessPass_thenCreditsFromTheSameWallet(
      String chain) {
    Node node = NODES.get(chain);
    String wallet = payer(node);
    String tx = paid(node, wallet, 25_500_000);
    String key =
        buyKey(Map.of("txHash", tx, "chainId", chain, "amount", "25.5", "keyDelivery", "wallet"))
            .then()
            .statusCode(200)
            .body("apiKeyCredits", equalTo(637))
            .body("wallet", equalTo(wallet))
            .body("token", equalTo(chain.equals("solana") ? "USDC" : "USDT"))
            .body("usdcPaid", equalTo("25.5"))
            .body("authMethod", equalTo("apiKey"))
            .body("authHint", nullValue())
            .body("accessPass", nullValue())
            .extract()
            .path("key");
    assertThat(key).startsWith("svc_live_");

    String second = paid(node, wallet, 100_000_000);
    given()
        .contentType(ContentType.JSON)
        .header("X-API-Key", key)
        .body(body(node, second, 100))
        .post("/v1/credits/buy")
        .then()
        .statusCode(200)
        .body("data.creditsAdded", equalTo(3300))
        .body("data.totalCredits", equalTo(3937))
        .body("data.wallet", equalTo(wallet));

    Map<String, Object> row = payment(tx);
    assertThat(row).containsEntry("chain_id", chain).containsEntry("sender", wallet);
    assertThat(Ledger.balance(pool, PaymentRows.of(pool, tx).getLong("api_key_id")))
        .isEqualTo(3937);
  }

  /**
   * A month of pro paid on Solana or Tron (docs/billing.md, "Buying a plan"): without the payer's
   * proof the key that posts it gets nothing; with the claim signed by the payer's own library
   * (@solana/kit, tronweb) the key is on pro with its limit and its month's credits.
   */
  @ParameterizedTest
  @ValueSource(strings = {"solana", "tron"})
  void aMonthOfPro_paidOnTheChain_isBoughtWithThePayersProof(String chain) {
    Node node = NODES.get(chain);
    String wallet = payer(node);
    String tx = paid(node, wallet, 29_000_000);
    TestKeys.TestKey key = TestKeys.create(pool, 0, 100, KeyVersion.V2);
    Map<String, Object> body = body(node, tx, 29);
    body.put("plan", "pro");
    buyPlan(key.secret(), body)
        .then()
        .statusCode(403)
        .body("error.message", containsString("Payer not proven"));
    body.put("senderProof", Payers.of(wallet).orElseThrow().plansBuy("pro", chain, tx));
    buyPlan(key.secret(), body)
        .then()
        .statusCode(200)
        .body("data.plan", equalTo("pro"))
        .body("data.currentPlan", equalTo("pro"))
        .body("data.dailyLimit", equalTo(10_000))
        .body("data.creditsAdded", equalTo(1000))
        .body("data.token", equalTo(chain.equals("solana") ? "USDC" : "USDT"))
        .body("data.wallet", equalTo(wallet));
    assertThat(PaymentRows.of(pool, tx).getString("purpose")).isEqualTo("plan");
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(1000);
    buyPlan(key.secret(), body).then().statusCode(409);
  }

  private static Response buyPlan(String key, Map<String, Object> body) {
    return given()
        .contentType(ContentType.JSON)
        .header("X-API-Key", key)
        .body(body)
        .post("/v1/plans/buy");
  }

  /**
   * The front-run (docs/reliability.md, "Threat model"): these purchases have no access pass, so
   * the key string is the only credential; a stranger posting the payer's transaction gets no key,
   * and neither does a proof signed by another wallet, by a proof for another transaction, nor a
   * stale one. The payer's proof, signed by its own library (tronweb, @solana/kit), claims it.
   */
  @ParameterizedTest
  @ValueSource(strings = {"solana", "tron"})
  void theFrontRun_getsNoKey_andThePayersOwnLibrarysProofClaims(String chain) {
    Node node = NODES.get(chain);
    Payers.Payer payer = Payers.fresh(chain);
    String tx = paid(node, payer.address(), 9_000_000);
    String other = paid(node, payer.address(), 9_000_000);
    Map<String, Object> bare = body(node, tx, 9);
    bare.put("appName", "non-evm");
    bare.put("keyDelivery", "apiKey");
    given()
        .contentType(ContentType.JSON)
        .body(bare)
        .post("/v1/keys/buy")
        .then()
        .statusCode(403)
        .body("key", nullValue())
        .body("error.message", containsString("a purchase on " + chain + " hands the key string"));
    Map<String, Map<String, Object>> wrong =
        Map.of(
            "is not " + payer.address(),
            Payers.fresh(chain).keysBuy("non-evm", chain, tx),
            "line 5",
            payer.keysBuy("non-evm", chain, other),
            "more than 10 minutes old",
            payer.sign(
                Payers.message(
                    "keys/buy",
                    List.of("App: non-evm"),
                    chain,
                    tx,
                    java.time.Instant.now().minusSeconds(660))));
    wrong.forEach(
        (reason, proof) -> {
          Map<String, Object> b = new HashMap<>(bare);
          b.put("senderProof", proof);
          given()
              .contentType(ContentType.JSON)
              .body(b)
              .post("/v1/keys/buy")
              .then()
              .statusCode(403)
              .body("key", nullValue())
              .body("error.message", containsString(reason));
        });
    assertThat(PaymentRows.count(pool, tx)).isZero();
    Map<String, Object> own = new HashMap<>(bare);
    own.put("senderProof", payer.keysBuy("non-evm", chain, tx));
    given()
        .contentType(ContentType.JSON)
        .body(own)
        .post("/v1/keys/buy")
        .then()
        .statusCode(200)
        .body("wallet", equalTo(payer.address()))
        .body("key", containsString("svc_live_"));
    // replayed: the transaction credited once
    given().contentType(ContentType.JSON).body(own).post("/v1/keys/buy").then().statusCode(409);
    assertThat(PaymentRows.count(pool, tx)).isEqualTo(1);
  }

  @ParameterizedTest
  @ValueSource(strings = {"solana", "tron"})
  void aTransferToAnotherWallet_isNotAPayment(String chain) {
    Node node = NODES.get(chain);
    String tx = node.newTx();
    String elsewhere = node.newWallet();
    node.transfer(tx, node.token(), node.newWallet(), elsewhere, 9_000_000, 1000);
    node.head(1100);
    refused(buyKey(body(node, tx, 9)), "not to the service's receiving address " + node.receiver());
    assertThat(PaymentRows.count(pool, tx)).isZero();
  }

  @ParameterizedTest
  @ValueSource(strings = {"solana", "tron"})
  void anotherToken_toTheService_isNotAPayment(String chain) {
    Node node = NODES.get(chain);
    String tx = node.newTx();
    node.transfer(tx, node.otherToken(), node.newWallet(), node.receiver(), 9_000_000, 1000);
    node.head(1100);
    refused(
        buyKey(body(node, tx, 9)),
        "transfers "
            + node.otherToken()
            + " to the service, which is not a payment token on chain "
            + chain);
    assertThat(PaymentRows.count(pool, tx)).isZero();
  }

  @ParameterizedTest
  @ValueSource(strings = {"solana", "tron"})
  void tooFewConfirmations_isRefused_untilTheHeadHasMovedOn(String chain) {
    Node node = NODES.get(chain);
    String tx = node.newTx();
    String wallet = payer(node);
    SENDERS.put(tx, wallet);
    node.transfer(tx, node.token(), wallet, node.receiver(), 6_000_000, 5000);
    node.head(5000 + node.confirmations() - 2);
    int required = node.confirmations();
    refused(
        buyKey(body(node, tx, 6)),
        "has "
            + (required - 1)
            + " of the "
            + required
            + " confirmations chain "
            + chain
            + " requires");
    assertThat(PaymentRows.count(pool, tx)).isZero();
    node.head(5000 + required - 1);
    buyKey(body(node, tx, 6)).then().statusCode(200).body("apiKeyCredits", equalTo(150));
  }

  @ParameterizedTest
  @ValueSource(strings = {"solana", "tron"})
  void aFailedTransaction_isNotAPayment(String chain) {
    Node node = NODES.get(chain);
    String tx = node.newTx();
    node.failed(tx, node.newWallet(), 1000);
    node.head(1100);
    refused(buyKey(body(node, tx, 9)), "failed (");
    buyKey(body(node, tx, 9))
        .then()
        .body("error.message", containsString("and moved no funds. Nothing was credited."));
    assertThat(PaymentRows.count(pool, tx)).isZero();
  }

  @ParameterizedTest
  @ValueSource(strings = {"solana", "tron"})
  void anUnknownTransaction_isNotAPayment(String chain) {
    Node node = NODES.get(chain);
    node.head(1100);
    String tx = node.newTx();
    refused(buyKey(body(node, tx, 9)), "is not on chain " + chain + " (no receipt)");
  }

  @ParameterizedTest
  @ValueSource(strings = {"solana", "tron"})
  void anUnreadableNode_is503RpcFailure_andCreditsNothing(String chain) {
    Node node = NODES.get(chain);
    String tx = node.newTx();
    node.unreadable();
    buyKey(body(node, tx, 9))
        .then()
        .statusCode(503)
        .header("Retry-After", "3")
        .body("error.code", equalTo("rpc_failure"))
        .body("error.failedConditions[0].source", equalTo("chain_read"))
        .body("error.failedConditions[0].chainId", equalTo(chain));
    assertThat(PaymentRows.count(pool, tx)).isZero();
    assertThat(
            node == NODES.get("solana")
                ? DevnetTestResource.solana().requests()
                : DevnetTestResource.tron().requests())
        .as("the reads were retried")
        .hasSizeGreaterThan(1);
  }

  @ParameterizedTest
  @ValueSource(strings = {"solana", "tron"})
  void aTransaction_creditsOnce_sequentially_andUnderConcurrentReplays(String chain)
      throws Exception {
    Node node = NODES.get(chain);
    String tx = paid(node, payer(node), 10_000_000);
    List<Integer> statuses = Concurrently.run(6, () -> buyKey(body(node, tx, 10)).statusCode());
    assertThat(statuses).containsOnly(200, 409);
    assertThat(statuses.stream().filter(s -> s == 200)).hasSize(1);
    buyKey(body(node, tx, 10))
        .then()
        .statusCode(409)
        .body("error.message", containsString("was already credited"));
    assertThat(PaymentRows.count(pool, tx)).isEqualTo(1);
    assertThat(Ledger.balance(pool, PaymentRows.of(pool, tx).getLong("api_key_id"))).isEqualTo(250);
  }

  @ParameterizedTest
  @ValueSource(strings = {"solana", "tron"})
  void aHashInAnotherFamilysForm_isA400_beforeAnyRead(String chain) {
    Node node = NODES.get(chain);
    buyKey(body(node, "0x" + "ab".repeat(32), 9))
        .then()
        .statusCode(400)
        .body("error.message", containsString("txHash"));
    assertThat(
            chain.equals("solana")
                ? DevnetTestResource.solana().requests()
                : DevnetTestResource.tron().requests())
        .isEmpty();
  }

  private static void refused(Response response, String reason) {
    response
        .then()
        .statusCode(400)
        .body("error.message", containsString(reason))
        .body("error.message", containsString("Nothing was credited."));
  }

  private Map<String, Object> payment(String tx) {
    Row row = PaymentRows.of(pool, tx);
    return Map.of("chain_id", row.getString("chain_id"), "sender", row.getString("sender"));
  }
}
