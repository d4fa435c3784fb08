package org.walletstate.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.AttestationSigner.SigningRequest;
import org.walletstate.domain.attest.attestation.Attestation;
import org.walletstate.domain.attest.attestation.ConditionResult;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.Check;
import org.walletstate.verifier.PqStatus;
import org.walletstate.verifier.VerificationReport;
import org.walletstate.verifier.VerifiedAttestation;

/**
 * A result anchored at a {@code finalized} (or {@code safe}) block names its tag in the signed
 * result, right after the block's timestamp; the SDK verifies it under every kid and exposes it,
 * and editing or dropping the tag breaks both signatures.
 */
class TaggedAnchorRoundTripTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The test attestation with its EVM result re-anchored at {@code tag}. */
  private static Attestation anchoredAt(Attestation base, AnchorTag tag) {
    List<ConditionResult> results = new ArrayList<>();
    for (ConditionResult r : base.results()) {
      Anchor anchor =
          r.anchor() instanceof Anchor.EvmBlock block
              ? new Anchor.EvmBlock(block.number(), block.timestamp(), tag)
              : r.anchor();
      results.add(
          new ConditionResult(
              r.index(),
              r.label(),
              r.type(),
              r.chainId(),
              r.met(),
              r.evaluatedCondition(),
              anchor,
              r.extras(),
              r.proof()));
    }
    return new Attestation(base.id(), results, base.attestedAt(), base.expiresAt());
  }

  private static String sign(Attestation attestation, KeyVersion version, boolean jwt) {
    return TestSigning.signer()
        .sign(new SigningRequest(attestation, version, jwt, jwt ? TestSigning.WALLET : null))
        .dataJson();
  }

  private static Instant now() {
    return TestSigning.clockInWindow().instant();
  }

  @Test
  void finalized_isSignedAfterTheTimestampAndVerifiesUnderV2WithTokens() throws Exception {
    String data =
        sign(anchoredAt(TestSigning.attestation(), AnchorTag.FINALIZED), KeyVersion.V2, true);

    JsonNode evm = JSON.readTree(data).at("/attestation/results/0");
    assertThat(evm.fieldNames())
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
            "blockTimestamp",
            "blockTag");
    assertThat(evm.get("blockTag").asText()).isEqualTo("finalized");
    assertThat(JSON.readTree(data).at("/attestation/results/1").has("blockTag")).isFalse();

    VerifiedAttestation verified = TestSigning.verifier(now()).verify(data);
    assertThat(verified.results().get(0).blockTag()).contains("finalized");
    assertThat(verified.results().get(1).blockTag()).isEmpty();
    assertThat(verified.report().pq().status()).isEqualTo(PqStatus.VERIFIED);
    assertThat(verified.report().jwt().orElseThrow().passed()).isTrue();
  }

  @Test
  void safe_verifiesUnderTheV1KidAndPreimage() throws Exception {
    String data =
        sign(anchoredAt(TestSigning.v1Attestation(), AnchorTag.SAFE), KeyVersion.V1, false);
    VerifiedAttestation verified = TestSigning.verifier(now()).verify(data);
    assertThat(verified.kid()).isEqualTo("service-attest-v1");
    assertThat(verified.results().get(0).blockTag()).contains("safe");
  }

  @Test
  void latest_isTheUntaggedResultByteForByte() {
    Attestation latest = anchoredAt(TestSigning.attestation(), AnchorTag.LATEST);
    assertThat(latest).isEqualTo(TestSigning.attestation());
    String data = sign(latest, KeyVersion.V2, false);
    assertThat(data).doesNotContain("blockTag");
  }

  @Test
  void editingOrDroppingTheTag_failsBothSignatures() throws Exception {
    String data =
        sign(anchoredAt(TestSigning.attestation(), AnchorTag.FINALIZED), KeyVersion.V2, false);

    ObjectNode relabelled = (ObjectNode) JSON.readTree(data);
    ((ObjectNode) relabelled.at("/attestation/results/0")).put("blockTag", "safe");
    VerificationReport edited =
        TestSigning.verifier(now()).report(JSON.writeValueAsString(relabelled));
    assertThat(edited.failedChecks()).containsExactly(Check.SIGNATURE, Check.PQ);

    ObjectNode dropped = (ObjectNode) JSON.readTree(data);
    ((ObjectNode) dropped.at("/attestation/results/0")).remove("blockTag");
    VerificationReport removed =
        TestSigning.verifier(now()).report(JSON.writeValueAsString(dropped));
    assertThat(removed.failedChecks()).containsExactly(Check.SIGNATURE, Check.PQ);
  }
}
