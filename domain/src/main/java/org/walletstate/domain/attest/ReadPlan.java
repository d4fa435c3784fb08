package org.walletstate.domain.attest;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.condition.Condition;
import org.walletstate.domain.condition.RequestedCondition;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.proof.ProofTarget;
import org.walletstate.domain.read.EvmRead;
import org.walletstate.domain.read.ReadOutcomes;

/**
 * The chain reads one attest request needs, per chain, de-duplicated: an adapter reads each chain's
 * head once, then runs {@link #reads} pinned to it in one round trip, then {@link #followUps}
 * (reads that depend on the first answers, such as the EAS attestation a lookup named) in a second,
 * at the same block.
 */
public final class ReadPlan {

  private final EvmAddress wallet;
  private final List<RequestedCondition> conditions;
  private final Map<ChainId, Set<EvmRead<?>>> reads;
  private final Map<ChainId, Set<ProofTarget>> proofs;

  private ReadPlan(
      EvmAddress wallet,
      List<RequestedCondition> conditions,
      Map<ChainId, Set<EvmRead<?>>> reads,
      Map<ChainId, Set<ProofTarget>> proofs) {
    this.wallet = wallet;
    this.conditions = conditions;
    this.reads = reads;
    this.proofs = proofs;
  }

  /** The plan of a command whose conditions are all on EVM chains. */
  public static ReadPlan of(AttestCommand command) {
    EvmAddress wallet = command.evmWallet();
    Map<ChainId, Set<EvmRead<?>>> reads = new LinkedHashMap<>();
    Map<ChainId, Set<ProofTarget>> proofs = new LinkedHashMap<>();
    for (RequestedCondition requested : command.conditions()) {
      Condition condition = requested.condition();
      ChainId id = condition.chain().id();
      reads.computeIfAbsent(id, chain -> new LinkedHashSet<>()).addAll(condition.reads(wallet));
      Set<ProofTarget> targets = proofs.computeIfAbsent(id, chain -> new LinkedHashSet<>());
      if (command.proof() == ProofMode.MERKLE
          && ProofRequirement.of(condition, wallet) instanceof ProofRequirement.Wanted wanted) {
        targets.add(wanted.target());
      }
    }
    reads.replaceAll((chain, set) -> Collections.unmodifiableSet(set));
    proofs.replaceAll((chain, set) -> Collections.unmodifiableSet(set));
    return new ReadPlan(
        wallet,
        command.conditions(),
        Collections.unmodifiableMap(reads),
        Collections.unmodifiableMap(proofs));
  }

  /** The chains to anchor, in the order the conditions first name them. */
  public Set<ChainId> chains() {
    return reads.keySet();
  }

  /** The first round of reads on {@code chain}. */
  public Set<EvmRead<?>> reads(ChainId chain) {
    Set<EvmRead<?>> onChain = reads.get(chain);
    if (onChain == null) {
      throw new IllegalArgumentException("the plan reads nothing on chain " + chain);
    }
    return onChain;
  }

  /**
   * What to prove on {@code chain}, at the block the reads were pinned to, after them; empty unless
   * the command asked for Merkle proofs.
   */
  public Set<ProofTarget> proofs(ChainId chain) {
    reads(chain);
    return proofs.get(chain);
  }

  /**
   * The second round on {@code chain}: reads whose arguments come from first-round answers. Empty
   * when there are none (then the chain needs a single round trip).
   *
   * @param firstRound the outcomes of every read of {@link #reads(ChainId)}
   */
  public Set<EvmRead<?>> followUps(ChainId chain, ReadOutcomes firstRound) {
    reads(chain);
    Set<EvmRead<?>> followUps = new LinkedHashSet<>();
    for (RequestedCondition requested : conditions) {
      Condition condition = requested.condition();
      if (condition.chain().id().equals(chain)) {
        followUps.addAll(condition.followUpReads(wallet, firstRound));
      }
    }
    return Collections.unmodifiableSet(followUps);
  }
}
