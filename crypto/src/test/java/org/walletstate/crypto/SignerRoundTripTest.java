package org.walletstate.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.walletstate.application.port.out.AttestationSigner.SignedAttestation;
import org.walletstate.application.port.out.AttestationSigner.SigningRequest;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.AttestationRejectedException;
import org.walletstate.verifier.Check;
import org.walletstate.verifier.PqStatus;
import org.walletstate.verifier.VerificationReport;
import org.walletstate.verifier.VerifiedAttestation;

/** Everything the signer issues verifies with the SDK; every edit of a signed field is caught. */
class SignerRoundTripTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final DualAttestationSigner SIGNER = TestSigning.signer();

  private static String sign(KeyVersion version, boolean jwt) {
    SignedAttestation signed =
        SIGNER.sign(
            new SigningRequest(
                version == KeyVersion.V1 ? TestSigning.v1Attestation() : TestSigning.attestation(),
                version,
                jwt,
                jwt ? TestSigning.WALLET : null));
    return signed.dataJson();
  }

  private static VerificationReport report(String data) {
    return TestSigning.verifier(TestSigning.clockInWindow().instant()).report(data);
  }

  @Test
  void v2_verifiesWithItsCompanion() throws Exception {
    String data = sign(KeyVersion.V2, false);
    VerifiedAttestation verified =
        TestSigning.verifier(TestSigning.clockInWindow().instant()).verify(data);
    assertThat(verified.kid()).isEqualTo("service-attest-v2");
    assertThat(verified.pass()).isFalse();
    assertThat(verified.results()).hasSize(2);
    assertThat(verified.report().pq().status()).isEqualTo(PqStatus.VERIFIED);
    assertThat(verified.report().jwt()).isEmpty();
  }

  @Test
  void v1_verifiesUnderTheLegacyKidAndPreimage() throws Exception {
    String data = sign(KeyVersion.V1, false);
    VerifiedAttestation verified =
        TestSigning.verifier(TestSigning.clockInWindow().instant()).verify(data);
    assertThat(verified.kid()).isEqualTo("service-attest-v1");
    assertThat(verified.report().pq().status()).isEqualTo(PqStatus.VERIFIED);
  }

  @Test
  void jwtFormat_verifiesTheAttestationTheTokensAndBindsTheSubject() throws Exception {
    String data = sign(KeyVersion.V2, true);
    VerifiedAttestation verified =
        TestSigning.verifier(TestSigning.clockInWindow().instant()).verify(data);
    assertThat(verified.report().jwt()).isPresent();
    assertThat(verified.report().jwt().get().passed()).isTrue();
    assertThat(verified.report().jwt().get().pq().get().status()).isEqualTo(PqStatus.VERIFIED);
    assertThat(verified.subject()).contains(TestSigning.WALLET);
  }

  @Test
  void jwtFormat_tokensAloneVerifyOnTheTokenPath() throws Exception {
    JsonNode data = JSON.readTree(sign(KeyVersion.V2, true));
    VerifiedAttestation verified =
        TestSigning.verifier(TestSigning.clockInWindow().instant())
            .verifyToken(data.get("jwt").asText(), data.get("pqJwt").asText());
    assertThat(verified.id()).isEqualTo("ATST-0123456789ABCDEF");
    assertThat(verified.subject()).contains(TestSigning.WALLET);
  }

  @Test
  void dataMembers_comeInIssueOrder() throws Exception {
    JsonNode data = JSON.readTree(sign(KeyVersion.V2, true));
    assertThat(data.fieldNames())
        .toIterable()
        .containsExactly("attestation", "sig", "kid", "jwt", "pqSig", "pqKid", "pqJwt");
    assertThat(data.get("attestation").fieldNames())
        .toIterable()
        .containsExactly(
            "id", "pass", "results", "passCount", "failCount", "attestedAt", "expiresAt");
    assertThat(data.at("/attestation/results/0").fieldNames())
        .toIterable()
        .containsExactly(
            "condition",
            "label",
            "type",
            "chainId",
            "met",
            "evaluatedCondition",
            "conditionHash",
            "blockNumber",
            "blockTimestamp");
    String payload = data.get("jwt").asText().split("\\.")[1];
    assertThat(data.get("pqJwt").asText().split("\\.")[1]).isEqualTo(payload);
  }

  static Stream<Arguments> tamperings() {
    return Stream.of(
        edit(
            "id",
            d -> attestation(d).put("id", "ATST-0123456789ABCDEE"),
            Check.SIGNATURE,
            Check.PQ),
        edit("pass", d -> attestation(d).put("pass", true), Check.SIGNATURE, Check.PQ),
        edit("met", d -> result(d, 1).put("met", true), Check.SIGNATURE, Check.PQ),
        edit(
            "attestedAt",
            d -> attestation(d).put("attestedAt", "2026-11-20T10:15:31.123Z"),
            Check.SIGNATURE,
            Check.PQ),
        edit("label", d -> result(d, 0).put("label", "USDC >= 1000"), Check.SIGNATURE, Check.PQ),
        edit(
            "anchor", d -> result(d, 0).put("blockNumber", "0x1899999"), Check.SIGNATURE, Check.PQ),
        edit(
            "threshold",
            d -> ((ObjectNode) result(d, 0).get("evaluatedCondition")).put("threshold", "1000"),
            Check.SIGNATURE,
            Check.CONDITION_HASHES,
            Check.PQ),
        edit(
            "conditionHash",
            d -> result(d, 0).put("conditionHash", "0x" + "00".repeat(32)),
            Check.SIGNATURE,
            Check.CONDITION_HASHES,
            Check.PQ),
        edit(
            "expiresAt",
            d -> attestation(d).put("expiresAt", "2026-11-20T12:15:30.123Z"),
            Check.EXPIRY),
        edit("kid relabelled", d -> d.put("kid", "service-trust-v2"), Check.SIGNATURE, Check.PQ),
        edit("pqSig", d -> d.put("pqSig", flipFirst(d.get("pqSig").asText())), Check.PQ),
        edit("pqKid", d -> d.put("pqKid", "service-trust-pq1"), Check.PQ),
        edit("sig", d -> d.put("sig", flipFirst(d.get("sig").asText())), Check.SIGNATURE));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("tamperings")
  void tampering_failsExactlyTheChecksThatCoverTheField(
      String field, Consumer<ObjectNode> edit, Check[] expected) throws Exception {
    ObjectNode data = (ObjectNode) JSON.readTree(sign(KeyVersion.V2, false));
    assertThat(report(JSON.writeValueAsString(data)).valid()).isTrue();
    edit.accept(data);
    VerificationReport report = report(JSON.writeValueAsString(data));
    assertThat(report.failedChecks()).as(report.toString()).containsExactly(expected);
  }

  @Test
  void unsignedCounts_areNotEvidence_andEditingThemChangesNothing() throws Exception {
    ObjectNode data = (ObjectNode) JSON.readTree(sign(KeyVersion.V2, false));
    attestation(data).put("passCount", 2).put("failCount", 0);
    assertThat(report(JSON.writeValueAsString(data)).valid()).isTrue();
  }

  @Test
  void jwtFormat_editedSubjectFailsOnlyTheTokenCheck() throws Exception {
    ObjectNode data = (ObjectNode) JSON.readTree(sign(KeyVersion.V2, true));
    String[] parts = data.get("jwt").asText().split("\\.");
    ObjectNode claims =
        (ObjectNode) JSON.readTree(java.util.Base64.getUrlDecoder().decode(parts[1]));
    claims.put("sub", "0x000000000000000000000000000000000000dEaD");
    String edited =
        parts[0]
            + "."
            + java.util.Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(JSON.writeValueAsBytes(claims))
            + "."
            + parts[2];
    data.put("jwt", edited);
    VerificationReport report = report(JSON.writeValueAsString(data));
    assertThat(report.failedChecks()).containsExactly(Check.JWT);
    assertThat(report.jwt().get().pq().get().status()).isEqualTo(PqStatus.REFUTED);
  }

  @Test
  void verify_namesTheFirstFailedCheck() throws Exception {
    ObjectNode data = (ObjectNode) JSON.readTree(sign(KeyVersion.V2, false));
    attestation(data).put("pass", true);
    try {
      TestSigning.verifier(TestSigning.clockInWindow().instant())
          .verify(JSON.writeValueAsString(data));
      throw new AssertionError("a tampered attestation verified");
    } catch (AttestationRejectedException e) {
      assertThat(e.check()).isEqualTo(Check.SIGNATURE);
    }
  }

  private static Arguments edit(String name, Consumer<ObjectNode> edit, Check... expected) {
    return Arguments.of(name, edit, expected);
  }

  private static ObjectNode attestation(ObjectNode data) {
    return (ObjectNode) data.get("attestation");
  }

  private static ObjectNode result(ObjectNode data, int index) {
    return (ObjectNode) data.at("/attestation/results/" + index);
  }

  private static String flipFirst(String base64) {
    char first = base64.charAt(0);
    return (first == 'A' ? 'B' : 'A') + base64.substring(1);
  }
}
