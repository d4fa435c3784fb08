package org.walletstate.adapters.http.payment;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.Concurrently;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;

/**
 * Strangers opening payment intents they never pay, from many addresses, to hold every amount of a
 * price (docs/billing.md, "Payment intents"): at most so many intents are open at once per client
 * address, per price and per chain, past that the answer is 503 with {@code Retry-After}, nothing
 * stored, and once the open ones expire later payers are served again; one address alone cannot
 * fill a price. Small bounds and a 6-second lifetime here; the rate limits are on, each request
 * from its own address behind a trusted proxy unless a test names one.
 */
@QuarkusTest
@TestProfile(PaymentIntentBoundsTest.SmallBounds.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class PaymentIntentBoundsTest {

  public static final class SmallBounds implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.ofEntries(
          Map.entry("walletstate.payment-intents.lifetime", "6s"),
          Map.entry("walletstate.payment-intents.open-per-price", "3"),
          Map.entry("walletstate.payment-intents.open-per-chain", "5"),
          Map.entry("walletstate.payment-intents.open-per-address", "2"),
          Map.entry("walletstate.rate-limits.enabled", "true"),
          Map.entry("walletstate.http.trusted-proxies", "127.0.0.0/8,::1"));
    }
  }

  private static final AtomicInteger ADDRESSES = new AtomicInteger();

  @Inject Pool pool;

  @Test
  void manyAddresses_fillAPriceAndAChain_thenLaterPayersAreServedOnceTheIntentsExpire()
      throws Exception {
    expireOpenIntents();

    long sevens = stored("7", "7.01");
    long nines = stored("9", "9.01");

    // six addresses at once for one price: three intents, three refusals, no overshoot
    List<Response> race = Concurrently.run(6, () -> open(7));
    List<Response> opened = race.stream().filter(r -> r.statusCode() == 200).toList();
    assertThat(opened).hasSize(3);
    for (Response r : race) {
      if (r.statusCode() != 200) {
        assertThat(r.statusCode()).as(r.asString()).isEqualTo(503);
        assertThat(r.path("error.message").toString())
            .contains("at most 3 open intents for 7 on chain 8453");
        assertThat(Long.parseLong(r.header("Retry-After"))).isBetween(1L, 6L);
      }
    }
    for (Response r : opened) {
      BigDecimal amount = new BigDecimal(r.<String>path("data.amount"));
      assertThat(amount).isGreaterThan(new BigDecimal("7")).isLessThan(new BigDecimal("7.01"));
    }
    assertThat(stored("7", "7.01")).isEqualTo(sevens + 3);

    // another price fits until the chain's bound, then every price waits
    open(8).then().statusCode(200);
    open(8).then().statusCode(200);
    open(9)
        .then()
        .statusCode(503)
        .header("Retry-After", org.hamcrest.Matchers.notNullValue())
        .body("error.message", containsString("at most 5 open intents on chain 8453"))
        .body("error.message", containsString("senderProof"));
    assertThat(stored("9", "9.01")).isEqualTo(nines);

    // once the first intents expire, a later payer is served, with an amount never handed out
    Thread.sleep(Duration.ofSeconds(7).toMillis());
    Response later = open(7);
    later.then().statusCode(200);
    BigDecimal amount = new BigDecimal(later.<String>path("data.amount"));
    for (Response r : opened) {
      assertThat(amount).isNotEqualByComparingTo(new BigDecimal(r.<String>path("data.amount")));
    }
    open(9).then().statusCode(200);
    assertThat(stored("7", "7.01")).isEqualTo(sevens + 4);
  }

  @Test
  void oneAddress_holdsAtMostItsOwnBound_evenRacing_andOtherAddressesAreServedAtThatPrice()
      throws Exception {
    expireOpenIntents();
    long elevens = stored("11", "11.01");

    // one address, six opens at once, for a price whose own bound (3) it could otherwise fill
    List<Response> race = Concurrently.run(6, () -> open(11, "203.0.113.66"));
    assertThat(race.stream().filter(r -> r.statusCode() == 200)).hasSize(2);
    for (Response r : race) {
      if (r.statusCode() != 200) {
        assertThat(r.statusCode()).as(r.asString()).isEqualTo(503);
        assertThat(r.path("error.message").toString())
            .contains("at most 2 open intents on chain 8453 for one client address")
            .contains("senderProof");
        assertThat(Long.parseLong(r.header("Retry-After"))).isBetween(1L, 6L);
      }
    }
    assertThat(stored("11", "11.01")).isEqualTo(elevens + 2);

    // another address still gets an amount of that price
    open(11, "203.0.113.67").then().statusCode(200);
    assertThat(stored("11", "11.01")).isEqualTo(elevens + 3);
  }

  /** Intents other tests left open on the chain are not this test's. */
  private void expireOpenIntents() {
    pool.preparedQuery(
            "update payment_intent set expires_at = $1 where chain_id = '8453'"
                + " and claimed_tx is null and expires_at > $1")
        .execute(Tuple.of(java.time.OffsetDateTime.now().minusSeconds(1)))
        .await()
        .atMost(Duration.ofSeconds(30));
  }

  private static Response open(int usd) {
    return open(usd, "198.19." + (ADDRESSES.incrementAndGet() % 250) + ".7");
  }

  private static Response open(int usd, String from) {
    return given()
        .contentType(ContentType.JSON)
        .header("X-Forwarded-For", from)
        .body(Map.of("chainId", 8453, "amount", usd, "purpose", "keys/buy"))
        .post("/v1/payment-intents");
  }

  private long stored(String from, String to) {
    return pool.preparedQuery(
            "select count(*) as n from payment_intent where chain_id = '8453'"
                + " and amount > $1 and amount < $2")
        .execute(Tuple.of(new BigDecimal(from), new BigDecimal(to)))
        .await()
        .atMost(Duration.ofSeconds(30))
        .iterator()
        .next()
        .getLong("n");
  }
}
