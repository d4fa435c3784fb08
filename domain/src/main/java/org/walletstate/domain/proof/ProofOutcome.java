package org.walletstate.domain.proof;

import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.evm.AccountProof;

/** What a chain adapter obtained for one {@link ProofTarget} at the pinned block. */
public sealed interface ProofOutcome
    permits ProofOutcome.Obtained, ProofOutcome.Declined, ProofOutcome.Failed {

  /**
   * The node's proof.
   *
   * @param proof the account proof, with the balance slot's storage proof for an ERC-20 balance
   * @param layout where the balance slot was found; present exactly for an ERC-20 balance
   */
  record Obtained(AccountProof proof, Optional<BalanceLayout> layout) implements ProofOutcome {
    public Obtained {
      Objects.requireNonNull(proof, "proof");
      Objects.requireNonNull(layout, "layout");
    }
  }

  /**
   * No proof can be given for a reason of the chain's state (the balance slot cannot be located).
   *
   * @param reason stated in the declined proof object
   */
  // Alike by design: each variant is its own record and checks its own components.
  record Declined(String reason) implements ProofOutcome {
    public Declined {
      Objects.requireNonNull(reason, "reason");
    }
  }

  /**
   * A read the proof needed did not complete.
   *
   * @param detail for operators' logs only
   */
  record Failed(String detail) implements ProofOutcome {
    public Failed {
      Objects.requireNonNull(detail, "detail");
    }
  }
}
