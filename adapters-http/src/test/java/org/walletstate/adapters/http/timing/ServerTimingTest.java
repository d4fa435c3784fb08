package org.walletstate.adapters.http.timing;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.adapters.http.testbed.TrustChainsTestResource;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.domain.payload.KeyVersion;

/**
 * {@code Server-Timing} on an attestation, a trust profile and a discount verification: the chain
 * reads of each chain, the signing and the ledger's statements, as the chain-state port, the signer
 * and the ledger observed them for this request.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(TrustChainsTestResource.class)
class ServerTimingTest {

  @Inject Pool pool;

  private final DevnetManifest m = Devnet.shared().manifest();

  private static double duration(String header, String metric) {
    Matcher found = Pattern.compile(Pattern.quote(metric) + ";dur=([0-9.]+)").matcher(header);
    assertThat(found.find()).as(metric + " in " + header).isTrue();
    return Double.parseDouble(found.group(1));
  }

  /**
   * A positive {@code sign}, a positive ledger and a positive entry per chain in {@code chains}.
   */
  private static void timesChainsSigningAndLedger(Response answer, String... chains) {
    assertThat(answer.statusCode()).as(answer.asString()).isEqualTo(200);
    String header = answer.header("Server-Timing");
    assertThat(header).as("Server-Timing").isNotNull();
    for (String chain : chains) {
      assertThat(duration(header, "chain;desc=\"" + chain + "\"")).isPositive();
    }
    assertThat(duration(header, "sign")).isPositive();
    assertThat(duration(header, "ledger")).isPositive();
  }

  @Test
  void anAttestation_saysWhatItsChainReadsTheSigningAndTheLedgerTook() {
    TestKeys.TestKey key = TestKeys.create(pool, 5, 100, KeyVersion.V2);

    Response signed =
        attest(
            key.secret(),
            body(
                m.wallet("holder").address(),
                tokenBalance(10, m.chain(10).address("token6"), "1"),
                tokenBalance(8453, m.chain(8453).address("usdc"), "1")));

    timesChainsSigningAndLedger(signed, "10", "8453");
  }

  @Test
  void aTrustProfile_saysWhatItsChainReadsTheSigningAndTheLedgerTook() {
    TestKeys.TestKey key = TestKeys.create(pool, 100, 1000, KeyVersion.V2);

    Response profile =
        given()
            .header("X-API-Key", key.secret())
            .contentType(ContentType.JSON)
            .body(Map.of("wallet", m.wallet("holder").address()))
            .post("/v1/trust");

    timesChainsSigningAndLedger(profile, "1", "8453", "10");
  }

  @Test
  void aDiscountVerification_saysWhatItsChainReadsTheSigningAndTheLedgerTook() {
    String owner =
        given()
            .contentType(ContentType.JSON)
            .body(Map.of("email", "t-" + UUID.randomUUID() + "@example.org", "appName", "shop"))
            .post("/v1/keys/create")
            .then()
            .statusCode(200)
            .extract()
            .path("key");
    String store = "t-" + UUID.randomUUID().toString().substring(0, 10);
    given()
        .contentType(ContentType.JSON)
        .header("X-API-Key", owner)
        .body(Map.of("companyName", "Timed " + store, "companyId", store))
        .post("/v1/merchants")
        .then()
        .statusCode(200);
    given()
        .contentType(ContentType.JSON)
        .header("X-API-Key", owner)
        .body(
            "{\"ownToken\":{\"symbol\":\"dUSD\",\"chainId\":8453,\"contractAddress\":\""
                + m.chain(8453).address("token6")
                + "\",\"decimals\":6,\"tiers\":[{\"name\":\"Any\",\"threshold\":\"1\","
                + "\"discount\":5}]}}")
        .put("/v1/merchants/" + store + "/tokens")
        .then()
        .statusCode(200);

    Response verified =
        given()
            .contentType(ContentType.JSON)
            .header("X-API-Key", owner)
            .body(Map.of("merchantId", store, "wallet", m.wallet("holder").address()))
            .post("/v1/verify");

    timesChainsSigningAndLedger(verified, "8453");
  }
}
