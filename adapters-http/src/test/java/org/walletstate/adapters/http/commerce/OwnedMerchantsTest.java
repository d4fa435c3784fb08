package org.walletstate.adapters.http.commerce;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.domain.payload.KeyVersion;

/**
 * {@code GET /v1/keys/merchants}: a key sees its own stores, oldest first, paused or listed or not,
 * and nothing of another key's; no key is 401.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class OwnedMerchantsTest {

  @Inject Pool pool;

  private String key() {
    return TestKeys.create(pool, 0, 1_000, KeyVersion.V2).secret();
  }

  private static String store(String key, String name) {
    String id = "own-" + UUID.randomUUID().toString().substring(0, 8);
    PointOfSaleTest.as(key)
        .body(Map.of("companyName", name + " " + id, "companyId", id))
        .post("/v1/merchants")
        .then()
        .statusCode(200);
    return id;
  }

  @Test
  void aKey_seesItsOwnStores_andNoOneElses() {
    String owner = key();
    String other = key();
    String first = store(owner, "First");
    String second = store(owner, "Second");
    String theirs = store(other, "Theirs");
    PointOfSaleTest.as(owner)
        .body(Map.of("paused", true))
        .put("/v1/merchants/" + second + "/settings")
        .then()
        .statusCode(200);
    PointOfSaleTest.as(owner).post("/v1/merchants/" + first + "/directory").then().statusCode(200);

    PointOfSaleTest.as(owner)
        .get("/v1/keys/merchants")
        .then()
        .statusCode(200)
        .body("data.count", equalTo(2))
        .body("data.merchants", hasSize(2))
        .body("data.merchants[0].id", equalTo(first))
        .body("data.merchants[0].companyName", equalTo("First " + first))
        .body("data.merchants[0].listedInDirectory", equalTo(true))
        .body("data.merchants[0].paused", equalTo(false))
        .body("data.merchants[0].verification.status", equalTo("unverified"))
        .body("data.merchants[1].id", equalTo(second))
        .body("data.merchants[1].paused", equalTo(true));
    PointOfSaleTest.as(other)
        .get("/v1/keys/merchants")
        .then()
        .statusCode(200)
        .body("data.count", equalTo(1))
        .body("data.merchants[0].id", equalTo(theirs));
    PointOfSaleTest.as(key())
        .get("/v1/keys/merchants")
        .then()
        .statusCode(200)
        .body("data.count", equalTo(0))
        .body("data.merchants", hasSize(0));
    PointOfSaleTest.as(null).get("/v1/keys/merchants").then().statusCode(401);
    PointOfSaleTest.as("wsk_not_a_key").get("/v1/keys/merchants").then().statusCode(401);
  }
}
