package org.walletstate.adapters.http.payment;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.containsStringIgnoringCase;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.equalToIgnoringCase;
import static org.hamcrest.Matchers.nullValue;
import static org.walletstate.adapters.http.testbed.Payments.USDC_BASE;
import static org.walletstate.adapters.http.testbed.Payments.USDC_ETHEREUM;
import static org.walletstate.adapters.http.testbed.Payments.USDT_ETHEREUM;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.filter.log.LogDetail;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.math.BigInteger;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.Concurrently;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Payers;
import org.walletstate.adapters.http.testbed.PaymentRows;
import org.walletstate.adapters.http.testbed.Payments;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.Rule;

/**
 * Keys and credits bought with real payments on the devnet: verification against the chain, the
 * once-ever rule for a transaction hash (also under concurrent replays), wallet registration, the
 * access pass, and a ledger that balances after all of it.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class PurchasesTest {

  /** A failed status check shows the request and response bodies (the reason of a refusal). */
  @BeforeAll
  static void showBodiesOnFailure() {
    RestAssured.enableLoggingOfRequestAndResponseIfValidationFails(LogDetail.BODY);
  }

  static final long BASE = 8453;

  @Inject Pool pool;

  @AfterEach
  void healTheProxy() {
    DevnetTestResource.chain8453().reset();
  }

  static String pay(long chain, String token, long raw) {
    String wallet = Payers.fundedWallet(chain, token, raw);
    return Payments.transfer(chain, wallet, token, Payments.treasury(), raw);
  }

  static Map<String, Object> body(String tx, Object chainId, Object amount) {
    Map<String, Object> body = new HashMap<>();
    body.put("txHash", tx);
    body.put("chainId", chainId);
    if (amount != null) {
      body.put("amount", amount);
    }
    return body;
  }

  /** The payer's own purchase: with its senderProof. */
  static Response buyKey(Map<String, Object> body) {
    Map<String, Object> b = new HashMap<>(body);
    b.putIfAbsent("appName", "purchases");
    return given()
        .contentType(ContentType.JSON)
        .body(Payers.proven("keys/buy", b))
        .post("/v1/keys/buy");
  }

  /** The payer's own purchase: with its senderProof. */
  static Response buyCredits(String key, Map<String, Object> body) {
    return given()
        .contentType(ContentType.JSON)
        .header("X-API-Key", key)
        .body(Payers.proven("credits/buy", body))
        .post("/v1/credits/buy");
  }

  static String freeKey() {
    return given()
        .contentType(ContentType.JSON)
        .body(Map.of("email", "pay-" + UUID.randomUUID() + "@example.org", "appName", "a"))
        .post("/v1/keys/create")
        .then()
        .statusCode(200)
        .extract()
        .path("key");
  }

  @Test
  void keysBuy_walletDelivery_mintsThePassAndOmitsTheKey() {
    String wallet = Payers.fundedWallet(BASE, USDC_BASE, 25_500_000);
    String tx = Payments.transfer(BASE, wallet, USDC_BASE, Payments.treasury(), 25_500_000);
    Payments.mine(BASE, 1);
    buyKey(Map.of("txHash", tx, "chainId", 8453, "amount", 25.5, "channel", "partner-7"))
        .then()
        .statusCode(200)
        .header("Cache-Control", "no-store")
        .body("success", equalTo(true))
        .body("key", nullValue())
        .body("apiKeyCredits", equalTo(637)) // 25.5 USD x 25, whole credits
        .body("creditsAdded", equalTo(637))
        .body("wallet", equalToIgnoringCase(wallet))
        .body("token", equalTo("USDC"))
        .body("usdcPaid", equalTo("25.5"))
        .body("chainName", equalTo("Base"))
        .body("authMethod", equalTo("wallet"))
        .body("authHint", containsString("domain localhost"))
        .body("accessPass.chainId", equalTo(8453))
        .body("accessPass.status", equalTo("minted"));
    String pass = Devnet.shared().manifest().chain(BASE).address("accessPass");
    assertThat(Payments.balanceOf(BASE, pass, wallet)).isEqualTo(BigInteger.ONE);
    Row row = keyRow(wallet);
    assertThat(row.getString("channel")).isEqualTo("partner-7");
    assertThat(row.getString("key_delivery")).isEqualTo("wallet");
    assertThat(mintState(row.getLong("id"))).isEqualTo("minted");
    assertLedgerBalances(row.getLong("id"));
  }

  @Test
  void keysBuy_apiKeyDelivery_returnsAWorkingKeyAndVolumeRates() {
    String tx = pay(BASE, USDC_BASE, 100_000_000);
    Payments.mine(BASE, 1);
    String key =
        buyKey(Map.of("txHash", tx, "chainId", "8453", "amount", "100", "keyDelivery", "apiKey"))
            .then()
            .statusCode(200)
            .body("authMethod", equalTo("apiKey"))
            .body("authHint", nullValue())
            .body("apiKeyCredits", equalTo(3300))
            .body("accessPass.status", equalTo("minted"))
            .extract()
            .path("key");
    given()
        .header("X-API-Key", key)
        .get("/v1/credits")
        .then()
        .statusCode(200)
        .body("data.credits", equalTo(3300));
  }

  @Test
  void keysBuy_bothDelivery_onChainOneInUsdt() {
    String tx = pay(1, USDT_ETHEREUM, 500_000_000);
    Payments.mine(1, 1);
    buyKey(Map.of("txHash", tx, "chainId", 1, "amount", 500, "keyDelivery", "both"))
        .then()
        .statusCode(200)
        .body("key", containsString("svc_live_"))
        .body("token", equalTo("USDT"))
        .body("apiKeyCredits", equalTo(25_000))
        .body("authMethod", equalTo("both"));
  }

  @Test
  void aTransactionCreditsOnce_evenUnderConcurrentReplays() throws Exception {
    String tx = pay(BASE, USDC_BASE, 5_000_000);
    Payments.mine(BASE, 1);
    List<Integer> statuses =
        Concurrently.run(
            8,
            () ->
                buyKey(Map.of("txHash", tx, "chainId", 8453, "amount", 5, "keyDelivery", "apiKey"))
                    .statusCode());
    assertThat(statuses).containsOnly(200, 409);
    assertThat(statuses.stream().filter(s -> s == 200)).hasSize(1);
    buyKey(Map.of("txHash", tx.toUpperCase().replace("0X", "0x"), "chainId", 8453, "amount", 5))
        .then()
        .statusCode(409)
        .body("error.message", containsString("was already credited"));
    // the same hash cannot buy credits for a key either
    buyCredits(freeKey(), body(tx, 8453, 5)).then().statusCode(409);
    assertThat(PaymentRows.count(pool, tx)).isEqualTo(1);

    String key = freeKey();
    String second = pay(BASE, USDC_BASE, 7_000_000);
    Payments.mine(BASE, 1);
    List<Integer> credits =
        Concurrently.run(8, () -> buyCredits(key, body(second, 8453, 7)).statusCode());
    assertThat(credits.stream().filter(s -> s == 200)).hasSize(1);
    assertThat(credits).containsOnly(200, 409);
    given().header("X-API-Key", key).get("/v1/credits").then().body("data.credits", equalTo(185));
    assertLedgerBalances(keyIdOf(key));
  }

  @Test
  void notAPayment_isA400SayingWhy_andCreditsNothing() {
    String wallet = Payers.fundedWallet(BASE, USDC_BASE, 50_000_000);
    String stranger = Payers.fundedWallet(BASE, USDC_BASE, 0);
    String wrongRecipient = Payments.transfer(BASE, wallet, USDC_BASE, stranger, 9_000_000);
    String dusd = Devnet.shared().manifest().chain(BASE).address("token6");
    Payments.fund(BASE, wallet, dusd, 9_000_000);
    String wrongToken = Payments.transfer(BASE, wallet, dusd, Payments.treasury(), 9_000_000);
    String under = Payments.transfer(BASE, wallet, USDC_BASE, Payments.treasury(), 4_000_000);
    String ten = Payments.transfer(BASE, wallet, USDC_BASE, Payments.treasury(), 10_000_000);
    String reverted = Payments.transfer(BASE, wallet, USDC_BASE, Payments.treasury(), 900_000_000);
    assertThat(Payments.succeeded(BASE, reverted)).isFalse();
    Payments.mine(BASE, 1);

    refused(wrongRecipient, 9, "not to the service's receiving address");
    refused(wrongToken, 9, "which is not a payment token on chain 8453");
    refused(under, 5, "pays 4 USDC; the minimum purchase is 5 USD");
    refused(ten, 12, "amount 12 does not match the 10 USDC");
    refused(reverted, 900, "reverted (status 0)");
    refused("0x" + "12".repeat(32), 9, "is not on chain 8453 (no receipt)");
    buyKey(body(ten, "bitcoin", 10))
        .then()
        .statusCode(400)
        .body("error.message", containsString("is not a bitcoin transaction id (64 hex digits)"));
    buyKey(body(ten, "solana", 10))
        .then()
        .statusCode(400)
        .body("error.message", containsString("is not a Solana transaction signature"));
    buyKey(body(ten, 100, 10))
        .then()
        .statusCode(400)
        .body("error.message", containsString("is not a payment chain"));
    buyKey(body(ten, 8453, 4.99))
        .then()
        .statusCode(400)
        .body("error.message", containsString("below the minimum purchase of 5 USD"));
    buyKey(body("0x1234", 8453, 10))
        .then()
        .statusCode(400)
        .body("error.message", containsString("is not a transaction hash"));
    assertThat(keyRowCount(wallet)).isZero();
    for (String tx : List.of(wrongRecipient, wrongToken, under, ten, reverted)) {
      assertThat(PaymentRows.count(pool, tx)).isZero();
    }
  }

  @Test
  void tooFewConfirmations_isRefusedUntilTheChainHasThem() {
    String tx = pay(BASE, USDC_BASE, 6_000_000);
    buyKey(Map.of("txHash", tx, "chainId", 8453, "amount", 6, "keyDelivery", "apiKey"))
        .then()
        .statusCode(400)
        .body("error.message", containsString("has 1 of the 2 confirmations"));
    Payments.mine(BASE, 1);
    buyKey(Map.of("txHash", tx, "chainId", 8453, "amount", 6, "keyDelivery", "apiKey"))
        .then()
        .statusCode(200)
        .body("apiKeyCredits", equalTo(150));
  }

  @Test
  void creditsBuy_registersTheFirstSender_andHoldsLaterPurchasesToIt() {
    String key = freeKey();
    String first = Payers.fundedWallet(BASE, USDC_BASE, 40_000_000);
    String other = Payers.fundedWallet(BASE, USDC_BASE, 40_000_000);
    String tx1 = Payments.transfer(BASE, first, USDC_BASE, Payments.treasury(), 10_000_000);
    String tx2 = Payments.transfer(BASE, other, USDC_BASE, Payments.treasury(), 10_000_000);
    String tx3 = Payments.transfer(BASE, first, USDC_BASE, Payments.treasury(), 5_000_000);
    Payments.mine(BASE, 1);
    buyCredits(key, body(tx1, 8453, 10))
        .then()
        .statusCode(200)
        .body("ok", equalTo(true))
        .body("data.creditsAdded", equalTo(250))
        .body("data.totalCredits", equalTo(260))
        .body("data.usdcPaid", equalTo("10"))
        .body("data.rate", equalTo(25))
        .body("data.wallet", equalToIgnoringCase(first))
        .body("data.walletRegistered", equalTo(true));
    buyCredits(key, body(tx2, 8453, 10))
        .then()
        .statusCode(400)
        .body(
            "error.message",
            containsStringIgnoringCase("this key's registered wallet is " + first));
    assertThat(PaymentRows.count(pool, tx2)).isZero();
    buyCredits(key, body(tx3, 8453, 5))
        .then()
        .statusCode(200)
        .body("data.walletRegistered", equalTo(false))
        .body("data.totalCredits", equalTo(385));
    Map<String, Object> update = body(tx2, 8453, 10);
    update.put("updateWallet", true);
    buyCredits(key, update)
        .then()
        .statusCode(200)
        .body("data.wallet", equalToIgnoringCase(other))
        .body("data.walletRegistered", equalTo(true))
        .body("data.totalCredits", equalTo(635));
    // a wallet that identifies one key cannot be registered to another
    String otherKey = freeKey();
    String tx4 = Payments.transfer(BASE, other, USDC_BASE, Payments.treasury(), 5_000_000);
    Payments.mine(BASE, 1);
    buyCredits(otherKey, body(tx4, 8453, 5)).then().statusCode(409);
    buyCredits(otherKey, Map.of("txHash", tx4, "chainId", 8453, "amount", 5, "updateWallet", "yes"))
        .then()
        .statusCode(400)
        .body("error.message", equalTo("updateWallet must be true or false, not a string"));
    buyCredits("svc_live_" + "0".repeat(40), body(tx4, 8453, 5)).then().statusCode(401);
    assertLedgerBalances(keyIdOf(key));
    assertLedgerBalances(keyIdOf(otherKey));
  }

  @Test
  void oneKeyPerWallet() {
    String wallet = Payers.fundedWallet(1, USDC_ETHEREUM, 20_000_000);
    String tx1 = Payments.transfer(1, wallet, USDC_ETHEREUM, Payments.treasury(), 10_000_000);
    String tx2 = Payments.transfer(1, wallet, USDC_ETHEREUM, Payments.treasury(), 10_000_000);
    Payments.mine(1, 1);
    buyKey(Map.of("txHash", tx1, "chainId", 1, "amount", 10, "keyDelivery", "apiKey"))
        .then()
        .statusCode(200);
    buyKey(Map.of("txHash", tx2, "chainId", 1, "amount", 10, "keyDelivery", "apiKey"))
        .then()
        .statusCode(409)
        .body("error.message", containsString("already has a key (one key per wallet)"));
    assertThat(PaymentRows.count(pool, tx2)).isZero();
  }

  @Test
  void anUnreadableReceipt_is503RpcFailure_andCreditsNothing() {
    String tx = pay(BASE, USDC_BASE, 8_000_000);
    Payments.mine(BASE, 1);
    DevnetTestResource.chain8453()
        .install(Rule.of(Match.method("eth_getTransactionReceipt"), Fault.status(502)));
    buyKey(Map.of("txHash", tx, "chainId", 8453, "amount", 8))
        .then()
        .statusCode(503)
        .header("Retry-After", "3")
        .body("error.code", equalTo("rpc_failure"))
        .body("error.failedConditions[0].source", equalTo("chain_read"))
        .body("error.failedConditions[0].chainId", equalTo(8453));
    assertThat(PaymentRows.count(pool, tx)).isZero();
    DevnetTestResource.chain8453().reset();
    buyKey(Map.of("txHash", tx, "chainId", 8453, "amount", 8, "keyDelivery", "apiKey"))
        .then()
        .statusCode(200);
  }

  @Test
  void aMintThatFails_isDeferred_theKeyIsReturned_andTheRetryLandsIt() {
    String wallet = Payers.fundedWallet(BASE, USDC_BASE, 5_000_000);
    String tx = Payments.transfer(BASE, wallet, USDC_BASE, Payments.treasury(), 5_000_000);
    Payments.mine(BASE, 1);
    DevnetTestResource.chain8453()
        .install(Rule.of(Match.method("eth_sendRawTransaction"), Fault.status(503)));
    buyKey(Map.of("txHash", tx, "chainId", 8453, "amount", 5))
        .then()
        .statusCode(200)
        .body("key", containsString("svc_live_"))
        .body("authMethod", equalTo("both"))
        .body("accessPass.status", equalTo("pending"));
    long keyId = keyRow(wallet).getLong("id");
    assertThat(mintState(keyId)).isEqualTo("pending");
    DevnetTestResource.chain8453().reset();
    pool.preparedQuery("update access_pass_mint set next_attempt = now() where api_key_id = $1")
        .execute(Tuple.of(keyId))
        .await()
        .atMost(Duration.ofSeconds(10));
    assertThat(
            io.quarkus.arc.Arc.container()
                .instance(org.walletstate.application.account.RetryPassMints.class)
                .get()
                .runOnce()
                .await()
                .atMost(Duration.ofSeconds(30)))
        .isGreaterThanOrEqualTo(1);
    assertThat(mintState(keyId)).isEqualTo("minted");
    String pass = Devnet.shared().manifest().chain(BASE).address("accessPass");
    assertThat(Payments.balanceOf(BASE, pass, wallet)).isEqualTo(BigInteger.ONE);
  }

  @Test
  void theWholeLedgerBalances() {
    var rows =
        pool.query(
                "select k.id, k.credits, coalesce(sum(e.amount), 0) as total from api_key k"
                    + " left join credit_entry e on e.api_key_id = k.id group by k.id, k.credits")
            .execute()
            .await()
            .atMost(Duration.ofSeconds(10));
    for (Row row : rows) {
      assertThat(row.getLong("total"))
          .as("key %d", row.getLong("id"))
          .isEqualTo(row.getLong("credits"));
    }
    long unexplained =
        pool.query(
                "select count(*) as n from payment p left join credit_entry e on e.payment_id = p.id"
                    + " where e.id is null")
            .execute()
            .await()
            .atMost(Duration.ofSeconds(10))
            .iterator()
            .next()
            .getLong("n");
    assertThat(unexplained).isZero();
  }

  private void refused(String tx, Object amount, String reason) {
    buyKey(body(tx, 8453, amount))
        .then()
        .statusCode(400)
        .body("ok", equalTo(false))
        .body("error.code", equalTo(400))
        .body("error.message", containsString(reason))
        .body("error.message", containsString("Nothing was credited"));
  }

  private Row keyRow(String wallet) {
    return pool.preparedQuery("select * from api_key where wallet = $1")
        .execute(Tuple.of(wallet.toLowerCase()))
        .await()
        .atMost(Duration.ofSeconds(10))
        .iterator()
        .next();
  }

  private int keyRowCount(String wallet) {
    return pool.preparedQuery("select * from api_key where wallet = $1")
        .execute(Tuple.of(wallet.toLowerCase()))
        .await()
        .atMost(Duration.ofSeconds(10))
        .size();
  }

  private String mintState(long keyId) {
    return pool.preparedQuery("select state from access_pass_mint where api_key_id = $1")
        .execute(Tuple.of(keyId))
        .await()
        .atMost(Duration.ofSeconds(10))
        .iterator()
        .next()
        .getString("state");
  }

  private long keyIdOf(String key) {
    String hash = org.walletstate.domain.account.ApiKey.parse(key).orElseThrow().hash().hex();
    return pool.preparedQuery("select id from api_key where key_hash = $1")
        .execute(Tuple.of(hash))
        .await()
        .atMost(Duration.ofSeconds(10))
        .iterator()
        .next()
        .getLong("id");
  }

  private void assertLedgerBalances(long keyId) {
    Row row =
        pool.preparedQuery(
                "select k.credits, (select coalesce(sum(amount), 0) from credit_entry"
                    + " where api_key_id = k.id) as total,"
                    + " (select count(*) from credit_entry where api_key_id = k.id"
                    + " and kind = 'purchase') as purchases,"
                    + " (select count(*) from payment where api_key_id = k.id) as payments"
                    + " from api_key k where k.id = $1")
            .execute(Tuple.of(keyId))
            .await()
            .atMost(Duration.ofSeconds(10))
            .iterator()
            .next();
    assertThat(row.getLong("total")).isEqualTo(row.getLong("credits"));
    assertThat(row.getLong("purchases")).isEqualTo(row.getLong("payments"));
  }
}
