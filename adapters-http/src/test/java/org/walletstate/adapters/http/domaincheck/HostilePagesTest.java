package org.walletstate.adapters.http.domaincheck;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
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
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DomainWorld;
import org.walletstate.adapters.http.testbed.HostilePages;
import org.walletstate.adapters.http.testbed.LocalHttps;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Domain verification of pages built to stall a parser, served over HTTPS by the local server, as a
 * stranger with a free key would publish them: checks of all of them run at once, several per page,
 * and while they run the health endpoint and the key set keep answering within a bound. Each page
 * gets its documented answer: the 256 KiB meta tag and the 100,000 unclosed {@code <meta} are "does
 * not show the token", the deeply nested page with the token in its head verifies.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DomainWorld.class)
class HostilePagesTest {

  /** Longer than any answer of an idle service on a loaded machine; far below a stalled loop. */
  private static final Duration BOUND = Duration.ofSeconds(5);

  @Inject Pool pool;

  private record Store(String owner, String id, String host) {}

  private Store store(String host) {
    String owner = TestKeys.create(pool, 10, 1_000_000, KeyVersion.V2).secret();
    String id = "hp-" + UUID.randomUUID().toString().substring(0, 8);
    given()
        .contentType(ContentType.JSON)
        .header("X-API-Key", owner)
        .body(Map.of("companyName", id, "companyId", id))
        .post("/v1/merchants")
        .then()
        .statusCode(200);
    return new Store(owner, id, host);
  }

  private static String start(Store s) {
    return given()
        .contentType(ContentType.JSON)
        .header("X-API-Key", s.owner())
        .body(Map.of("domain", s.host()))
        .post("/v1/merchants/" + s.id() + "/domain-verification")
        .then()
        .statusCode(200)
        .extract()
        .jsonPath()
        .getString("data.token");
  }

  private static Response check(Store s) {
    return given()
        .header("X-API-Key", s.owner())
        .put("/v1/merchants/" + s.id() + "/domain-verification");
  }

  @Test
  void hostilePages_getTheirDocumentedAnswers_whileOtherRequestsAreServed() throws Exception {
    List<Store> stores = new ArrayList<>();
    for (String host : List.of("long-meta.shop.test", "unclosed.shop.test", "nested.shop.test")) {
      for (int i = 0; i < 3; i++) {
        stores.add(store(host));
      }
      DomainWorld.dns().a(host, LocalHttps.SERVED);
    }
    // the token of the nested page is the one of the last store checking it
    Map<String, String> tokens = new HashMap<>();
    for (Store s : stores) {
      tokens.put(s.id(), start(s));
    }
    Store nestedOwner = stores.get(stores.size() - 1);
    HostilePages.all(tokens.get(nestedOwner.id()))
        .forEach((host, html) -> DomainWorld.https().page(host, "/", LocalHttps.Page.ok(html)));

    ExecutorService clients = Executors.newFixedThreadPool(stores.size());
    try {
      List<Future<Response>> checks = new ArrayList<>();
      for (Store s : stores) {
        checks.add(clients.submit(() -> check(s)));
      }
      List<Duration> others = new ArrayList<>();
      while (checks.stream().anyMatch(f -> !f.isDone())) {
        others.add(timed(() -> given().get("/q/health/live").then().statusCode(200)));
        others.add(timed(() -> given().get("/.well-known/jwks.json").then().statusCode(200)));
        Thread.sleep(300); // well within the key set's limit per address
      }
      assertThat(others).isNotEmpty().allSatisfy(d -> assertThat(d).isLessThan(BOUND));
      for (int i = 0; i < stores.size(); i++) {
        Store s = stores.get(i);
        Response r = checks.get(i).get();
        assertThat(r.statusCode()).as(s.host()).isEqualTo(200);
        if (s == nestedOwner) {
          assertThat(r.jsonPath().getBoolean("data.verified")).isTrue();
          assertThat(r.jsonPath().getString("data.method")).isEqualTo("meta");
        } else {
          assertThat(r.jsonPath().getBoolean("data.verified")).as(s.host()).isFalse();
          assertThat(r.jsonPath().getString("data.message"))
              .as(s.host())
              .containsAnyOf(
                  "meta tag: the home page does not show the token",
                  "meta tag: the home page was not examined (the service is busy");
        }
      }
    } finally {
      clients.shutdownNow();
    }
  }

  private static Duration timed(Runnable call) {
    long started = System.nanoTime();
    call.run();
    return Duration.ofNanos(System.nanoTime() - started);
  }
}
