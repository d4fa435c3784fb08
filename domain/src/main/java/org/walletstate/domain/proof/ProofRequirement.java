package org.walletstate.domain.proof;

import java.util.Objects;
import org.walletstate.domain.chain.Chain;

/**
 * Whether a result can carry a Merkle proof, and of what. Each condition type states its own rule;
 * a chain without standard Merkle-Patricia proofs declines for every type, with its own reason.
 */
public sealed interface ProofRequirement
    permits ProofRequirement.Wanted, ProofRequirement.Declined {

  // Alike by design: each variant is its own record and checks its own components.
  /** A proof of {@code target} is fetched at the block the verdict was read at. */
  record Wanted(ProofTarget target) implements ProofRequirement {
    public Wanted {
      Objects.requireNonNull(target, "target");
    }
  }

  /** No proof; the result's proof object says why. */
  record Declined(String reason) implements ProofRequirement {
    public Declined {
      Objects.requireNonNull(reason, "reason");
    }
  }

  /** No proof, for the reason {@code chain} states for declining its proofs. */
  static ProofRequirement declinedOn(Chain chain) {
    return new Declined(chain.proofs().declineReason());
  }
}
