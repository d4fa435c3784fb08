package org.walletstate.adapters.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.jose4j.keys.resolvers.JwksVerificationKeyResolver;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.application.port.out.AttestationSigner;
import org.walletstate.domain.attest.attestation.Attestation;
import org.walletstate.domain.attest.attestation.AttestationId;
import org.walletstate.domain.attest.attestation.ConditionResult;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;

@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class JwksTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Inject AttestationSigner signer;

  @ConfigProperty(name = "walletstate.public-base-url")
  String issuer;

  @Test
  void jwks_publishesEcEntriesThenAkpEntries_cacheableForADay() throws Exception {
    var response = given().get("/v1/jwks");
    response.then().statusCode(200).contentType("application/json");
    assertThat(response.header("Cache-Control")).contains("max-age=86400");
    JsonNode keys = JSON.readTree(response.asString()).get("keys");
    assertThat(keys.findValuesAsText("kid"))
        .containsExactly(
            "service-attest-v1",
            "service-attest-v2",
            "service-trust-v2",
            "service-discount-v2",
            "service-pass-v2",
            "service-attest-pq1",
            "service-trust-pq1",
            "service-discount-pq1",
            "service-pass-pq1");
    for (int i = 0; i < 5; i++) {
      JsonNode ec = keys.get(i);
      assertThat(ec.get("kty").asText()).isEqualTo("EC");
      assertThat(ec.get("crv").asText()).isEqualTo("P-256");
      assertThat(ec.get("alg").asText()).isEqualTo("ES256");
      assertThat(ec.get("use").asText()).isEqualTo("sig");
      assertThat(ec.has("x") && ec.has("y")).isTrue();
      assertThat(ec.has("d")).isFalse();
    }
    for (int i = 5; i < 9; i++) {
      JsonNode akp = keys.get(i);
      assertThat(akp.get("kty").asText()).isEqualTo("AKP");
      assertThat(akp.get("alg").asText()).isEqualTo("ML-DSA-65");
      assertThat(akp.get("pub").asText()).hasSize(2603);
      assertThat(akp.has("priv")).isFalse();
    }
    assertThat(given().get("/.well-known/jwks.json").asString()).isEqualTo(response.asString());
  }

  @Test
  void ourEs256Jwt_verifiesWithStockJose4jAgainstTheServedKeySet() throws Exception {
    Instant at = Instant.now();
    Attestation attestation =
        new Attestation(
            AttestationId.fromRandom(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}),
            List.of(
                new ConditionResult(
                    0,
                    "",
                    "token_balance",
                    ChainId.evm(8453),
                    true,
                    PayloadValue.objectBuilder()
                        .put("type", "token_balance")
                        .put("chainId", 8453)
                        .put("contractAddress", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913")
                        .put("operator", "gte")
                        .put("threshold", "1")
                        .build(),
                    new Anchor.EvmBlock(BigInteger.valueOf(1234), at.minusSeconds(5)),
                    PayloadValue.object(),
                    Optional.empty())),
            at,
            at.plus(Attestation.LIFETIME));
    String data =
        signer
            .sign(
                new AttestationSigner.SigningRequest(
                    attestation, KeyVersion.V2, true, "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"))
            .dataJson();
    String jwt = JSON.readTree(data).get("jwt").asText();

    JsonWebKeySet served = new JsonWebKeySet(given().get("/v1/jwks").asString());
    JwtConsumer consumer =
        new JwtConsumerBuilder()
            .setVerificationKeyResolver(new JwksVerificationKeyResolver(served.getJsonWebKeys()))
            .setRequireExpirationTime()
            .setExpectedIssuer(issuer)
            .setJwsAlgorithmConstraints(AlgorithmConstraints.ConstraintType.PERMIT, "ES256")
            .build();
    JwtClaims claims = consumer.processToClaims(jwt);
    assertThat(claims.getJwtId()).isEqualTo(attestation.id().value());
    assertThat(claims.getSubject()).isEqualTo("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045");
    assertThat(claims.getClaimValue("pass")).isEqualTo(true);
  }
}
