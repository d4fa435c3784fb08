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
   * @param assurance how the readings were obtained: one provider, or a quorum that agreed
   */
  record Observed(
      Anchor anchor,
      Readings readings,
      Map<ProofTarget, ProofOutcome> proofs,
      ReadAssurance assurance)
      implements ChainObservation {
    public Observed {
      Objects.requireNonNull(anchor, "anchor");
      Objects.requireNonNull(readings, "readings");
      proofs = Map.copyOf(proofs);
      Objects.requireNonNull(assurance, "assurance");
    }

    /** An observation read from one provider. */
    public Observed(Anchor anchor, Readings readings, Map<ProofTarget, ProofOutcome> proofs) {
      this(anchor, readings, proofs, ReadAssurance.single());
    }

    /** An observation without proofs. */
    public Observed(Anchor anchor, Readings readings) {
      this(anchor, readings, Map.of());
    }
  }

  /**
   * The chain's head could not be read, so nothing on the chain could be anchored; or, with a
   * quorum, the providers did not agree on the anchor or on a value read there.
   *
   * @param detail for operators' logs only
   * @param message for callers: the {@code failedConditions[].message} of the {@code rpc_failure}
   */
  record HeadUnavailable(String detail, String message) implements ChainObservation {

    /** The message of a head that could not be read. */
    public static final String UNREADABLE = "chain head could not be read";

    /** The message of a quorum whose providers did not agree. */
    public static final String DISAGREED =
        "the chain's providers disagree on what was read; nothing was signed";

    public HeadUnavailable {
      Objects.requireNonNull(detail, "detail");
      Objects.requireNonNull(message, "message");
    }

    /** A head that could not be read. */
    public HeadUnavailable(String detail) {
      this(detail, UNREADABLE);
    }

    /** A quorum whose providers did not agree; {@code detail} names them by host only. */
    public static HeadUnavailable disagreement(String detail) {
      return new HeadUnavailable(detail, DISAGREED);
    }

    /** True when the providers of a quorum read disagreed. */
    public boolean disagreed() {
      return DISAGREED.equals(message);
    }
  }
}
