package org.walletstate.verifier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** Behaviour beyond the vectors, on edited copies of genuine vector responses. */
class AttestationVerifierTest {

  private static final Instant ISSUED = Instant.parse("2026-08-28T22:25:11.944Z");

  private static ObjectNode vector(String name) {
    return (ObjectNode) Conformance.vectors().get(name).get("response").deepCopy();
  }

  private static AttestationVerifier verifierAt(Instant now) {
    return AttestationVerifier.builder(Conformance.savedKeySet())
        .namespace(Conformance.INSUMER)
        .clock(Clock.fixed(now, ZoneOffset.UTC))
        .build();
  }

  @Test
  void verify_acceptsAGenuineAttestationInsideItsWindow() throws Exception {
    VerifiedAttestation attestation =
        verifierAt(ISSUED.plusSeconds(30))
            .verify(Conformance.write(vector("01-token-balance-met")));
    assertThat(attestation.id()).isEqualTo("ATST-E968E5993E8D89A2");
    assertThat(attestation.kid()).isEqualTo("insumer-attest-v2");
    assertThat(attestation.results().get(0).conditionHash())
        .contains("0x7461826638a23862059da9474fa12054829f694020701491d660395b87df6132");
  }

  @Test
  void verify_namesExpiryWhenTheWindowHasPassed() {
    assertThatThrownBy(
            () ->
                verifierAt(ISSUED.plus(Duration.ofHours(2)))
                    .verify(Conformance.write(vector("01-token-balance-met"))))
        .isInstanceOfSatisfying(
            AttestationRejectedException.class, e -> assertThat(e.check()).isEqualTo(Check.EXPIRY));
  }

  @Test
  void verifyTrustProfile_namesTheFirstFailedCheckWithEveryVerdict() {
    String response =
        Conformance.write(
            Conformance.vectors().get("18-trust-profile-not-evaluated").get("response"));
    assertThatThrownBy(
            () -> verifierAt(ISSUED.plus(Duration.ofDays(30))).verifyTrustProfile(response))
        .isInstanceOfSatisfying(
            StatementRejectedException.class,
            e -> {
              assertThat(e.check()).isEqualTo(Check.EXPIRY);
              assertThat(e.report()).isInstanceOf(TrustProfileReport.class);
              assertThat(e.report().signature().passed()).isTrue();
              assertThat(e.report().failedChecks()).containsExactly(Check.EXPIRY);
            });
  }

  @Test
  void verify_refusesAnExpiresAtPushedPastTheSignedWindow() {
    ObjectNode response = vector("01-token-balance-met");
    ((ObjectNode) response.at("/data/attestation")).put("expiresAt", "2026-08-28T23:05:11.944Z");
    VerificationReport report =
        verifierAt(ISSUED.plusSeconds(30)).report(Conformance.write(response));
    assertThat(report.failedChecks()).containsExactly(Check.EXPIRY);
    assertThat(report.expiry().reason()).get().asString().contains("issuance window");
  }

  @Test
  void expiry_allowsOnlyFiveMinutesWhenADelegationWasEvaluated() {
    ObjectNode response = vector("01-token-balance-met");
    ((ObjectNode) response.at("/data/attestation/results/0/evaluatedCondition"))
        .put("type", "erc7710_delegation");
    VerificationReport report =
        verifierAt(ISSUED.plusSeconds(30)).report(Conformance.write(response));
    assertThat(report.expiry().passed()).isFalse();
    assertThat(report.expiry().reason()).get().asString().contains("5 min");
  }

  @Test
  void freshness_failsAnAnchorOlderThanMaxAgePlusSkew() {
    String response = Conformance.write(vector("01-token-balance-met"));
    AttestationVerifier.Builder builder =
        AttestationVerifier.builder(Conformance.savedKeySet())
            .namespace(Conformance.INSUMER)
            .maxAge(Duration.ofSeconds(10))
            .clockSkew(Duration.ofSeconds(5));
    Instant anchor = Instant.parse("2026-08-28T22:24:59.000Z");
    assertThat(
            builder
                .clock(Clock.fixed(anchor.plusSeconds(15), ZoneOffset.UTC))
                .build()
                .report(response)
                .freshness()
                .passed())
        .isTrue();
    assertThat(
            builder
                .clock(Clock.fixed(anchor.plusSeconds(16), ZoneOffset.UTC))
                .build()
                .report(response)
                .freshness()
                .passed())
        .isFalse();
  }

  @Test
  void report_refusesAnArtifactNestedPastTheBoundWithoutFailingOtherChecks() {
    ObjectNode response = vector("01-token-balance-met");
    ObjectNode result = (ObjectNode) response.at("/data/attestation/results/0");
    ArrayNode deep = result.putArray("deep");
    for (int i = 0; i < 200; i++) {
      deep = deep.addArray();
    }
    VerificationReport report =
        verifierAt(ISSUED.plusSeconds(30)).report(Conformance.write(response));
    assertThat(report.signature().passed()).isFalse();
    assertThat(report.signature().reason()).get().asString().contains("refused");
    assertThat(report.conditionHashes().passed()).isTrue();
  }

  @Test
  void report_failsTheStructureOfSomethingThatIsNotAResponse() {
    VerificationReport report = verifierAt(ISSUED).report("{\"data\":{\"attestation\":{}}}");
    assertThat(report.failedChecks()).startsWith(Check.STRUCTURE);
    assertThat(report.pq().status()).isEqualTo(PqStatus.UNVERIFIABLE);
  }

  @Test
  void report_underTheWrongNamespaceFailsTheKidButStillChecksTheHashes() {
    VerificationReport report =
        AttestationVerifier.builder(Conformance.savedKeySet())
            .clock(Clock.fixed(ISSUED, ZoneOffset.UTC))
            .build()
            .report(Conformance.write(vector("01-token-balance-met")));
    assertThat(report.signature().passed()).isFalse();
    assertThat(report.conditionHashes().passed()).isTrue();
  }

  @Test
  void evidenceMode_doesNotRequireTheCompanion() {
    String response = Conformance.write(vector("16-pq-absent-under-cutoff"));
    AttestationVerifier.Builder builder =
        AttestationVerifier.builder(Conformance.savedKeySet())
            .namespace(Conformance.INSUMER)
            .clock(Conformance.AFTER_ALL_WINDOWS)
            .pqRequiredFrom(Instant.parse("2026-09-01T00:00:00Z"));
    assertThat(builder.build().report(response).pq().passed()).isFalse();
    assertThat(builder.mode(Mode.EVIDENCE).build().report(response).pq().passed()).isTrue();
  }

  @Test
  void pqActivatedAt_reportsWhetherTheCompanionCouldHaveExisted() {
    JsonNode vector = Conformance.vectors().get("12-pq-companion-v2");
    PqVerdict pq =
        AttestationVerifier.builder(Conformance.savedKeySet())
            .namespace(Conformance.INSUMER)
            .pqActivatedAt(Instant.parse("2026-09-01T23:30:53Z"))
            .build()
            .report(Conformance.write(vector.get("response")))
            .pq();
    assertThat(pq.status()).isEqualTo(PqStatus.VERIFIED);
    assertThat(pq.existedAtIssuance()).contains(true);
  }
}
