package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.Rule;

/**
 * A store owner's credits against many strangers' keys (docs/merchants.md, "Paid codes from other
 * keys"): the codes that carry a discount, which the owner pays for, are bounded per store for all
 * keys but the owner's together, over a rolling 24 hours, and not only per key; the owner sets the
 * bound; concurrent requests on the real PostgreSQL never overshoot it.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class OtherKeyCodesTest {

  static final String HOLDER = DiscountsTest.HOLDER;

  @Inject Pool pool;

  @AfterEach
  void heal() {
    DevnetTestResource.chain8453().reset();
  }

  @Test
  void strangersTogether_reachTheStoreBound_eachUnderItsOwnHourlyLimit_theOwnerIsNotHeld() {
    String owner = DiscountsTest.freeKey();
    String id = DiscountsTest.store(owner, "{\"maxPaidCodesFromOtherKeysPerDay\":4}");
    String first = DiscountsTest.freeKey();
    String second = DiscountsTest.freeKey();
    String third = DiscountsTest.freeKey();
    for (String stranger : List.of(first, first, second, second)) {
      verify(stranger, id)
          .then()
          .statusCode(200)
          .body("meta.creditsCharged", equalTo(0))
          .body("data.discountPercent", org.hamcrest.Matchers.greaterThan(0));
    }
    // two codes each, far under the 20 a key may have per hour: the store's bound speaks
    Response refused = verify(third, id);
    refused
        .then()
        .statusCode(429)
        .body("error.message", containsString("at most 4 discount codes per 24 hours"))
        .body("error.message", containsString("maxPaidCodesFromOtherKeysPerDay"))
        .body("error.message", containsString("no credit used"));
    long retry = Long.parseLong(refused.header("Retry-After"));
    assertThat(retry).isBetween(86_000L, 86_400L);
    verify(first, id).then().statusCode(429).body("error.message", containsString("24 hours"));
    assertThat(codes(id)).isEqualTo(4);
    assertThat(balance(owner)).isEqualTo(6);
    // a code without a discount costs the owner nothing and is not bounded
    DiscountsTest.post(third, "/v1/verify", DiscountsTest.body(id, DiscountsTest.EMPTY))
        .then()
        .statusCode(200)
        .body("data.discountPercent", equalTo(0));
    // the owner's own key is not held to the bound, and pays as always
    verify(owner, id).then().statusCode(200).body("meta.creditsCharged", equalTo(1));
    assertThat(balance(owner)).isEqualTo(5);

    // the owner raises the bound: two more fit, then the store is full again
    MerchantsTest.as(owner)
        .body("{\"maxPaidCodesFromOtherKeysPerDay\":6}")
        .put("/v1/merchants/" + id + "/settings")
        .then()
        .statusCode(200)
        .body("data.maxPaidCodesFromOtherKeysPerDay", equalTo(6));
    verify(third, id).then().statusCode(200);
    verify(third, id).then().statusCode(200);
    verify(third, id).then().statusCode(429);
    assertThat(balance(owner)).isEqualTo(3);

    // the window rolls: codes older than 24 hours no longer count
    pool.preparedQuery(
            "update discount_code set created_at = now() - interval '25 hours',"
                + " expires_at = now() - interval '24 hours' where code in (select code from"
                + " discount_code where merchant_id = $1 and caller_key_id <> owner_key_id"
                + " and discount_percent > 0 order by created_at limit 2)")
        .execute(Tuple.of(id))
        .await()
        .atMost(Duration.ofSeconds(30));
    verify(second, id).then().statusCode(200);
    verify(first, id).then().statusCode(200);
    verify(first, id).then().statusCode(429);
    var ledger =
        DiscountsTest.one(
            pool,
            "select k.credits, (select coalesce(sum(amount), 0) from credit_entry"
                + " where api_key_id = k.id) as total from api_key k where k.id = $1",
            keyId(owner));
    assertThat(ledger.getLong("total")).isEqualTo(ledger.getLong("credits")).isEqualTo(1);
  }

  @Test
  void theOwnerSetsTheBound_withClearRefusals_andNullRestoresTheDefault() {
    String owner = DiscountsTest.freeKey();
    String id = DiscountsTest.store(owner, null);
    String settings = "/v1/merchants/" + id + "/settings";
    MerchantsTest.as(owner)
        .get("/v1/merchants/" + id + "/status")
        .then()
        .statusCode(200)
        .body("data.maxPaidCodesFromOtherKeysPerDay", equalTo(200));
    MerchantsTest.as(owner)
        .body("{\"maxPaidCodesFromOtherKeysPerDay\":-1}")
        .put(settings)
        .then()
        .statusCode(400)
        .body("error.message", containsString("from 0 to 100000"));
    MerchantsTest.as(owner)
        .body("{\"maxPaidCodesFromOtherKeysPerDay\":\"many\"}")
        .put(settings)
        .then()
        .statusCode(400)
        .body("error.message", containsString("null for the default of 200"));
    // another key cannot change it
    MerchantsTest.as(DiscountsTest.freeKey())
        .body("{\"maxPaidCodesFromOtherKeysPerDay\":100000}")
        .put(settings)
        .then()
        .statusCode(403);
    // 0: no other key gets a paid code, the owner still does
    MerchantsTest.as(owner)
        .body("{\"maxPaidCodesFromOtherKeysPerDay\":0}")
        .put(settings)
        .then()
        .statusCode(200)
        .body("data.maxPaidCodesFromOtherKeysPerDay", equalTo(0));
    String stranger = DiscountsTest.freeKey();
    verify(stranger, id).then().statusCode(429).body("error.message", containsString("at most 0"));
    verify(owner, id).then().statusCode(200);
    MerchantsTest.as(owner)
        .body("{\"maxPaidCodesFromOtherKeysPerDay\":null}")
        .put(settings)
        .then()
        .statusCode(200)
        .body("data.maxPaidCodesFromOtherKeysPerDay", equalTo(200));
    verify(stranger, id).then().statusCode(200);
    assertThat(codes(id)).isEqualTo(2);
  }

  @Test
  void parallelStrangers_neverOvershootTheBound() throws Exception {
    String owner = DiscountsTest.freeKey();
    String id = DiscountsTest.store(owner, "{\"maxPaidCodesFromOtherKeysPerDay\":3}");
    List<String> strangers = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      strangers.add(DiscountsTest.freeKey());
    }
    // every request is in flight before the first stores its code: the reads on 8453 are slow
    DevnetTestResource.chain8453()
        .install(Rule.of(Match.any(), Fault.delay(Duration.ofSeconds(2))));
    ExecutorService callers = Executors.newFixedThreadPool(strangers.size());
    try {
      List<Future<Response>> calls = new ArrayList<>();
      for (String stranger : strangers) {
        Callable<Response> call = () -> verify(stranger, id);
        calls.add(callers.submit(call));
      }
      int issued = 0;
      int limited = 0;
      for (Future<Response> f : calls) {
        Response r = f.get(180, TimeUnit.SECONDS);
        if (r.statusCode() == 200) {
          issued++;
        } else {
          assertThat(r.statusCode()).as(r.asString()).isEqualTo(429);
          limited++;
        }
      }
      assertThat(issued).isEqualTo(3);
      assertThat(limited).isEqualTo(5);
    } finally {
      callers.shutdownNow();
      DevnetTestResource.chain8453().reset();
    }
    assertThat(codes(id)).isEqualTo(3);
    assertThat(balance(owner)).isEqualTo(7);
  }

  private static Response verify(String key, String store) {
    return DiscountsTest.post(key, "/v1/verify", DiscountsTest.body(store, HOLDER));
  }

  private long codes(String store) {
    return DiscountsTest.one(
            pool, "select count(*) as n from discount_code where merchant_id = $1", store)
        .getLong("n");
  }

  private long keyId(String key) {
    return DiscountsTest.one(
            pool,
            "select id from api_key where key_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')",
            key)
        .getLong("id");
  }

  private long balance(String key) {
    return DiscountsTest.one(pool, "select credits from api_key where id = $1", keyId(key))
        .getLong("credits");
  }
}
