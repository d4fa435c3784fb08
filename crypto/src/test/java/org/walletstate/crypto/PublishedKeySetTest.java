package org.walletstate.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.jose4j.keys.resolvers.JwksVerificationKeyResolver;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.AttestationSigner.SigningRequest;
import org.walletstate.domain.payload.KeyVersion;

class PublishedKeySetTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void jwks_listsEcEntriesThenAkpEntriesWithTheWireMemberOrder() throws Exception {
    JsonNode keys = JSON.readTree(new PublishedKeySet(TestSigning.keys()).jwksJson()).get("keys");
    List<String> kids = new ArrayList<>();
    keys.forEach(k -> kids.add(k.get("kid").asText()));
    assertThat(kids)
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
    assertThat(keys.get(0).fieldNames())
        .toIterable()
        .containsExactly("kty", "crv", "x", "y", "kid", "alg", "use");
    assertThat(keys.get(5).fieldNames())
        .toIterable()
        .containsExactly("kty", "alg", "pub", "kid", "use");
    assertThat(keys.get(5).get("pub").asText()).hasSize(2603);
  }

  @Test
  void jwks_neverCarriesPrivateMembers() throws Exception {
    String jwks = new PublishedKeySet(TestSigning.keys()).jwksJson();
    JsonNode keys = JSON.readTree(jwks).get("keys");
    keys.forEach(k -> assertThat(k.has("d") || k.has("priv")).isFalse());
    String seed =
        JSON.readTree(TestSigning.resource("test-keys/TEST-ONLY-ml-dsa-65.private.jwk.json"))
            .get("priv")
            .asText();
    String d =
        JSON.readTree(TestSigning.resource("test-keys/TEST-ONLY-p256.private.jwk.json"))
            .get("d")
            .asText();
    assertThat(jwks).doesNotContain(seed).doesNotContain(d);
  }

  @Test
  void retiredKeys_stayPublishedInTheirGroup() throws Exception {
    String retired =
        "{\"keys\":[{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"JtHPhDPnv8AfP0JSlGutxbOlxreV2Chey27Z76q3V2c\",\"y\":\"kn34HaxVSJfn8NxwNEBjjLkcrM_GDw1lgnqyADGuc4c\",\"kid\":\"service-attest-2025\",\"alg\":\"ES256\",\"use\":\"sig\"}]}";
    JsonNode keys =
        JSON.readTree(new PublishedKeySet(TestSigning.keys().withRetiredKeys(retired)).jwksJson())
            .get("keys");
    assertThat(keys.get(5).get("kid").asText()).isEqualTo("service-attest-2025");
    assertThat(keys.get(6).get("kid").asText()).isEqualTo("service-attest-pq1");
  }

  @Test
  void retiredKeys_refusePrivateMaterialAndTakenKids() {
    assertThatThrownBy(
            () ->
                TestSigning.keys()
                    .withRetiredKeys(
                        "{\"keys\":[{\"kty\":\"EC\",\"kid\":\"old\",\"d\":\"secret\"}]}"))
        .hasMessageContaining("private material")
        .hasMessageNotContaining("secret");
    assertThatThrownBy(
            () ->
                TestSigning.keys()
                    .withRetiredKeys("{\"keys\":[{\"kty\":\"EC\",\"kid\":\"service-attest-v2\"}]}"))
        .hasMessageContaining("already published");
  }

  /** A stock JOSE library verifies our ES256 token against our key set, with no help from us. */
  @Test
  void jwt_verifiesWithStockJose4jAgainstThePublishedKeySet() throws Exception {
    String data =
        TestSigning.signer()
            .sign(
                new SigningRequest(
                    TestSigning.attestation(), KeyVersion.V2, true, TestSigning.WALLET))
            .dataJson();
    String jwt = JSON.readTree(data).get("jwt").asText();
    JsonWebKeySet keySet = new JsonWebKeySet(new PublishedKeySet(TestSigning.keys()).jwksJson());
    JwtConsumer consumer =
        new JwtConsumerBuilder()
            .setVerificationKeyResolver(new JwksVerificationKeyResolver(keySet.getJsonWebKeys()))
            .setExpectedIssuer(TestSigning.ISSUER.toString())
            .setRequireExpirationTime()
            .setRequireJwtId()
            .setEvaluationTime(NumericDate.fromMilliseconds(TestSigning.clockInWindow().millis()))
            .setJwsAlgorithmConstraints(
                AlgorithmConstraints.ConstraintType.PERMIT,
                AlgorithmIdentifiers.ECDSA_USING_P256_CURVE_AND_SHA256)
            .build();
    JwtClaims claims = consumer.processToClaims(jwt);
    assertThat(claims.getSubject()).isEqualTo(TestSigning.WALLET);
    assertThat(claims.getJwtId()).isEqualTo("ATST-0123456789ABCDEF");
    assertThat(claims.getExpirationTime().getValue() - claims.getIssuedAt().getValue())
        .isEqualTo(1800);
  }
}
