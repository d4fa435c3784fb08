package org.walletstate.domain.attest;

import java.util.Map;
import java.util.Objects;
import org.walletstate.domain.attestation.Anchor;
import org.walletstate.domain.proof.ProofOutcome;
import org.walletstate.domain.proof.ProofTarget;
import org.walletstate.domain.read.ReadOutcomes;

/** What a chain adapter observed on one chain for one request. */
public sealed interface ChainObservation
    permits ChainObservation.Observed, ChainObservation.HeadUnavailable {

  /**
   * The head was read and every planned read was run pinned to it.
   *
   * @param anchor the pinned block (number and timestamp)
   * @param outcomes one outcome per planned read, follow-ups included
   * @param proofs one outcome per planned proof target, fetched at the same block
   */
  record Observed(
      Anchor.EvmBlock anchor, ReadOutcomes outcomes, Map<ProofTarget, ProofOutcome> proofs)
      implements ChainObservation {
    public Observed {
      Objects.requireNonNull(anchor, "anchor");
      Objects.requireNonNull(outcomes, "outcomes");
      proofs = Map.copyOf(proofs);
    }

    /** An observation without proofs. */
    public Observed(Anchor.EvmBlock anchor, ReadOutcomes outcomes) {
      this(anchor, outcomes, Map.of());
    }
  }

  /**
   * The chain head could not be read, so nothing on the chain could be anchored.
   *
   * @param detail for operators' logs only
   */
  record HeadUnavailable(String detail) implements ChainObservation {
    public HeadUnavailable {
      Objects.requireNonNull(detail, "detail");
    }
  }
}
