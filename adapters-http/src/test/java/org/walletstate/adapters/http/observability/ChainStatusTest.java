package org.walletstate.adapters.http.observability;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.net.URL;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.Rule;
import org.walletstate.domain.payload.KeyVersion;

/**
 * With chain 10's provider down (every request through the fault proxy answered 502), the service
 * stays ready, {@code GET /v1/status} shows chain 10 failing and chain 8453 fine with its last good
 * block, and the chain-call meters carry the chain and provider labels.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class ChainStatusTest {

  @Inject Pool pool;

  private final Devnet devnet = Devnet.shared();
  private final DevnetManifest m = devnet.manifest();
  private final FaultProxy chain10 = DevnetTestResource.chain10();

  @TestHTTPResource(value = "/", management = true)
  URL management;

  @AfterEach
  void passEverythingAgain() {
    chain10.reset();
  }

  @Test
  void oneChainDown_readyStaysUp_statusShowsItFailingAndTheOthersFine() throws Exception {
    String holder = m.wallet("holder").address();
    TestKeys.TestKey key = TestKeys.create(pool, 10, 1000, KeyVersion.V2);
    devnet.rpc(8453).call("evm_mine");
    devnet.rpc(10).call("evm_mine");
    attest(key.secret(), body(holder, tokenBalance(8453, m.chain(8453).address("token6"), "1")))
        .then()
        .statusCode(200);
    chain10.install(Rule.of(Match.any(), Fault.status(502)));
    attest(key.secret(), body(holder, tokenBalance(10, m.chain(10).address("token6"), "1")))
        .then()
        .statusCode(503);

    given().get("/q/health/ready").then().statusCode(200);
    Thread.sleep(StatusResource.FRESH_FOR.toMillis() + 100); // past any document built before
    Response status = given().get("/v1/status");
    status.then().statusCode(200).contentType("application/json");
    assertThat(status.header("Cache-Control")).contains("max-age=1");
    JsonPath doc = status.jsonPath();
    assertThat(doc.getString("status")).isEqualTo("degraded");
    Map<String, Object> base = chain(doc, "8453");
    assertThat(base).containsEntry("state", "ok").containsEntry("lastCallOutcome", "ok");
    assertThat(base.get("provider").toString()).matches("127\\.0\\.0\\.1:\\d+");
    @SuppressWarnings("unchecked")
    Map<String, Object> head = (Map<String, Object>) base.get("lastGoodHead");
    assertThat(head).containsEntry("kind", "block").containsKeys("timestamp", "ageSeconds");
    assertThat(Long.parseLong(head.get("position").toString())).isPositive();
    Map<String, Object> optimism = chain(doc, "10");
    assertThat(optimism)
        .containsEntry("state", "failing")
        .containsEntry("lastCallOutcome", "failed");
    assertThat(((Number) optimism.get("failedCalls")).longValue()).isPositive();
    assertThat(((Number) optimism.get("errorRate")).doubleValue()).isPositive();
    assertThat(chain(doc, "solana")).containsKey("state");
    assertThat(status.asString()).doesNotContain("http://").doesNotContain("https://");

    String metrics =
        given()
            .header("Accept", "text/plain")
            .get(new URL(management, "/q/metrics"))
            .then()
            .statusCode(200)
            .extract()
            .asString();
    String proxy = chain10.url().getHost() + ":" + chain10.url().getPort();
    assertThat(metrics)
        .containsPattern(
            "walletstate_chain_calls_seconds_count\\{[^}]*chain=\"10\"[^}]*outcome=\"failed\""
                + "[^}]*provider=\""
                + java.util.regex.Pattern.quote(proxy)
                + "\"");
    assertThat(metrics)
        .containsPattern(
            "walletstate_chain_calls_seconds_count\\{[^}]*chain=\"8453\"[^}]*outcome=\"ok\""
                + "[^}]*provider=\"127\\.0\\.0\\.1:\\d+\"");
  }

  @Test
  void status_isServedFromOneDocumentPerSecond() {
    String first = given().get("/v1/status").then().statusCode(200).extract().asString();
    String second = given().get("/v1/status").then().statusCode(200).extract().asString();
    String generated = JsonPath.from(first).getString("generatedAt");
    // two requests within the second get the same document, unless the second just turned over
    assertThat(JsonPath.from(second).getString("generatedAt"))
        .satisfiesAnyOf(
            g -> assertThat(g).isEqualTo(generated),
            g ->
                assertThat(java.time.Instant.parse(g))
                    .isAfterOrEqualTo(
                        java.time.Instant.parse(generated).plus(StatusResource.FRESH_FOR)));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> chain(JsonPath doc, String id) {
    return doc.<String, Object>getMap("chains.find { it.chain == '" + id + "' }");
  }
}
