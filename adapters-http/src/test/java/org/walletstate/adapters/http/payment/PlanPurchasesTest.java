package org.walletstate.adapters.http.payment;

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
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.Payers;
import org.walletstate.adapters.http.testbed.PaymentRows;
import org.walletstate.adapters.http.testbed.Payments;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.domain.account.PurchaseLimit;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Plans bought on chain (docs/billing.md, "Buying a plan") and the daily limit bought credits give
 * ("Daily limits of bought keys"): real USDC transfers on the devnet, proofs signed by ethers, the
 * months and the ledger in PostgreSQL. Later months are reached by running the hourly job's SQL at
 * a later time.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class PlanPurchasesTest {

  static final long BASE = 8453;
  static final long USDC = 1_000_000;

  @Inject Pool pool;

  @BeforeAll
  static void showBodiesOnFailure() {
    RestAssured.enableLoggingOfRequestAndResponseIfValidationFails(LogDetail.BODY);
  }

  record Paid(Payers.Payer payer, String tx) {}

  static Paid paid(Payers.Payer payer, long raw) {
    Payments.fund(BASE, payer.address(), USDC_BASE, raw);
    String tx = Payments.transfer(BASE, payer.address(), USDC_BASE, Payments.treasury(), raw);
    Payments.mine(BASE, 1);
    return new Paid(payer, tx);
  }

  static Map<String, Object> body(String plan, Paid paid, Object amount, boolean proof) {
    Map<String, Object> body = new HashMap<>();
    body.put("plan", plan);
    body.put("txHash", paid.tx());
    body.put("chainId", BASE);
    body.put("amount", amount);
    if (proof) {
      body.put("senderProof", paid.payer().plansBuy(plan, BASE, paid.tx()));
    }
    return body;
  }

  static Response buy(String key, Map<String, Object> body) {
    return given()
        .contentType(ContentType.JSON)
        .header("X-API-Key", key)
        .body(body)
        .post("/v1/plans/buy");
  }

  static Response credits(String key) {
    return given().header("X-API-Key", key).get("/v1/credits");
  }

  private Row keyRow(long id) {
    return pool.preparedQuery(
            "select plan, daily_limit, credits, wallet from api_key where id = $1")
        .execute(Tuple.of(id))
        .await()
        .atMost(Duration.ofSeconds(10))
        .iterator()
        .next();
  }

  /** The hourly job's run at {@code at} (it covers every key of the database). */
  private void hourlyRunAt(Instant at) {
    pool.preparedQuery("select apply_due_monthly_grants($1)")
        .execute(Tuple.of(at.atOffset(ZoneOffset.UTC)))
        .await()
        .atMost(Duration.ofSeconds(30));
  }

  @Test
  void buyingPro_setsPlanLimitAndGrant_aRenewalExtends_andExpiryReturnsToFree() {
    TestKeys.TestKey key = TestKeys.create(pool, 10, 100, KeyVersion.V2);
    Payers.Payer payer = Payers.evm();
    Instant before = Instant.now().minusSeconds(5);
    Response first = buy(key.secret(), body("pro", paid(payer, 29 * USDC), 29, true));
    first
        .then()
        .statusCode(200)
        .body("data.plan", equalTo("pro"))
        .body("data.currentPlan", equalTo("pro"))
        .body("data.dailyLimit", equalTo(10_000))
        .body("data.monthCredits", equalTo(1000))
        .body("data.creditsAdded", equalTo(1000))
        .body("data.totalCredits", equalTo(1010))
        .body("data.usdcPaid", equalTo("29"))
        .body("data.wallet", equalTo(payer.address()));
    Instant from = Instant.parse(first.path("data.paidFrom"));
    Instant until = Instant.parse(first.path("data.paidUntil"));
    assertThat(from).isBetween(before, Instant.now().plusSeconds(5));
    assertThat(Duration.between(from, until)).isEqualTo(Duration.ofDays(30));
    credits(key.secret())
        .then()
        .statusCode(200)
        .header("X-RateLimit-Limit", "10000")
        .body("data.plan", equalTo("pro"))
        .body("data.dailyLimit", equalTo(10_000))
        .body("data.credits", equalTo(1010));
    // a plan purchase registers no wallet
    assertThat(keyRow(key.id()).getString("wallet")).isNull();

    // a renewal before the end starts where the paid month ends; 1 USD over the price is 25 credits
    Response renewal = buy(key.secret(), body("pro", paid(payer, 30 * USDC), 30, true));
    renewal
        .then()
        .statusCode(200)
        .body("data.monthCredits", equalTo(1025))
        .body("data.creditsAdded", equalTo(0))
        .body("data.totalCredits", equalTo(1010))
        .body("data.currentPlan", equalTo("pro"));
    assertThat(Instant.parse(renewal.<String>path("data.paidFrom"))).isEqualTo(until);
    Instant renewedUntil = Instant.parse(renewal.path("data.paidUntil"));
    assertThat(renewedUntil).isEqualTo(until.plus(Duration.ofDays(30)));

    // the hourly run within the first month changes nothing; at the renewal's start it grants it
    hourlyRunAt(until.minusSeconds(60));
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(1010);
    hourlyRunAt(until.plusSeconds(1));
    hourlyRunAt(until.plusSeconds(3600));
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(1010 + 1025);
    assertThat(keyRow(key.id()).getString("plan")).isEqualTo("pro");
    assertThat(Ledger.entries(pool, key.id()))
        .filteredOn(e -> e.kind().equals("purchase"))
        .extracting(Ledger.Entry::amount)
        .containsExactly(1000L, 1025L);

    // after the paid time: back to the free plan's limit, the credits stay
    hourlyRunAt(renewedUntil.plusSeconds(1));
    credits(key.secret())
        .then()
        .statusCode(200)
        .header("X-RateLimit-Limit", "100")
        .body("data.plan", equalTo("free"))
        .body("data.dailyLimit", equalTo(100))
        .body("data.credits", equalTo(2035));
  }

  @Test
  void enterprise_getsItsLimitAndCredits_andItsTransactionBuysNothingElse() {
    TestKeys.TestKey key = TestKeys.create(pool, 0, 100, KeyVersion.V2);
    Paid paid = paid(Payers.evm(), 99 * USDC);
    buy(key.secret(), body("enterprise", paid, 99, true))
        .then()
        .statusCode(200)
        .body("data.currentPlan", equalTo("enterprise"))
        .body("data.dailyLimit", equalTo(100_000))
        .body("data.creditsAdded", equalTo(5000));
    assertThat(PaymentRows.of(pool, paid.tx()).getString("purpose")).isEqualTo("plan");

    // the same transaction, for a key, for credits, or for the plan again: 409, nothing written
    Map<String, Object> keysBuy = new HashMap<>();
    keysBuy.put("txHash", paid.tx());
    keysBuy.put("chainId", BASE);
    keysBuy.put("amount", 99);
    keysBuy.put("appName", "reuse");
    keysBuy.put("keyDelivery", "apiKey");
    keysBuy.put("senderProof", paid.payer().keysBuy("reuse", BASE, paid.tx()));
    given()
        .contentType(ContentType.JSON)
        .body(keysBuy)
        .post("/v1/keys/buy")
        .then()
        .statusCode(409)
        .body("error.message", containsString("already credited"));
    Map<String, Object> creditsBuy = body("enterprise", paid, 99, false);
    creditsBuy.remove("plan");
    creditsBuy.put("senderProof", paid.payer().creditsBuy(BASE, paid.tx()));
    given()
        .contentType(ContentType.JSON)
        .header("X-API-Key", key.secret())
        .body(creditsBuy)
        .post("/v1/credits/buy")
        .then()
        .statusCode(409);
    buy(key.secret(), body("enterprise", paid, 99, true)).then().statusCode(409);
    assertThat(PaymentRows.count(pool, paid.tx())).isEqualTo(1);
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(5000);
    assertThat(
            pool.preparedQuery("select count(*) as n from api_key where wallet = $1")
                .execute(Tuple.of(paid.payer().address().toLowerCase(java.util.Locale.ROOT)))
                .await()
                .atMost(Duration.ofSeconds(10))
                .iterator()
                .next()
                .getLong("n"))
        .isZero();
  }

  @Test
  void anUnderpayment_is400_chargesNothing_andThePaymentStillBuysCredits() {
    TestKeys.TestKey key = TestKeys.create(pool, 10, 100, KeyVersion.V2);
    Paid paid = paid(Payers.evm(), 10 * USDC);
    buy(key.secret(), body("pro", paid, 10, true))
        .then()
        .statusCode(400)
        .body("error.message", containsString("a month of pro costs 29 USD"))
        .body("error.message", containsString("Nothing was credited"));
    assertThat(PaymentRows.count(pool, paid.tx())).isZero();
    assertThat(keyRow(key.id()).getString("plan")).isEqualTo("free");
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(10);

    // bought as credits instead: 250 credits, and the daily limit of a small purchase
    Map<String, Object> creditsBuy = body("pro", paid, 10, false);
    creditsBuy.remove("plan");
    creditsBuy.put("senderProof", paid.payer().creditsBuy(BASE, paid.tx()));
    given()
        .contentType(ContentType.JSON)
        .header("X-API-Key", key.secret())
        .body(creditsBuy)
        .post("/v1/credits/buy")
        .then()
        .statusCode(200)
        .body("data.creditsAdded", equalTo(250));
    credits(key.secret())
        .then()
        .header("X-RateLimit-Limit", "1000")
        .body("data.plan", equalTo("free"))
        .body("data.dailyLimit", equalTo(1000));
  }

  @Test
  void aFrontRunner_cannotPutSomeoneElsesPaymentOnItsKey_andThePayerStillCan() {
    Payers.Payer victim = Payers.evm();
    Paid ownKey = paid(victim, 10 * USDC);
    Map<String, Object> keysBuy = new HashMap<>();
    keysBuy.put("txHash", ownKey.tx());
    keysBuy.put("chainId", BASE);
    keysBuy.put("amount", 10);
    keysBuy.put("appName", "victim");
    keysBuy.put("keyDelivery", "apiKey");
    keysBuy.put("senderProof", victim.keysBuy("victim", BASE, ownKey.tx()));
    String victimsKey =
        given()
            .contentType(ContentType.JSON)
            .body(keysBuy)
            .post("/v1/keys/buy")
            .then()
            .statusCode(200)
            .body("dailyLimit", equalTo(1000))
            .extract()
            .path("key");

    Paid paid = paid(victim, 29 * USDC);
    TestKeys.TestKey mallory = TestKeys.create(pool, 0, 100, KeyVersion.V2);
    buy(mallory.secret(), body("pro", paid, 29, false))
        .then()
        .statusCode(403)
        .body("error.message", containsString("Payer not proven"))
        .body("error.message", containsStringIgnoringCase("signed by " + victim.address()));
    Map<String, Object> forged = body("pro", paid, 29, false);
    forged.put("senderProof", Payers.evm().plansBuy("pro", BASE, paid.tx()));
    buy(mallory.secret(), forged).then().statusCode(403);
    // the victim's proof for enterprise does not buy pro
    Map<String, Object> otherPlan = body("pro", paid, 29, false);
    otherPlan.put("senderProof", victim.plansBuy("enterprise", BASE, paid.tx()));
    buy(mallory.secret(), otherPlan).then().statusCode(403);
    assertThat(PaymentRows.count(pool, paid.tx())).isZero();
    assertThat(keyRow(mallory.id()).getString("plan")).isEqualTo("free");

    // the payer's own key, whose registered wallet sent it, needs no proof
    buy(victimsKey, body("pro", paid, 29, false))
        .then()
        .statusCode(200)
        .body("data.currentPlan", equalTo("pro"))
        .body("data.totalCredits", equalTo(1250));
  }

  @Test
  void aPaymentIntentForPlans_letsItsHolderBuyAMonth_fromASharedSender() {
    Map<String, Object> intent =
        given()
            .contentType(ContentType.JSON)
            .body(Map.of("chainId", BASE, "amount", 29, "purpose", "plans/buy"))
            .post("/v1/payment-intents")
            .then()
            .statusCode(200)
            .body("data.purpose", equalTo("plans/buy"))
            .extract()
            .path("data");
    BigDecimal amount = new BigDecimal((String) intent.get("amount"));
    String exchange = Payments.fundedWallet(BASE, USDC_BASE, 100 * USDC);
    String tx =
        Payments.transfer(
            BASE,
            exchange,
            USDC_BASE,
            Payments.treasury(),
            amount.movePointRight(6).longValueExact());
    Payments.mine(BASE, 1);
    TestKeys.TestKey key = TestKeys.create(pool, 0, 100, KeyVersion.V2);
    Map<String, Object> body = new HashMap<>();
    body.put("plan", "pro");
    body.put("txHash", tx);
    body.put("chainId", BASE);
    body.put("amount", amount);
    buy(key.secret(), body).then().statusCode(403);
    body.put("paymentIntent", Map.of("id", intent.get("intentId"), "secret", intent.get("secret")));
    buy(key.secret(), body)
        .then()
        .statusCode(200)
        .body("data.currentPlan", equalTo("pro"))
        .body("data.creditsAdded", equalTo(1000));
    // the exchange never becomes the key's wallet
    assertThat(keyRow(key.id()).getString("wallet")).isNull();
  }

  @Test
  void theLimitFunction_agreesWithTheDomainsRule() {
    for (String usd : new String[] {"5", "28.99", "29", "98.999999", "99", "500"}) {
      int stored =
          pool.preparedQuery("select purchase_daily_limit($1) as l")
              .execute(Tuple.of(new BigDecimal(usd)))
              .await()
              .atMost(Duration.ofSeconds(10))
              .iterator()
              .next()
              .getInteger("l");
      assertThat(stored).as(usd).isEqualTo(PurchaseLimit.of(new BigDecimal(usd)));
    }
  }
}
