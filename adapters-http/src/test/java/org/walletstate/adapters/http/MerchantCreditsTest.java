package org.walletstate.adapters.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.containsStringIgnoringCase;
import static org.hamcrest.Matchers.equalTo;
import static org.walletstate.adapters.http.testbed.Payments.USDC_BASE;

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
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Payers;
import org.walletstate.adapters.http.testbed.Payments;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.Rule;

/**
 * {@code POST /v1/merchants/{id}/credits} with real USDC transfers on the devnet: the flat rate
 * into the owner key's balance, the once-ever transaction hash (shared with the other purchases,
 * also under concurrent replays), the key's wallet rule, refusals that credit nothing, and the
 * owner checks.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class MerchantCreditsTest {

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

  private static String freeKey() {
    return given()
        .contentType(ContentType.JSON)
        .body(Map.of("email", "mc-" + UUID.randomUUID() + "@example.org", "appName", "shop"))
        .post("/v1/keys/create")
        .then()
        .statusCode(200)
        .extract()
        .path("key");
  }

  private static String merchant(String key) {
    String id = "mc-" + UUID.randomUUID().toString().substring(0, 12);
    MerchantsTest.as(key)
        .body(Map.of("companyName", "Credits " + id, "companyId", id))
        .post("/v1/merchants")
        .then()
        .statusCode(200);
    return id;
  }

  /** A confirmed USDC transfer of {@code raw} units from {@code wallet} to the service. */
  private static String paid(String wallet, long raw) {
    Payments.fund(BASE, wallet, USDC_BASE, raw);
    String tx = Payments.transfer(BASE, wallet, USDC_BASE, Payments.treasury(), raw);
    Payments.mine(BASE, 1);
    return tx;
  }

  private static Map<String, Object> body(String tx, Object amount) {
    Map<String, Object> body = new HashMap<>();
    body.put("txHash", tx);
    body.put("chainId", 8453);
    body.put("amount", amount);
    return body;
  }

  /** The payer's own purchase: a body given as a map carries its senderProof. */
  @SuppressWarnings("unchecked")
  private static Response credits(String key, String merchant, Object body) {
    Object sent =
        body instanceof Map<?, ?> map
            ? Payers.proven("merchant-credits:" + merchant, (Map<String, ?>) map)
            : body;
    return MerchantsTest.as(key).body(sent).post("/v1/merchants/" + merchant + "/credits");
  }

  @Test
  void aPayment_addsTwentyFiveCreditsPerUsd_toTheOwnerKey_atAnyAmount() {
    String key = freeKey();
    String id = merchant(key);
    String wallet = Payers.fundedWallet(BASE, USDC_BASE, 0);
    String tx = paid(wallet, 100_000_000); // 100 USD: the volume rate would give 33 per USD
    credits(key, id, body(tx, 100))
        .then()
        .statusCode(200)
        .body("ok", equalTo(true))
        .body("data.creditsAdded", equalTo(2500))
        .body("data.totalCredits", equalTo(2510)) // the free key's 10 and the purchase
        .body("data.usdcPaid", equalTo("100"))
        .body("data.chainName", equalTo("Base"));
    MerchantsTest.as(key)
        .get("/v1/merchants/" + id + "/status")
        .then()
        .statusCode(200)
        .body("data.credits", equalTo(2510));
    given()
        .header("X-API-Key", key)
        .get("/v1/credits")
        .then()
        .statusCode(200)
        .body("data.credits", equalTo(2510));

    String fractional = paid(wallet, 25_500_000);
    credits(key, id, body(fractional, "25.5"))
        .then()
        .statusCode(200)
        .body("data.creditsAdded", equalTo(637)) // whole credits, rounded down
        .body("data.totalCredits", equalTo(3147))
        .body("data.usdcPaid", equalTo("25.5"));

    Row payment = paymentRow(tx);
    assertThat(payment.getString("purpose")).isEqualTo("merchant_credits");
    assertThat(payment.getLong("credits")).isEqualTo(2500);
    assertThat(payment.getLong("api_key_id")).isEqualTo(keyId(key));
    assertLedgerBalances(keyId(key));
  }

  @Test
  void aTransactionCreditsOnceEver_acrossPurchases_andUnderConcurrentReplays() throws Exception {
    String key = freeKey();
    String id = merchant(key);
    String wallet = Payers.fundedWallet(BASE, USDC_BASE, 0);
    String tx = paid(wallet, 5_000_000);
    List<Integer> statuses = new ArrayList<>();
    ExecutorService pool8 = Executors.newFixedThreadPool(8);
    try {
      List<Future<Integer>> answers = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        answers.add(pool8.submit(() -> credits(key, id, body(tx, 5)).statusCode()));
      }
      for (Future<Integer> f : answers) {
        statuses.add(f.get());
      }
    } finally {
      pool8.shutdownNow();
    }
    assertThat(statuses.stream().filter(s -> s == 200).count()).isEqualTo(1);
    assertThat(statuses.stream().filter(s -> s == 409).count()).isEqualTo(7);
    credits(key, id, body(tx, 5))
        .then()
        .statusCode(409)
        .body("error.message", containsString("was already credited"));
    // the hash is spent for every purchase, not only this endpoint
    given()
        .contentType(ContentType.JSON)
        .header("X-API-Key", key)
        .body(body(tx, 5))
        .post("/v1/credits/buy")
        .then()
        .statusCode(409);
    assertThat(paymentsWith(tx)).isEqualTo(1);
    assertThat(balance(key)).isEqualTo(10 + 125);
    assertLedgerBalances(keyId(key));
  }

  /**
   * The front-run (docs/reliability.md, "Threat model"): a stranger with a free key and a store of
   * its own posts the owner's transaction hash, seen on chain, first. Without a proof, and with a
   * proof signed by its own wallet, it gets no credits and no wallet; the payer then claims.
   */
  @Test
  void aStrangerPostingThePayersTransaction_getsNothing_andThePayerStillClaims() {
    String owner = freeKey();
    String id = merchant(owner);
    String stranger = freeKey();
    String strangersStore = merchant(stranger);
    String wallet = Payers.fundedWallet(BASE, USDC_BASE, 0);
    String tx = paid(wallet, 8_000_000);
    String path = "/v1/merchants/" + strangersStore + "/credits";
    MerchantsTest.as(stranger)
        .body(body(tx, 8))
        .post(path)
        .then()
        .statusCode(403)
        .body("error.message", containsString("Payer not proven"))
        .body("error.message", containsString("Nothing was credited"));
    Map<String, Object> forged = body(tx, 8);
    forged.put("senderProof", Payers.evm().merchantCredits(strangersStore, 8453, tx));
    MerchantsTest.as(stranger)
        .body(forged)
        .post(path)
        .then()
        .statusCode(403)
        .body("error.message", containsStringIgnoringCase("is not " + wallet));
    assertThat(balance(stranger)).isEqualTo(10);
    assertThat(keyWallet(stranger)).isNull();
    assertThat(paymentsWith(tx)).isZero();

    credits(owner, id, body(tx, 8)).then().statusCode(200).body("data.creditsAdded", equalTo(200));
    assertThat(keyWallet(owner)).isEqualToIgnoringCase(wallet);
    assertLedgerBalances(keyId(owner));
    assertLedgerBalances(keyId(stranger));
  }

  @Test
  void theKeysWallet_isRegisteredByTheFirstPurchase_andHoldsLaterOnes() {
    String key = freeKey();
    String id = merchant(key);
    String first = Payers.fundedWallet(BASE, USDC_BASE, 0);
    credits(key, id, body(paid(first, 5_000_000), 5)).then().statusCode(200);
    assertThat(keyWallet(key)).isEqualToIgnoringCase(first);

    String other = Payers.fundedWallet(BASE, USDC_BASE, 0);
    String fromOther = paid(other, 6_000_000);
    credits(key, id, body(fromOther, 6))
        .then()
        .statusCode(400)
        .body("error.message", containsString("registered wallet"));
    assertThat(paymentsWith(fromOther)).isZero();
    assertThat(balance(key)).isEqualTo(10 + 125);

    Map<String, Object> update = body(fromOther, 6);
    update.put("updateWallet", true);
    credits(key, id, update).then().statusCode(200).body("data.creditsAdded", equalTo(150));
    assertThat(keyWallet(key)).isEqualToIgnoringCase(other);

    // a wallet registered to another key is refused
    String otherKey = freeKey();
    String otherStore = merchant(otherKey);
    credits(otherKey, otherStore, body(paid(other, 5_000_000), 5)).then().statusCode(409);
    assertThat(balance(otherKey)).isEqualTo(10);

    Map<String, Object> badFlag = body(paid(other, 5_000_000), 5);
    badFlag.put("updateWallet", "yes");
    credits(key, id, badFlag).then().statusCode(400);
    assertLedgerBalances(keyId(key));
    assertLedgerBalances(keyId(otherKey));
  }

  @Test
  void notAPayment_is400_andCreditsNothing() {
    String key = freeKey();
    String id = merchant(key);
    String wallet = Payers.fundedWallet(BASE, USDC_BASE, 20_000_000);

    String elsewhere = Payments.transfer(BASE, wallet, USDC_BASE, Payments.deployer(), 5_000_000);
    String small = Payments.transfer(BASE, wallet, USDC_BASE, Payments.treasury(), 4_000_000);
    String fine = Payments.transfer(BASE, wallet, USDC_BASE, Payments.treasury(), 7_000_000);
    Payments.mine(BASE, 1);
    credits(key, id, body(elsewhere, 5))
        .then()
        .statusCode(400)
        .body("error.message", containsString("receiving address"));
    credits(key, id, body(small, 5))
        .then()
        .statusCode(400)
        .body("error.message", containsString("minimum"));
    credits(key, id, body(fine, 8))
        .then()
        .statusCode(400)
        .body("error.message", containsString("does not match"));
    credits(key, id, body("0x" + "ab".repeat(32), 5))
        .then()
        .statusCode(400)
        .body("error.message", containsString("no receipt"));
    credits(key, id, Map.of("chainId", 8453, "amount", 5)).then().statusCode(400);
    credits(key, id, Map.of("txHash", fine, "chainId", 100, "amount", 7)).then().statusCode(400);
    for (String tx : List.of(elsewhere, small, fine)) {
      assertThat(paymentsWith(tx)).isZero();
    }
    assertThat(balance(key)).isEqualTo(10);
    credits(key, id, body(fine, 7)).then().statusCode(200).body("data.creditsAdded", equalTo(175));
  }

  @Test
  void anUnreadableReceipt_is503RpcFailure_andCreditsNothing() {
    String key = freeKey();
    String id = merchant(key);
    String tx = paid(Payers.fundedWallet(BASE, USDC_BASE, 0), 5_000_000);
    DevnetTestResource.chain8453()
        .install(Rule.of(Match.method("eth_getTransactionReceipt"), Fault.status(502)));
    credits(key, id, body(tx, 5))
        .then()
        .statusCode(503)
        .header("Retry-After", "3")
        .body("error.code", equalTo("rpc_failure"))
        .body("error.failedConditions[0].chainId", equalTo(8453));
    assertThat(paymentsWith(tx)).isZero();
    assertThat(balance(key)).isEqualTo(10);
    DevnetTestResource.chain8453().reset();
    credits(key, id, body(tx, 5)).then().statusCode(200);
  }

  @Test
  void onlyTheOwnerKey_buysCredits_andNothingIsReadOrCreditedOtherwise() {
    String owner = freeKey();
    String id = merchant(owner);
    String tx = paid(Payers.fundedWallet(BASE, USDC_BASE, 0), 5_000_000);
    credits(null, id, body(tx, 5))
        .then()
        .statusCode(401)
        .body("error.message", equalTo("Invalid or missing API key."));
    String stranger = freeKey();
    credits(stranger, id, body(tx, 5))
        .then()
        .statusCode(403)
        .body("error.message", containsString("does not own merchant"));
    credits(owner, "no-such-store-" + UUID.randomUUID().toString().substring(0, 8), body(tx, 5))
        .then()
        .statusCode(404);
    // a broken body is 400 before the merchant is looked at
    credits(stranger, id, Map.of("txHash", tx)).then().statusCode(400);
    assertThat(paymentsWith(tx)).isZero();
    assertThat(balance(stranger)).isEqualTo(10);
    credits(owner, id, body(tx, 5)).then().statusCode(200).body("data.totalCredits", equalTo(135));
  }

  private long balance(String key) {
    return given()
        .header("X-API-Key", key)
        .get("/v1/credits")
        .then()
        .statusCode(200)
        .extract()
        .jsonPath()
        .getLong("data.credits");
  }

  private Row one(String sql, Object param) {
    return pool.preparedQuery(sql)
        .execute(Tuple.of(param))
        .await()
        .atMost(Duration.ofSeconds(10))
        .iterator()
        .next();
  }

  private long keyId(String key) {
    return one(
            "select id from api_key where key_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')",
            key)
        .getLong("id");
  }

  private String keyWallet(String key) {
    return one("select wallet from api_key where id = $1", keyId(key)).getString("wallet");
  }

  private Row paymentRow(String tx) {
    return one("select * from payment where tx_hash = $1", tx.toLowerCase());
  }

  private long paymentsWith(String tx) {
    return one("select count(*) as n from payment where tx_hash = $1", tx.toLowerCase())
        .getLong("n");
  }

  private void assertLedgerBalances(long keyId) {
    Row row =
        one(
            "select k.credits, (select coalesce(sum(amount), 0) from credit_entry"
                + " where api_key_id = k.id) as total,"
                + " (select count(*) from credit_entry where api_key_id = k.id"
                + " and kind = 'purchase') as purchases,"
                + " (select count(*) from payment where api_key_id = k.id) as payments"
                + " from api_key k where k.id = $1",
            keyId);
    assertThat(row.getLong("total")).isEqualTo(row.getLong("credits"));
    assertThat(row.getLong("purchases")).isEqualTo(row.getLong("payments"));
  }
}
