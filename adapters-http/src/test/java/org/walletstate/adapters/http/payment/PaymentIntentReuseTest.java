package org.walletstate.adapters.http.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.walletstate.adapters.http.testbed.Payments.USDC_BASE;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PaymentRows;
import org.walletstate.adapters.http.testbed.Payments;
import org.walletstate.adapters.http.testbed.PostgresTestResource;

/**
 * An expired intent's amount is handed out again after the cool-down, and the two intents never
 * match one payment: each accepts only a transfer mined while it was open (docs/billing.md,
 * "Payment intents"). Every other amount of the price is held by open intents stored here, so each
 * opening gets the one amount left; an 8-second lifetime, a 10-second cool-down, a second of clock
 * allowance. Real USDC transfers on the devnet's Base, whose block times the payment reader reads.
 */
@QuarkusTest
@TestProfile(PaymentIntentReuseTest.ShortCoolDown.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class PaymentIntentReuseTest {

  public static final class ShortCoolDown implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.ofEntries(
          Map.entry("walletstate.payment-intents.lifetime", "8s"),
          Map.entry("walletstate.payment-intents.reuse-after", "10s"),
          Map.entry("walletstate.payment-intents.claim-grace", "2s"),
          Map.entry("walletstate.payment-intents.clock-allowance", "1s"),
          Map.entry("walletstate.payment-intents.open-per-price", "20000"),
          Map.entry("walletstate.payment-intents.open-per-chain", "100000"));
    }
  }

  private static final String PRICE = "31";
  private static final int LEFT = 4242;
  private static final BigDecimal AMOUNT = new BigDecimal("31.004242");
  private static final String FILLER_HASH = "00".repeat(32);

  @Inject Pool pool;

  @AfterEach
  void releaseTheFiller() {
    sql("delete from payment_intent where secret_hash = decode($1, 'hex')", Tuple.of(FILLER_HASH));
  }

  @Test
  void afterTheCoolDown_theAmountIsIssuedAgain_andOnlyATransferMadeForTheNewIntentClaimsIt()
      throws Exception {
    // every amount of the price but one is held by open intents of others, until tomorrow
    sql(
        "insert into payment_intent (id, secret_hash, chain_id, amount, purpose, created_at,"
            + " expires_at) select 'pi_' || md5('reuse-filler-' || o), decode($1, 'hex'), '8453',"
            + " $2::numeric + o * 0.000001, 'keys/buy', now(), now() + interval '1 day'"
            + " from generate_series(1, 9999) o where o <> $3",
        Tuple.of(FILLER_HASH, new BigDecimal(PRICE), LEFT));

    Response first = open();
    first.then().statusCode(200);
    assertThat(new BigDecimal(first.<String>path("data.amount"))).isEqualByComparingTo(AMOUNT);
    Instant firstExpires = Instant.parse(first.path("data.expiresAt"));

    // the old intent's payer pays, and never claims
    String exchange = Payments.fundedWallet(PayerBindingTest.BASE, USDC_BASE, 100_000_000);
    long raw = AMOUNT.movePointRight(6).longValueExact();
    String paidForOld =
        Payments.transfer(PayerBindingTest.BASE, exchange, USDC_BASE, Payments.treasury(), raw);
    Payments.mine(PayerBindingTest.BASE, 1);

    // (d) while the old intent is open, and after it expired but within the cool-down: 409
    long held = storedAtPrice();
    refused(open());
    sleepUntil(firstExpires.plusSeconds(2));
    refused(open());
    assertThat(storedAtPrice()).as("nothing stored").isEqualTo(held);

    // (a) once the cool-down has passed, a new caller gets the same amount
    sleepUntil(firstExpires.plusSeconds(11));
    Response second = open();
    second.then().statusCode(200);
    assertThat(new BigDecimal(second.<String>path("data.amount"))).isEqualByComparingTo(AMOUNT);
    String id = second.path("data.intentId");
    assertThat(id).isNotEqualTo(first.path("data.intentId"));
    Map<String, Object> intent = Map.of("id", id, "secret", second.path("data.secret"));

    // (b) the transfer made for the old intent does not claim the new one: 403, nothing given
    Map<String, Object> stale = PayerBindingTest.keysBuy(paidForOld, AMOUNT, "apiKey");
    stale.put("paymentIntent", intent);
    PayerBindingTest.post("/v1/keys/buy", stale)
        .then()
        .statusCode(403)
        .body("error.message", containsString("before payment intent " + id + " was opened"))
        .body("error.message", containsString("Nothing was credited"));
    assertThat(PaymentRows.count(pool, paidForOld)).isZero();
    assertThat(claimedTx(id)).as("the new intent is not used up").isNull();

    // (c) a transfer made after the new intent opened is claimed by its holder
    String paidForNew =
        Payments.transfer(PayerBindingTest.BASE, exchange, USDC_BASE, Payments.treasury(), raw);
    Payments.mine(PayerBindingTest.BASE, 1);
    Map<String, Object> claim = PayerBindingTest.keysBuy(paidForNew, AMOUNT, "apiKey");
    claim.put("paymentIntent", new HashMap<>(intent));
    String key =
        PayerBindingTest.post("/v1/keys/buy", claim).then().statusCode(200).extract().path("key");
    assertThat(key).startsWith("svc_live_");
    assertThat(PaymentRows.count(pool, paidForNew)).isEqualTo(1);
    assertThat(claimedTx(id)).isEqualToIgnoringCase(paidForNew);
  }

  private static Response open() {
    return PayerBindingTest.post(
        "/v1/payment-intents",
        new HashMap<>(Map.of("chainId", 8453, "amount", 31, "purpose", "keys/buy")));
  }

  private static void refused(Response r) {
    r.then()
        .statusCode(409)
        .body("error.message", containsString("held by another payment intent"));
  }

  private static void sleepUntil(Instant at) throws InterruptedException {
    long wait = Duration.between(Instant.now(), at).toMillis();
    if (wait > 0) {
      Thread.sleep(wait);
    }
  }

  private long storedAtPrice() {
    return sql(
            "select count(*) as n from payment_intent where chain_id = '8453'"
                + " and amount > $1 and amount < $1 + 0.01",
            Tuple.of(new BigDecimal(PRICE)))
        .getLong("n");
  }

  private String claimedTx(String id) {
    return sql("select claimed_tx from payment_intent where id = $1", Tuple.of(id))
        .getString("claimed_tx");
  }

  private Row sql(String query, Tuple args) {
    var rows = pool.preparedQuery(query).execute(args).await().atMost(Duration.ofSeconds(30));
    return rows.size() == 0 ? null : rows.iterator().next();
  }
}
