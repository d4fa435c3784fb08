package org.walletstate.adapters.http.observability;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.net.URL;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 * {@code /q/metrics} (on the management port) after real calls against the devnet (chain 10 through
 * the fault proxy): the request meters per endpoint and status, chain calls per chain and outcome,
 * signing time, credits charged and {@code rpc_failure}s by source. Each meter is read before and
 * after the calls that move it, so counts left by other tests do not matter.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class MetricsTest {

  @Inject Pool pool;

  private final Devnet devnet = Devnet.shared();
  private final DevnetManifest m = devnet.manifest();
  private final FaultProxy chain10 = DevnetTestResource.chain10();

  @AfterEach
  void passEverythingAgain() {
    chain10.reset();
  }

  /** The management port's root: the meters are served there only. */
  @TestHTTPResource(value = "/", management = true)
  URL management;

  private URL managementMetrics() {
    try {
      return new URL(management, "/q/metrics");
    } catch (java.net.MalformedURLException e) {
      throw new IllegalStateException(e);
    }
  }

  private String metrics() {
    return given()
        .header("Accept", "text/plain")
        .get(managementMetrics())
        .then()
        .statusCode(200)
        .extract()
        .asString();
  }

  /** The value of the sample {@code name{…}} whose labels include every one of {@code labels}. */
  private static double sample(String text, String name, Map<String, String> labels) {
    double total = 0;
    Matcher line =
        Pattern.compile(
                "^" + Pattern.quote(name) + "\\{([^}]*)\\} ([0-9.eE+-]+)$", Pattern.MULTILINE)
            .matcher(text);
    while (line.find()) {
      String have = line.group(1);
      if (labels.entrySet().stream()
          .allMatch(l -> have.contains(l.getKey() + "=\"" + l.getValue() + "\""))) {
        total += Double.parseDouble(line.group(2));
      }
    }
    return total;
  }

  private Map<String, Object> usdOn10() {
    return tokenBalance(10, m.chain(10).address("token6"), "1");
  }

  @Test
  void realCalls_moveTheRequestChainSigningCreditAndFailureMeters() {
    String holder = m.wallet("holder").address();
    devnet.rpc(10).call("evm_mine");
    TestKeys.TestKey key = TestKeys.create(pool, 10, 1000, KeyVersion.V2);
    String before = metrics();

    attest(key.secret(), body(holder, usdOn10())).then().statusCode(200);
    devnet.rpc(10).call("evm_mine");
    chain10.install(Rule.of(Match.any(), Fault.status(503)).times(1));
    attest(key.secret(), body(holder, usdOn10())).then().statusCode(200);
    devnet.rpc(10).call("evm_mine");
    chain10.install(Rule.of(Match.any(), Fault.status(502)));
    attest(key.secret(), body(holder, usdOn10())).then().statusCode(503);
    chain10.reset();
    given().get("/v1/compliance/templates").then().statusCode(200);

    String after = metrics();
    Map<String, String> attest200 = Map.of("uri", "/v1/attest", "method", "POST", "status", "200");
    Map<String, String> attest503 = Map.of("uri", "/v1/attest", "method", "POST", "status", "503");
    assertThat(delta(before, after, "http_server_requests_seconds_count", attest200)).isEqualTo(2);
    assertThat(delta(before, after, "http_server_requests_seconds_count", attest503)).isEqualTo(1);
    assertThat(
            delta(
                before,
                after,
                "http_server_requests_seconds_count",
                Map.of("uri", "/v1/compliance/templates", "status", "200")))
        .isEqualTo(1);
    assertThat(delta(before, after, "http_server_requests_seconds_sum", attest200)).isPositive();

    Map<String, String> ok = Map.of("chain", "10", "outcome", "ok");
    assertThat(delta(before, after, "walletstate_chain_calls_seconds_count", ok)).isPositive();
    assertThat(
            delta(
                before,
                after,
                "walletstate_chain_calls_seconds_count",
                Map.of("chain", "10", "outcome", "retried")))
        .isPositive();
    assertThat(
            delta(
                before,
                after,
                "walletstate_chain_calls_seconds_count",
                Map.of("chain", "10", "outcome", "failed")))
        .isPositive();
    assertThat(delta(before, after, "walletstate_chain_calls_seconds_sum", ok)).isPositive();

    assertThat(
            delta(
                before,
                after,
                "walletstate_signing_seconds_count",
                Map.of("statement", "attestation")))
        .isEqualTo(2);
    assertThat(
            delta(before, after, "walletstate_credits_charged_total", Map.of("reason", "attest")))
        .isEqualTo(2);
    assertThat(
            delta(
                before,
                after,
                "walletstate_rpc_failures_total",
                Map.of("chain", "10", "source", "chain_head_read")))
        .isEqualTo(1);
  }

  @Test
  void metrics_areNotServedOnThePublicPort() {
    given()
        .get("/q/metrics")
        .then()
        .statusCode(404)
        .body("ok", org.hamcrest.Matchers.equalTo(false));
    given().get("/q/health").then().statusCode(200); // health stays where load balancers look
    assertThat(management.getPort()).isNotEqualTo(io.restassured.RestAssured.port);
  }

  @Test
  void unknownPaths_doNotBecomeTheirOwnSeries() {
    given().get("/v1/no-such-endpoint-7f3a").then().statusCode(404);
    given().get("/v1/no-such-endpoint-9c1e/deeper").then().statusCode(404);

    String text = metrics();
    assertThat(text).doesNotContain("no-such-endpoint");
    assertThat(text).contains("http_server_requests_seconds_count{");
  }

  private static double delta(
      String before, String after, String name, Map<String, String> labels) {
    return sample(after, name, labels) - sample(before, name, labels);
  }
}
