package org.walletstate.domain.observation;

import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.proof.ProofTarget;

/**
 * What to observe on one chain at one anchor: a first round of reads, a second round computed from
 * the first's answers (reads whose arguments come from a chain answer, such as the EAS attestation
 * a lookup names), and what to prove there. Every read is of the chain's family.
 *
 * @param reads the first round
 * @param followUps the second round, from the first round's readings; empty when none is needed
 * @param proofs what to prove at the same anchor; empty unless proofs were asked for
 * @param anchor which block to anchor at: the chain's latest, or (EVM chains that serve the tag)
 *     the block its nodes name {@code safe} or {@code finalized}
 * @param assurance how many providers to read: one with failover (the default), or a quorum of
 *     independent providers that must agree
 */
public record ChainQuery(
    Set<ChainRead<?>> reads,
    Function<Readings, Set<ChainRead<?>>> followUps,
    Set<ProofTarget> proofs,
    AnchorTag anchor,
    Assurance assurance) {

  // Null checks written out by design: a record validates its own components on construction.
  public ChainQuery {
    Objects.requireNonNull(reads, "reads");
    Objects.requireNonNull(followUps, "followUps");
    Objects.requireNonNull(proofs, "proofs");
    Objects.requireNonNull(anchor, "anchor");
    Objects.requireNonNull(assurance, "assurance");
  }

  /** A query read from one provider with failover. */
  public ChainQuery(
      Set<ChainRead<?>> reads,
      Function<Readings, Set<ChainRead<?>>> followUps,
      Set<ProofTarget> proofs,
      AnchorTag anchor) {
    this(reads, followUps, proofs, anchor, Assurance.SINGLE);
  }

  /** A query anchored at the chain's latest block. */
  public ChainQuery(
      Set<ChainRead<?>> reads,
      Function<Readings, Set<ChainRead<?>>> followUps,
      Set<ProofTarget> proofs) {
    this(reads, followUps, proofs, AnchorTag.LATEST);
  }

  /** One round of reads, nothing to prove. */
  public static ChainQuery of(Set<ChainRead<?>> reads) {
    return new ChainQuery(reads, firstRound -> Set.of(), Set.of());
  }
}
