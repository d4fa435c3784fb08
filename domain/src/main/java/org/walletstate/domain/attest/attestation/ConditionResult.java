package org.walletstate.domain.attest.attestation;

import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payload.PayloadValue;

/**
 * The verdict on one condition, as it is signed.
 *
 * @param index the condition's position in the request
 * @param label the caller's label (untrusted, echoed)
 * @param type the condition type's wire name
 * @param chainId the chain read
 * @param met the verdict
 * @param evaluatedCondition what was evaluated, in issue order; its hash is the conditionHash
 * @param anchor where the chain was read
 * @param extras signed siblings outside the condition hash (e.g. totalSupply), in issue order
 * @param proof a Merkle proof object, when one was requested
 */
public record ConditionResult(
    int index,
    String label,
    String type,
    ChainId chainId,
    boolean met,
    PayloadValue.Obj evaluatedCondition,
    Anchor anchor,
    PayloadValue.Obj extras,
    Optional<PayloadValue.Obj> proof) {

  public ConditionResult {
    if (index < 0) {
      throw new IllegalArgumentException("index must not be negative");
    }
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(chainId, "chainId");
    Objects.requireNonNull(evaluatedCondition, "evaluatedCondition");
    Objects.requireNonNull(anchor, "anchor");
    Objects.requireNonNull(extras, "extras");
    Objects.requireNonNull(proof, "proof");
  }

  /** True when the result carries a Merkle proof with {@code available: true}. */
  public boolean proofDelivered() {
    return proof
        .map(p -> p.get("available") instanceof PayloadValue.Bool b && b.value())
        .orElse(false);
  }
}
