package org.walletstate.verifier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The definition of each signed statement type, as a signer and a verifier both read it. */
class StatementTypeTest {

  private static final Namespace INSUMER = Namespace.of("insumer");

  @Test
  void scheme_followsTheKidTable() {
    assertThat(StatementType.ATTESTATION.scheme(KeyRole.ATTEST_V1)).contains(PreimageScheme.V1);
    assertThat(StatementType.ATTESTATION.scheme(KeyRole.ATTEST_V2)).contains(PreimageScheme.V2);
    assertThat(StatementType.ATTESTATION.scheme(KeyRole.TRUST_V2)).isEmpty();
    assertThat(StatementType.ATTESTATION.scheme(KeyRole.ATTEST_PQ1)).isEmpty();
    assertThat(StatementType.TRUST_PROFILE.scheme(KeyRole.ATTEST_V1)).contains(PreimageScheme.V1);
    assertThat(StatementType.TRUST_PROFILE.scheme(KeyRole.TRUST_V2)).contains(PreimageScheme.V2);
    assertThat(StatementType.TRUST_PROFILE.scheme(KeyRole.ATTEST_V2)).isEmpty();
    assertThat(StatementType.TRUST_PROFILE.scheme(KeyRole.TRUST_PQ1)).isEmpty();
    assertThat(StatementType.TRUST_PROFILE.scheme(KeyRole.DISCOUNT_V2)).isEmpty();
    assertThat(StatementType.DISCOUNT.scheme(KeyRole.DISCOUNT_V2)).contains(PreimageScheme.V2);
    assertThat(StatementType.DISCOUNT.scheme(KeyRole.ATTEST_V1)).isEmpty();
    assertThat(StatementType.DISCOUNT.scheme(KeyRole.TRUST_V2)).isEmpty();
    assertThat(StatementType.DISCOUNT.scheme(KeyRole.DISCOUNT_PQ1)).isEmpty();
    assertThat(StatementType.ATTESTATION.scheme(KeyRole.DISCOUNT_V2)).isEmpty();
    for (StatementType type : List.of(StatementType.ATTESTATION, StatementType.TRUST_PROFILE)) {
      for (PreimageScheme scheme : PreimageScheme.values()) {
        assertThat(type.scheme(type.role(scheme))).as(type + " " + scheme).contains(scheme);
      }
    }
    assertThat(INSUMER.kid(StatementType.TRUST_PROFILE.companionRole()))
        .isEqualTo("insumer-trust-pq1");
  }

  @Test
  void preimage_ofATrustProfileIsTheWholeObjectUnderItsTag() {
    JsonNode trust = CanonicalJson.parse("{\"wallet\":\"0xab\",\"expiresAt\":\"t\",\"b\":[1.0]}");
    assertThat(text(StatementType.TRUST_PROFILE.preimage(INSUMER, PreimageScheme.V2, trust)))
        .isEqualTo("insumer.trust.v2\n{\"b\":[1],\"expiresAt\":\"t\",\"wallet\":\"0xab\"}");
    assertThat(text(StatementType.TRUST_PROFILE.preimage(INSUMER, PreimageScheme.V1, trust)))
        .isEqualTo("{\"wallet\":\"0xab\",\"expiresAt\":\"t\",\"b\":[1]}");
    assertThat(text(StatementType.TRUST_PROFILE.companionPreimage(INSUMER, new byte[] {'x'})))
        .isEqualTo("insumer.trust.pq1\nx");
    assertThatThrownBy(
            () ->
                StatementType.TRUST_PROFILE.preimage(
                    INSUMER, PreimageScheme.V2, CanonicalJson.parse("[]")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a trust profile is a JSON object");
    assertThatThrownBy(
            () ->
                StatementType.ATTESTATION.preimage(
                    INSUMER, PreimageScheme.V2, CanonicalJson.parse("{\"id\":\"x\"}")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the attestation has no pass");
  }

  @Test
  void data_laysOutTheStatementThenItsSignaturesAroundTheTokens() {
    JsonNode attestation =
        CanonicalJson.parse(
            "{\"id\":\"A\",\"pass\":true,\"results\":[],\"attestedAt\":\"t\",\"expiresAt\":\"u\"}");
    ObjectNode plain =
        StatementType.ATTESTATION.data(
            attestation, new StatementType.Signatures("s", "k", "ps", "pk", Optional.empty()));
    assertThat(names(plain)).containsExactly("attestation", "sig", "kid", "pqSig", "pqKid");
    ObjectNode withTokens =
        StatementType.ATTESTATION.data(
            attestation,
            new StatementType.Signatures(
                "s", "k", "ps", "pk", Optional.of(new StatementType.Tokens("j", "pj"))));
    assertThat(names(withTokens))
        .containsExactly("attestation", "sig", "kid", "jwt", "pqSig", "pqKid", "pqJwt");
    assertThat(withTokens.get("jwt").textValue()).isEqualTo("j");
  }

  @Test
  void data_refusesAStatementAVerifierWouldCallMalformed() {
    JsonNode noSummary =
        CanonicalJson.parse(
            "{\"wallet\":\"w\",\"dimensions\":{},\"profiledAt\":\"t\",\"expiresAt\":\"u\"}");
    assertThat(StatementType.TRUST_PROFILE.missingMember(noSummary)).contains("summary");
    assertThatThrownBy(
            () ->
                StatementType.TRUST_PROFILE.data(
                    noSummary,
                    new StatementType.Signatures("s", "k", "ps", "pk", Optional.empty())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("summary");
    assertThat(StatementType.TRUST_PROFILE.requiredMembers())
        .containsExactly("wallet", "dimensions", "summary", "profiledAt", "expiresAt");
  }

  private static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  private static List<String> names(JsonNode object) {
    List<String> names = new ArrayList<>();
    object.fieldNames().forEachRemaining(names::add);
    return names;
  }

  @Test
  void pass_isSignedWholeUnderItsOwnTagsAndKidsOnly() {
    assertThat(StatementType.PASS.scheme(KeyRole.PASS_V2)).contains(PreimageScheme.V2);
    for (KeyRole role : KeyRole.values()) {
      if (role != KeyRole.PASS_V2) {
        assertThat(StatementType.PASS.scheme(role)).as(role.name()).isEmpty();
      }
    }
    assertThat(StatementType.ATTESTATION.scheme(KeyRole.PASS_V2)).isEmpty();
    assertThat(StatementType.TRUST_PROFILE.scheme(KeyRole.PASS_V2)).isEmpty();
    assertThatThrownBy(() -> StatementType.PASS.role(PreimageScheme.V1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(INSUMER.kid(StatementType.PASS.role(PreimageScheme.V2)))
        .isEqualTo("insumer-pass-v2");
    assertThat(INSUMER.kid(StatementType.PASS.companionRole())).isEqualTo("insumer-pass-pq1");
    JsonNode pass =
        CanonicalJson.parse(
            "{\"wallet\":\"0xAb\",\"issuedAt\":\"2026-01-01T00:00:00.000Z\","
                + "\"expiresAt\":\"2026-01-01T00:01:05.000Z\"}");
    assertThat(text(StatementType.PASS.preimage(INSUMER, PreimageScheme.V2, pass)))
        .isEqualTo(
            "insumer.pass.v2\n{\"expiresAt\":\"2026-01-01T00:01:05.000Z\","
                + "\"issuedAt\":\"2026-01-01T00:00:00.000Z\",\"wallet\":\"0xAb\"}");
    assertThat(text(StatementType.PASS.companionPreimage(INSUMER, new byte[] {'x'})))
        .isEqualTo("insumer.pass.pq1\nx");
  }

  @Test
  void passCode_expandsToTheDataItStandsFor_andRefusesOtherText() {
    String code = "P1.eyJhIjoxfQ.AAEC";
    assertThat(PassCode.expand(code, INSUMER))
        .isEqualTo("{\"pass\":{\"a\":1},\"sig\":\"AAEC\",\"kid\":\"insumer-pass-v2\"}");
    for (String bad :
        List.of(
            "",
            "P1",
            "P1.a",
            "P2.eyJhIjoxfQ.AAEC",
            "P1.eyJhIjoxfQ.AA+C",
            "P1.WzFd.AAEC",
            "P1." + "A".repeat(2000) + ".AA")) {
      assertThatThrownBy(() -> PassCode.expand(bad, INSUMER))
          .as(bad)
          .isInstanceOf(PassCode.MalformedCodeException.class);
    }
  }
}
