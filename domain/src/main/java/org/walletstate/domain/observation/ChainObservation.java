package org.walletstate.domain.observation;

import java.util.Map;
import java.util.Objects;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.proof.ProofOutcome;
import org.walletstate.domain.proof.ProofTarget;

/** What a chain adapter observed on one chain for one request. */
public sealed interface ChainObservation
    permits ChainObservation.Observed, ChainObservation.HeadUnavailable {

  /**
   * The chain was anchored and every planned read was run at that anchor.
   *
   * @param anchor where the reads were pinned: a block, slot, ledger or checkpoint of the family
   * @param readings one answer per planned read, follow-ups included
   * @param proofs one outcome per planned proof target, fetched at the same anchor
   */
  record Observed(Anchor anchor, Readings readings, Map<ProofTarget, ProofOutcome> proofs)
      implements ChainObservation {
    public Observed {
      Objects.requireNonNull(anchor, "anchor");
      Objects.requireNonNull(readings, "readings");
      proofs = Map.copyOf(proofs);
    }

    /** An observation without proofs. */
    public Observed(Anchor anchor, Readings readings) {
      this(anchor, readings, Map.of());
    }
  }

  /**
   * The chain's head could not be read, so nothing on the chain could be anchored.
   *
   * @param detail for operators' logs only
   */
  record HeadUnavailable(String detail) implements ChainObservation {
    public HeadUnavailable {
      Objects.requireNonNull(detail, "detail");
    }
  }
}
