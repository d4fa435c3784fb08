package org.walletstate.adapters.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.adapters.http.testbed.Verifier;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.VerificationReport;
import org.walletstate.verifier.VerifiedAttestation;

@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class AttestEndToEndTest {

  @Inject Pool pool;

  private final DevnetManifest manifest = Devnet.shared().manifest();

  private String holder() {
    return manifest.wallet("holder").address();
  }

  private Response attest(String key, Map<String, Object> body) {
    return given()
        .header("X-API-Key", key)
        .contentType(ContentType.JSON)
        .body(body)
        .post("/v1/attest");
  }

  private static Map<String, Object> tokenBalance(long chainId, String token, String threshold) {
    return Map.of(
        "type",
        "token_balance",
        "chainId",
        chainId,
        "contractAddress",
        token,
        "threshold",
        threshold);
  }

  @Test
  void attest_signsAVerdictAnyoneCanVerifyAndChargesOneCredit() throws Exception {
    TestKeys.TestKey key = TestKeys.create(pool, 5, 100, KeyVersion.V2);
    String usdc = manifest.chain(8453).address("usdc");
    Response response =
        attest(
            key.secret(),
            Map.of("wallet", holder(), "conditions", List.of(tokenBalance(8453, usdc, "100"))));

    response
        .then()
        .statusCode(200)
        .body("ok", equalTo(true))
        .body("meta.creditsCharged", equalTo(1))
        .body("meta.creditsRemaining", equalTo(4))
        .body("data.kid", equalTo("service-attest-v2"))
        .body("data.pqKid", equalTo("service-attest-pq1"))
        .body("data.attestation.pass", equalTo(true))
        .body("data.attestation.results[0].met", equalTo(true))
        .body("data.attestation.results[0].chainId", equalTo(8453));
    VerificationReport report = Verifier.report(response.asString());
    assertThat(report.valid()).as(report.toString()).isTrue();
    VerifiedAttestation verified = Verifier.fromServedKeys().verify(response.asString());
    assertThat(verified.pass()).isTrue();
  }
}
