package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.AttestCalls.verified;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.ratioToAmount;
import static org.walletstate.adapters.http.testbed.Conditions.ratioToSupply;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.VerifiedAttestation;

/**
 * The key's era decides how numbers are taken and which preimage is signed: v1 keys accept JSON
 * numbers and sign under {@code service-attest-v1}; v2 keys take decimal strings only and sign
 * under {@code service-attest-v2}.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class AttestKeyVersionsTest {

  @Inject Pool pool;

  private final DevnetManifest m = Devnet.shared().manifest();

  private String dUsd() {
    return m.chain(8453).address("token6");
  }

  @Test
  void aV1Key_acceptsNumbers_andSignsUnderTheV1Kid() {
    String key = TestKeys.create(pool, 10, 100, KeyVersion.V1).secret();

    Response response =
        attest(
            key,
            body(
                m.wallet("holder").address(),
                tokenBalance(8453, dUsd(), 1500),
                tokenBalance(8453, dUsd(), new BigDecimal("1500.5")),
                ratioToAmount(8453, dUsd(), 2, new BigDecimal("750.125")),
                ratioToSupply(8453, dUsd(), new BigDecimal("0.99")),
                tokenBalance(8453, dUsd(), "1500.25")));

    response.then().body("data.kid", equalTo("service-attest-v1"));
    VerifiedAttestation attestation = verified(response);
    assertThat(attestation.kid()).isEqualTo("service-attest-v1");
    assertThat(attestation.results())
        .extracting(r -> r.met())
        .containsExactly(true, false, true, true, true);
    JsonNode first = attestation.results().get(0).evaluatedCondition().orElseThrow();
    assertThat(first.get("threshold").isNumber()).isTrue();
    assertThat(first.get("threshold").asLong()).isEqualTo(1500);
    assertThat(first.get("decimals").asInt()).isEqualTo(6);
    JsonNode ratio = attestation.results().get(2).evaluatedCondition().orElseThrow();
    assertThat(ratio.get("multiple").isNumber()).isTrue();
    assertThat(ratio.get("threshold").asText()).isEqualTo("1500.25");
    JsonNode asString = attestation.results().get(4).evaluatedCondition().orElseThrow();
    assertThat(asString.get("threshold").isTextual()).isTrue();
  }

  @Test
  void aV2Key_refusesNumbers_andSignsStringsUnderTheV2Kid() {
    String key = TestKeys.create(pool, 10, 100, KeyVersion.V2).secret();

    attest(key, body(m.wallet("holder").address(), tokenBalance(8453, dUsd(), 1500)))
        .then()
        .statusCode(400)
        .body(
            "error.message",
            equalTo(
                "conditions[0].threshold must be a decimal string on this key (numbers are"
                    + " accepted only on v1 keys)"));
    Response response =
        attest(key, body(m.wallet("holder").address(), tokenBalance(8453, dUsd(), "1500")));

    VerifiedAttestation attestation = verified(response);
    assertThat(attestation.kid()).isEqualTo("service-attest-v2");
    JsonNode condition = attestation.results().get(0).evaluatedCondition().orElseThrow();
    assertThat(condition.get("threshold").isTextual()).isTrue();
    assertThat(condition.has("decimals")).isFalse();
  }
}
