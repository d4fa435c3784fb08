package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/** One signed result of a {@link VerifiedAttestation}. Returned trees are copies. */
public final class VerifiedResult {

  private final int index;
  private final JsonNode result;

  VerifiedResult(int index, JsonNode result) {
    this.index = index;
    this.result = result.deepCopy();
  }

  /** Position in the attestation, which is the request order. */
  public int index() {
    return index;
  }

  public boolean met() {
    return SignedMembers.isTrue(result, "met");
  }

  /** The condition type's wire name, e.g. {@code token_balance}. */
  public Optional<String> type() {
    return SignedMembers.text(result, "type");
  }

  /** The caller-written label: signed, but written by whoever asked. Never trust it. */
  public Optional<String> label() {
    return SignedMembers.text(result, "label");
  }

  /** The chain id as written: a number for EVM chains, a word for the others. */
  public Optional<JsonNode> chainId() {
    return Optional.ofNullable(result.get("chainId")).map(JsonNode::deepCopy);
  }

  /** The predicate that was evaluated: compare it with what your route requires. */
  public Optional<JsonNode> evaluatedCondition() {
    return Optional.ofNullable(result.get("evaluatedCondition")).map(JsonNode::deepCopy);
  }

  public Optional<String> conditionHash() {
    return SignedMembers.text(result, "conditionHash");
  }

  /**
   * The block tag an EVM result was anchored at, {@code safe} or {@code finalized}, when the
   * request asked for one. Empty for a result read at the chain's latest block (the default, which
   * carries no {@code blockTag}) and for non-EVM results. The tag is signed with the rest of the
   * result; a {@code finalized} block is older than the latest, so its {@code blockTimestamp} is
   * too.
   */
  public Optional<String> blockTag() {
    return SignedMembers.text(result, "blockTag");
  }

  // Read as VerifiedTrustCheck reads its row, by design: each public type names its own members.
  /**
   * How the chain was read, when the request asked ({@code "assurance"}); empty for a result
   * without {@code readAssurance} (a request without the option: one provider).
   */
  public Optional<ReadAssurance> readAssurance() {
    return ReadAssurance.of(result);
  }

  /** The whole signed result, anchor and extras included. */
  public JsonNode asJson() {
    return result.deepCopy();
  }

  @Override
  public String toString() {
    return "VerifiedResult[" + index + ", met=" + met() + "]";
  }
}
