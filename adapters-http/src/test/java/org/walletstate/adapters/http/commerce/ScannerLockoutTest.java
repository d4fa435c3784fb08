package org.walletstate.adapters.http.commerce;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.AbuseLimits;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.domain.commerce.ScannerLockout;
import org.walletstate.domain.payload.KeyVersion;

/**
 * The scanner PIN lockout over HTTP, each client its own address: one address guessing locks only
 * itself; many addresses together stop at the store-wide ceiling, which alerts the owner and still
 * lets the store's own tills log in.
 */
@QuarkusTest
@TestProfile(AbuseLimits.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class ScannerLockoutTest {

  @Inject Pool pool;

  private record Store(String id, String ownerKey) {}

  private Store store() {
    TestKeys.TestKey key = TestKeys.create(pool, 10, 1_000_000, KeyVersion.V2);
    PointOfSaleTest.Owner owner = new PointOfSaleTest.Owner(key.secret(), key.id());
    String id = PointOfSaleTest.store(owner);
    PointOfSaleTest.addScanner(owner.key(), id, "7777").then().statusCode(200);
    return new Store(id, owner.key());
  }

  private static Response scanners(Store store) {
    return given()
        .header("X-API-Key", store.ownerKey())
        .get("/v1/merchants/" + store.id() + "/scanners");
  }

  private static Response login(String client, String merchant, String pin) {
    return given()
        .header("X-Forwarded-For", client)
        .contentType("application/json")
        .body(Map.of("merchantId", merchant, "pin", pin))
        .post("/v1/scanner/session");
  }

  private static List<Integer> concurrently(List<Callable<Integer>> calls) throws Exception {
    ExecutorService threads = Executors.newFixedThreadPool(16);
    try {
      List<Integer> statuses = new ArrayList<>();
      for (Future<Integer> f : threads.invokeAll(calls)) {
        statuses.add(f.get());
      }
      return statuses;
    } finally {
      threads.shutdownNow();
    }
  }

  @Test
  void oneAddressGuessing_locksOnlyItself_theTillsLogInFromTheirOwn() throws Exception {
    Store store = store();
    String id = store.id();
    String attacker = AbuseLimits.freshClient();
    List<Callable<Integer>> guesses = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      String pin = String.format("%04d", 1000 + i);
      guesses.add(() -> login(attacker, id, pin).statusCode());
    }
    List<Integer> statuses = concurrently(guesses);
    assertThat(statuses.stream().filter(s -> s == 401).count()).isEqualTo(5);
    assertThat(statuses.stream().filter(s -> s == 429).count()).isEqualTo(15);
    login(attacker, id, "7777")
        .then()
        .statusCode(429)
        .header("Retry-After", notNullValue())
        .body("error.message", containsString("from your address is locked after 5 wrong PINs"));

    login(AbuseLimits.freshClient(), id, "7777").then().statusCode(200);
    scanners(store).then().statusCode(200).body("data.lockoutAlertedAt", nullValue());
  }

  @Test
  void manyAddresses_stopAtTheStoreCeiling_theOwnerIsAlerted_andKnownTillsStillLogIn()
      throws Exception {
    Store store = store();
    String id = store.id();
    String till = AbuseLimits.freshClient();
    login(till, id, "7777").then().statusCode(200);

    List<Callable<Integer>> guesses = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      String client = "203.0.113." + (1 + i / 4); // fifteen addresses, four guesses each
      String pin = String.format("%05d", 10_000 + i);
      guesses.add(() -> login(client, id, pin).statusCode());
    }
    List<Integer> statuses = concurrently(guesses);
    assertThat(statuses.stream().filter(s -> s == 401).count())
        .isEqualTo(ScannerLockout.STORE_CEILING);
    assertThat(statuses.stream().filter(s -> s == 429).count())
        .isEqualTo(60 - ScannerLockout.STORE_CEILING);
    // the owner sees the alert with the scanners
    scanners(store).then().statusCode(200).body("data.lockoutAlertedAt", notNullValue());

    login(AbuseLimits.freshClient(), id, "7777")
        .then()
        .statusCode(429)
        .body("error.message", containsString("the owner is alerted"));
    login(till, id, "7777").then().statusCode(200);
  }
}
