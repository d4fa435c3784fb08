package org.walletstate.domain.attest;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.walletstate.domain.attest.condition.BoundCondition;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.observation.ChainQuery;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.proof.ProofTarget;

/**
 * The chain reads one attest request needs, per chain, de-duplicated: an adapter anchors each chain
 * once, then runs {@link #reads} at that anchor in one round trip, then {@link #followUps} (reads
 * that depend on the first answers, such as the EAS attestation a lookup named) in a second, at the
 * same anchor. Each chain's reads are of its family.
 */
public final class ReadPlan {

  private final List<BoundCondition<?>> conditions;
  private final Map<ChainId, Set<ChainRead<?>>> reads;
  private final Map<ChainId, Set<ProofTarget>> proofs;
  private final AnchorTag anchor;
  private final Assurance assurance;

  private ReadPlan(
      List<BoundCondition<?>> conditions,
      Map<ChainId, Set<ChainRead<?>>> reads,
      Map<ChainId, Set<ProofTarget>> proofs,
      AnchorTag anchor,
      Assurance assurance) {
    // Fields written out by design: each class holds only what it is given.
    this.conditions = conditions;
    this.reads = reads;
    this.proofs = proofs;
    this.anchor = anchor;
    this.assurance = assurance;
  }

  /** The plan of a request. */
  public static ReadPlan of(AttestRequest request) {
    List<BoundCondition<?>> bound = new ArrayList<>();
    Map<ChainId, Set<ChainRead<?>>> reads = new LinkedHashMap<>();
    Map<ChainId, Set<ProofTarget>> proofs = new LinkedHashMap<>();
    for (BoundCondition<?> condition : request.boundConditions()) {
      bound.add(condition);
      ChainId id = condition.chain().id();
      reads.computeIfAbsent(id, chain -> new LinkedHashSet<>()).addAll(condition.reads());
      Set<ProofTarget> targets = proofs.computeIfAbsent(id, chain -> new LinkedHashSet<>());
      if (request.proof() == ProofMode.MERKLE
          && condition.proofRequirement() instanceof ProofRequirement.Wanted wanted) {
        targets.add(wanted.target());
      }
    }
    reads.replaceAll((chain, set) -> Collections.unmodifiableSet(set));
    proofs.replaceAll((chain, set) -> Collections.unmodifiableSet(set));
    return new ReadPlan(
        List.copyOf(bound),
        Collections.unmodifiableMap(reads),
        Collections.unmodifiableMap(proofs),
        request.anchor(),
        request.readMode());
  }

  /** The chains to anchor, in the order the conditions first name them. */
  public Set<ChainId> chains() {
    return reads.keySet();
  }

  /**
   * What to observe on {@code chain}: both rounds of reads and the proofs, at the request's anchor,
   * from as many providers as the request's assurance asks.
   */
  public ChainQuery query(ChainId chain) {
    return new ChainQuery(
        reads(chain), firstRound -> followUps(chain, firstRound), proofs(chain), anchor, assurance);
  }

  /** The first round of reads on {@code chain}. */
  public Set<ChainRead<?>> reads(ChainId chain) {
    Set<ChainRead<?>> onChain = reads.get(chain);
    if (onChain == null) {
      throw new IllegalArgumentException("the plan reads nothing on chain " + chain);
    }
    return onChain;
  }

  /**
   * What to prove on {@code chain}, at the anchor the reads were pinned to, after them; empty
   * unless the request asked for Merkle proofs.
   */
  public Set<ProofTarget> proofs(ChainId chain) {
    reads(chain);
    return proofs.get(chain);
  }

  /**
   * The second round on {@code chain}: reads whose arguments come from first-round answers. Empty
   * when there are none (then the chain needs a single round trip).
   *
   * @param firstRound the readings of every read of {@link #reads(ChainId)}
   */
  public Set<ChainRead<?>> followUps(ChainId chain, Readings firstRound) {
    reads(chain);
    Set<ChainRead<?>> followUps = new LinkedHashSet<>();
    for (BoundCondition<?> condition : conditions) {
      if (condition.chain().id().equals(chain)) {
        followUps.addAll(condition.followUpReads(firstRound));
      }
    }
    return Collections.unmodifiableSet(followUps);
  }
}
