package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;

/**
 * {@code codesIssuedToday} in the owner's {@code GET /v1/merchants/{id}/status}: the store's codes
 * stored since 00:00 UTC, issued on the devnet's holdings through {@code POST /v1/verify}.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class MerchantStatusCodesTodayTest {

  @Inject Pool pool;

  @Test
  void status_countsTheStoresCodesSinceUtcMidnight_whoeverAskedAndWhateverTheirDiscount() {
    String owner = DiscountsTest.freeKey();
    String store = DiscountsTest.store(owner, null);
    String otherStore = DiscountsTest.store(owner, null);
    assertThat(codesToday(owner, store)).isZero();

    String discounted = code(owner, store, DiscountsTest.HOLDER);
    String zero = code(owner, store, DiscountsTest.EMPTY);
    String stranger = DiscountsTest.freeKey();
    code(stranger, store, DiscountsTest.HOLDER);
    code(owner, otherStore, DiscountsTest.HOLDER);
    assertThat(codesToday(owner, store))
        .as("a discount, a code of no discount and another key's code; not the other store's")
        .isEqualTo(3);
    assertThat(codesToday(owner, otherStore)).isEqualTo(1);

    OffsetDateTime midnight = LocalDate.now(ZoneOffset.UTC).atStartOfDay().atOffset(ZoneOffset.UTC);
    createdAt(zero, midnight);
    createdAt(discounted, midnight.minusSeconds(1));
    assertThat(codesToday(owner, store))
        .as("a code of 00:00:00 UTC counts, one of the second before is yesterday's")
        .isEqualTo(2);

    MerchantsTest.as(stranger)
        .get("/v1/merchants/" + store + "/status")
        .then()
        .statusCode(403)
        .body("error.message", equalTo("This API key does not own merchant " + store));
  }

  private static String code(String key, String store, String wallet) {
    return DiscountsTest.post(key, "/v1/verify", DiscountsTest.body(store, wallet))
        .then()
        .statusCode(200)
        .extract()
        .path("data.code");
  }

  private static long codesToday(String key, String store) {
    return MerchantsTest.as(key)
        .get("/v1/merchants/" + store + "/status")
        .then()
        .statusCode(200)
        .extract()
        .<Number>path("data.codesIssuedToday")
        .longValue();
  }

  private void createdAt(String code, OffsetDateTime at) {
    pool.preparedQuery("update discount_code set created_at = $2 where code = $1")
        .execute(Tuple.of(code, at))
        .await()
        .atMost(Duration.ofSeconds(30));
  }
}
