package org.walletstate.adapters.http.ratelimit;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.application.port.out.RateLimits;

/**
 * The limits on, with small numbers, behind a trusted proxy (the test client's loopback), so each
 * test names its own client address in {@code X-Forwarded-For} and starts from zero.
 */
@QuarkusTest
@TestProfile(RateLimitTest.SmallLimits.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class RateLimitTest {

  public static final class SmallLimits implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.ofEntries(
          Map.entry("walletstate.rate-limits.enabled", "true"),
          Map.entry("walletstate.http.trusted-proxies", "127.0.0.0/8,::1"),
          Map.entry("walletstate.rate-limits.templates.requests", "3"),
          Map.entry("walletstate.rate-limits.templates.window", "P1D"),
          Map.entry("walletstate.rate-limits.pay-per-call.requests", "2"),
          Map.entry("walletstate.rate-limits.pay-per-call.window", "P1D"),
          Map.entry("walletstate.rate-limits.key-set.requests", "10"),
          Map.entry("walletstate.rate-limits.key-set.window", "P1D"),
          Map.entry("walletstate.rate-limits.directory.requests", "2"),
          Map.entry("walletstate.rate-limits.directory.window", "P1D"),
          Map.entry("walletstate.rate-limits.token-registry.requests", "1"),
          Map.entry("walletstate.rate-limits.token-registry.window", "P1D"),
          Map.entry("walletstate.rate-limits.registry-submit.requests", "1"),
          Map.entry("walletstate.rate-limits.registry-submit.window", "P1D"),
          Map.entry("walletstate.rate-limits.mcp.requests", "2"),
          Map.entry("walletstate.rate-limits.mcp.window", "P1D"),
          Map.entry("walletstate.rate-limits.log.requests", "3"),
          Map.entry("walletstate.rate-limits.log.window", "P1D"),
          Map.entry("walletstate.rate-limits.discovery.requests", "2"),
          Map.entry("walletstate.rate-limits.discovery.window", "P1D"));
    }
  }

  private static final Duration DAY = Duration.ofDays(1);

  private static String freshClient() {
    ThreadLocalRandom r = ThreadLocalRandom.current();
    return "198.18." + r.nextInt(256) + "." + (1 + r.nextInt(254));
  }

  /**
   * Runs {@code requests} within one limit window (once more if the window turned meanwhile, which
   * resets the counts) and returns their statuses.
   */
  private static List<Integer> inOneWindow(Supplier<List<Integer>> requests) {
    for (int tries = 0; ; tries++) {
      long window = RateLimits.windowStart(DAY, Instant.now());
      List<Integer> statuses = requests.get();
      if (window == RateLimits.windowStart(DAY, Instant.now()) || tries > 0) {
        return statuses;
      }
    }
  }

  @Test
  void pastTheLimit_theAnswerIs429WithRetryAfter_andOtherClientsAreUnaffected() {
    String client = freshClient();
    List<Integer> statuses =
        inOneWindow(
            () -> {
              List<Integer> s = new ArrayList<>();
              for (int i = 0; i < 3; i++) {
                s.add(templates(client).statusCode());
              }
              return s;
            });
    assertThat(statuses).containsOnly(200);

    Response refused = templates(client);
    refused
        .then()
        .statusCode(429)
        .body("ok", equalTo(false))
        .body("error.code", equalTo(429))
        .body("error.message", startsWith("Too many requests to this endpoint from your address"));
    long retryAfter = Long.parseLong(refused.header("Retry-After"));
    assertThat(retryAfter).isBetween(1L, DAY.toSeconds());

    templates(freshClient()).then().statusCode(200);
  }

  @Test
  void concurrentRequests_neverPassTheLimitTogether() throws Exception {
    String client = freshClient();
    List<Integer> statuses =
        inOneWindow(
            () -> {
              ExecutorService pool = Executors.newFixedThreadPool(8);
              try {
                List<Future<Integer>> answers = new ArrayList<>();
                for (int i = 0; i < 40; i++) {
                  answers.add(
                      pool.submit(
                          () ->
                              given()
                                  .header("X-Forwarded-For", client)
                                  .get("/v1/jwks")
                                  .statusCode()));
                }
                List<Integer> s = new ArrayList<>();
                for (Future<Integer> f : answers) {
                  s.add(f.get());
                }
                return s;
              } catch (Exception e) {
                throw new IllegalStateException(e);
              } finally {
                pool.shutdownNow();
              }
            });
    assertThat(statuses.stream().filter(s -> s == 200).count()).isEqualTo(10);
    assertThat(statuses.stream().filter(s -> s == 429).count()).isEqualTo(30);
  }

  @Test
  void payPerCall_limitsCallersWithoutCredentials_only() {
    String client = freshClient();
    List<Integer> statuses =
        inOneWindow(
            () -> {
              List<Integer> s = new ArrayList<>();
              for (int i = 0; i < 3; i++) {
                s.add(given().header("X-Forwarded-For", client).get("/v1/attest").statusCode());
              }
              return s;
            });
    assertThat(statuses).containsExactly(402, 402, 429);

    // only a valid credential lifts the address limit: an invalid key is held to it too
    given()
        .header("X-Forwarded-For", client)
        .header("X-API-Key", "svc_live_" + "0".repeat(40))
        .get("/v1/attest")
        .then()
        .statusCode(429);
    given()
        .header("X-Forwarded-For", freshClient())
        .header("X-API-Key", "svc_live_" + "0".repeat(40))
        .get("/v1/attest")
        .then()
        .statusCode(401);
  }

  @Test
  void merchantPublicEndpoints_areLimited_theDirectoryPolicyCountsListAndSingleReadTogether() {
    String client = freshClient();
    List<Integer> statuses =
        inOneWindow(
            () -> {
              List<Integer> s = new ArrayList<>();
              s.add(given().header("X-Forwarded-For", client).get("/v1/merchants").statusCode());
              s.add(
                  given()
                      .header("X-Forwarded-For", client)
                      .get("/v1/merchants/no-such-store")
                      .statusCode());
              return s;
            });
    assertThat(statuses).containsExactly(200, 404);

    for (String path : List.of("/v1/merchants", "/v1/merchants/no-such-store")) {
      Response refused = given().header("X-Forwarded-For", client).get(path);
      refused
          .then()
          .statusCode(429)
          .body("ok", equalTo(false))
          .body("error.code", equalTo(429))
          .body(
              "error.message", startsWith("Too many requests to this endpoint from your address"));
      assertThat(Long.parseLong(refused.header("Retry-After"))).isBetween(1L, DAY.toSeconds());
    }
    given().header("X-Forwarded-For", freshClient()).get("/v1/merchants").then().statusCode(200);
  }

  @Test
  void tokenRegistry_andSubmissions_areLimitedApart() {
    String client = freshClient();
    List<Integer> statuses =
        inOneWindow(
            () -> {
              List<Integer> s = new ArrayList<>();
              s.add(given().header("X-Forwarded-For", client).get("/v1/tokens").statusCode());
              s.add(given().header("X-Forwarded-For", client).get("/v1/tokens").statusCode());
              // a refused body counts too: the limit is taken before the body is read
              s.add(submit(client).statusCode());
              s.add(submit(client).statusCode());
              return s;
            });
    assertThat(statuses).containsExactly(200, 429, 400, 429);

    Response refused = submit(client);
    refused.then().statusCode(429).body("error.code", equalTo(429));
    assertThat(Long.parseLong(refused.header("Retry-After"))).isBetween(1L, DAY.toSeconds());
  }

  private static Response submit(String client) {
    return given()
        .header("X-Forwarded-For", client)
        .contentType("application/json")
        .body("{}")
        .post("/v1/registry/submit");
  }

  @Test
  void mcp_countsEveryPostPerAddress_andAnswersTheSame429() {
    String client = freshClient();
    List<Integer> statuses =
        inOneWindow(
            () -> {
              List<Integer> s = new ArrayList<>();
              for (int i = 0; i < 3; i++) {
                s.add(mcpToolsList(client).statusCode());
              }
              return s;
            });
    assertThat(statuses).containsExactly(200, 200, 429);
    mcpToolsList(client)
        .then()
        .statusCode(429)
        .header("Retry-After", notNullValue())
        .body("error.message", startsWith("Too many requests to this endpoint from your address"));
    mcpToolsList(freshClient()).then().statusCode(200);
  }

  private static Response mcpToolsList(String client) {
    return given()
        .header("X-Forwarded-For", client)
        .header("Accept", "application/json, text/event-stream")
        .contentType("application/json")
        .body("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}")
        .post("/mcp");
  }

  private static Response templates(String client) {
    return given().header("X-Forwarded-For", client).get("/v1/compliance/templates");
  }
}
