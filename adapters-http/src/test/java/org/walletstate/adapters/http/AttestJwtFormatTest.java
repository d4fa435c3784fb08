package org.walletstate.adapters.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.AttestCalls.verified;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.template;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;
import static org.walletstate.adapters.http.testbed.Conditions.withMember;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.jose4j.keys.resolvers.JwksVerificationKeyResolver;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.adapters.http.testbed.Verifier;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.PqStatus;
import org.walletstate.verifier.VerificationReport;
import org.walletstate.verifier.VerifiedAttestation;

/**
 * {@code format: "jwt"}: the attestation plus an ES256 {@code jwt} and its ML-DSA-65 {@code pqJwt}.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class AttestJwtFormatTest {

  @Inject Pool pool;

  @ConfigProperty(name = "walletstate.public-base-url")
  String issuer;

  private final DevnetManifest m = Devnet.shared().manifest();

  private Map<String, Object> request() {
    return withMember(
        body(
            m.wallet("holder").address(),
            tokenBalance(8453, m.chain(8453).address("usdc"), "100"),
            template("humanity_passport_score")),
        "format",
        "jwt");
  }

  @Test
  void formatJwt_addsBothTokens_andTheSdkVerifiesThemBoundToTheAttestation() throws Exception {
    String key = TestKeys.create(pool, 10, 100, KeyVersion.V2).secret();

    Response response = attest(key, request());

    VerifiedAttestation attestation = verified(response);
    JsonPath data = response.jsonPath();
    String jwt = data.getString("data.jwt");
    String pqJwt = data.getString("data.pqJwt");
    assertThat(jwt).matches("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+");
    assertThat(pqJwt).matches("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+");
    VerificationReport report = Verifier.report(response.asString());
    assertThat(report.jwt()).isPresent();
    assertThat(report.jwt().get().passed()).as(report.toString()).isTrue();
    assertThat(report.jwt().get().pq().orElseThrow().status()).isEqualTo(PqStatus.VERIFIED);
    VerifiedAttestation fromTokens = Verifier.fromServedKeys().verifyToken(jwt, pqJwt);
    assertThat(fromTokens.id()).isEqualTo(attestation.id());
    assertThat(fromTokens.pass()).isEqualTo(attestation.pass()).isTrue();
  }

  @Test
  void theJwt_verifiesWithStockJose4j_againstTheServedKeySet() throws Exception {
    String key = TestKeys.create(pool, 10, 100, KeyVersion.V2).secret();
    Response response = attest(key, request());
    VerifiedAttestation attestation = verified(response);

    JsonWebKeySet served = new JsonWebKeySet(given().get("/v1/jwks").asString());
    JwtClaims claims =
        new JwtConsumerBuilder()
            .setVerificationKeyResolver(new JwksVerificationKeyResolver(served.getJsonWebKeys()))
            .setRequireExpirationTime()
            .setExpectedIssuer(issuer)
            .setJwsAlgorithmConstraints(AlgorithmConstraints.ConstraintType.PERMIT, "ES256")
            .build()
            .processToClaims(response.jsonPath().getString("data.jwt"));

    assertThat(claims.getJwtId()).isEqualTo(attestation.id());
    assertThat(claims.getSubject()).isEqualTo(m.wallet("holder").address());
    assertThat(claims.getClaimValue("pass")).isEqualTo(true);
    assertThat((List<?>) claims.getClaimValue("results")).hasSize(2);
  }

  @Test
  void aV1Key_canAskForJwtsToo() {
    String key = TestKeys.create(pool, 10, 100, KeyVersion.V1).secret();

    VerifiedAttestation attestation = verified(attest(key, request()));

    assertThat(attestation.kid()).isEqualTo("service-attest-v1");
  }
}
