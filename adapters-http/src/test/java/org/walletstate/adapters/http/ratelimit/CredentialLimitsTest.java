package org.walletstate.adapters.http.ratelimit;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.startsWith;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.AbuseLimits;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.application.port.out.RateLimits;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Only a valid credential changes which limit holds, at the documented defaults: a header that is
 * no valid key or wallet sign-in leaves the caller held to its address's limit; a key found valid
 * is held to its plan instead; the MCP code check shares the REST one's per-address limit.
 */
@QuarkusTest
@TestProfile(AbuseLimits.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class CredentialLimitsTest {

  @Inject Pool pool;

  private final DevnetManifest m = Devnet.shared().manifest();

  /** Runs {@code requests} within one window of {@code window} (again if it turned meanwhile). */
  static List<Integer> inOneWindow(Duration window, Supplier<List<Integer>> requests) {
    for (int tries = 0; ; tries++) {
      long start = RateLimits.windowStart(window, Instant.now());
      List<Integer> statuses = requests.get();
      if (start == RateLimits.windowStart(window, Instant.now()) || tries > 1) {
        return statuses;
      }
    }
  }

  private Map<String, Object> attestBody() {
    return body(m.wallet("holder").address(), tokenBalance(10, m.chain(10).address("token6"), "1"));
  }

  private static RequestSpecification from(String client) {
    return given().header("X-Forwarded-For", client).contentType("application/json");
  }

  /** {@code count} attests from {@code client}, the i-th with {@code headers.apply(i)}. */
  private static List<Integer> attests(
      String client,
      int count,
      Map<String, Object> body,
      IntFunction<Map<String, String>> headers) {
    List<Integer> statuses = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      statuses.add(
          from(client).headers(headers.apply(i)).body(body).post("/v1/attest").statusCode());
    }
    return statuses;
  }

  @Test
  void sixtyOneAttestsWithABearerHeader_getSixtyQuotes_andThenThe429() {
    Map<String, Object> request = attestBody();
    List<Integer> statuses =
        inOneWindow(
            Duration.ofMinutes(1),
            () ->
                attests(
                    AbuseLimits.freshClient(),
                    61,
                    request,
                    i -> Map.of("Authorization", "Bearer x")));
    assertThat(statuses.subList(0, 60)).containsOnly(402);
    assertThat(statuses.get(60)).isEqualTo(429);
  }

  @Test
  void refusedCredentials_andOtherHeaders_countAgainstTheAddress_aValidKeyDoesNot() {
    TestKeys.TestKey key = TestKeys.create(pool, 1_000, 1_000_000, KeyVersion.V2);
    Map<String, Object> request = attestBody();
    List<Map<String, String>> disguises =
        List.of(
            Map.of("Authorization", "Basic dXNlcjpwYXNz"),
            Map.of("Authorization", "Wallet bm90LWpzb24="),
            Map.of("X-API-Key", "svc_live_" + "0".repeat(40)),
            Map.of("X-API-Key", "not a key"),
            Map.of("Cookie", "session=1", "X-Real-IP", "10.0.0.1"),
            Map.of("Forwarded", "for=203.0.113.9", "X-Client-IP", "203.0.113.9"));
    List<Integer> statuses =
        inOneWindow(
            Duration.ofMinutes(1),
            () -> {
              String client = AbuseLimits.freshClient();
              List<Integer> s =
                  new ArrayList<>(
                      attests(client, 66, request, i -> disguises.get(i % disguises.size())));
              // the address is spent; a valid key from it is judged by its plan, not the address
              s.addAll(attests(client, 1, request, i -> Map.of("X-API-Key", key.secret())));
              return s;
            });
    assertThat(statuses.subList(0, 60)).doesNotContain(429).allMatch(s -> s == 402 || s == 401);
    assertThat(statuses.subList(60, 66)).containsOnly(429);
    assertThat(statuses.get(66)).isEqualTo(200);
  }

  @Test
  void aMerchantsCheckout_withItsKey_isHeldToItsPlan_notToTheAddressLimit() {
    TestKeys.TestKey key = TestKeys.create(pool, 0, 12, KeyVersion.V2);
    String client = AbuseLimits.freshClient();
    List<Integer> statuses = new ArrayList<>();
    Response last = null;
    for (int i = 0; i < 12; i++) {
      last = from(client).header("X-API-Key", key.secret()).get("/v1/codes/NOPE-" + i);
      statuses.add(last.statusCode());
    }
    assertThat(statuses).containsOnly(200);
    last.then().header("X-RateLimit-Limit", "12").header("X-RateLimit-Remaining", "0");
    from(client)
        .header("X-API-Key", key.secret())
        .get("/v1/codes/NOPE-13")
        .then()
        .statusCode(429)
        .body("error.message", startsWith("Daily limit of 12 requests reached"));
  }

  @Test
  void withoutAKey_codeChecksAreTenPerTenMinutes_sharedByRestAndTheMcpTool() {
    List<Integer> statuses =
        inOneWindow(
            Duration.ofMinutes(10),
            () -> {
              String client = AbuseLimits.freshClient();
              List<Integer> s = new ArrayList<>();
              for (int i = 0; i < 5; i++) {
                s.add(from(client).get("/v1/codes/NOPE-" + i).statusCode());
                s.add(validateCode(client, "NOPE-M" + i).statusCode());
              }
              s.add(validateCode(client, "NOPE-X").statusCode());
              s.add(from(client).get("/v1/codes/NOPE-X").statusCode());
              // an invalid key is no way around it
              s.add(
                  from(client)
                      .header("X-API-Key", "svc_live_" + "1".repeat(40))
                      .get("/v1/codes/NOPE-Y")
                      .statusCode());
              return s;
            });
    assertThat(statuses.subList(0, 10)).containsOnly(200);
    assertThat(statuses.subList(10, 13)).containsOnly(429);

    validateCode(AbuseLimits.freshClient(), "NOPE-Z")
        .then()
        .statusCode(200)
        .body(containsString("not_found"));
  }

  private static Response validateCode(String client, String code) {
    return given()
        .header("X-Forwarded-For", client)
        .header("Accept", "application/json, text/event-stream")
        .contentType("application/json")
        .body(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":"
                + "\"validate_code\",\"arguments\":{\"code\":\""
                + code
                + "\"}}}")
        .post("/mcp");
  }
}
