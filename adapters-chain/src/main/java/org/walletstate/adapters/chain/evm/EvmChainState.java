package org.walletstate.adapters.chain.evm;

import io.smallrye.mutiny.Uni;
import java.math.BigInteger;
import java.util.Set;
import java.util.function.Function;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.ReadOutcomes;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;
import org.walletstate.domain.proof.ProofTarget;

/**
 * The {@link ChainState} of EVM chains, in the family's own terms: the head once, then every read
 * pinned to that block, with EVM reads and outcomes.
 *
 * <p>The returned {@link Uni} never fails for a chain problem: an unreadable head is {@link
 * ChainObservation.HeadUnavailable}, an unreadable value is a failed outcome of its read. Callers
 * turn those into {@code rpc_failure}; they are never verdicts.
 */
public interface EvmChainState extends ChainState {

  /**
   * The family-neutral query as EVM reads.
   *
   * @throws IllegalArgumentException when a read is not an EVM read
   */
  @Override
  default Uni<ChainObservation> observe(ChainId chain, ChainQuery query) {
    return observe(
        chain,
        EvmRead.all(query.reads()),
        firstRound -> EvmRead.all(query.followUps().apply(firstRound)),
        query.proofs(),
        query.anchor());
  }

  /**
   * Anchors {@code chain} at its current head and reads {@code reads} there, then {@code followUps}
   * (computed from the first round's outcomes) at the same block.
   *
   * @param chain an EVM chain of the catalogue
   * @param reads the first round
   * @param followUps the second round, from the first's outcomes; empty when none is needed
   */
  default Uni<ChainObservation> observe(
      ChainId chain, Set<EvmRead<?>> reads, Function<ReadOutcomes, Set<EvmRead<?>>> followUps) {
    return observe(chain, reads, followUps, Set.of());
  }

  /**
   * As {@link #observe(ChainId, Set, Function)}, then fetches an EIP-1186 proof of each of {@code
   * proofs} at the same block. A proof that cannot be had is a {@link
   * org.walletstate.domain.proof.ProofOutcome.Declined} or {@link
   * org.walletstate.domain.proof.ProofOutcome.Failed} outcome, never a failed observation: the
   * verdict's reads decide whether the request is answered.
   *
   * @param proofs what to prove; empty when no proof was asked for
   */
  default Uni<ChainObservation> observe(
      ChainId chain,
      Set<EvmRead<?>> reads,
      Function<ReadOutcomes, Set<EvmRead<?>>> followUps,
      Set<ProofTarget> proofs) {
    return observe(chain, reads, followUps, proofs, AnchorTag.LATEST);
  }

  /**
   * As {@link #observe(ChainId, Set, Function, Set)}, anchored at the block the chain's nodes name
   * {@code anchor}: {@code latest} (the followed head when it is fresh), or {@code safe} / {@code
   * finalized}, which are read from the chain for every observation and never followed. Every read
   * and proof is pinned to that block's number, and the anchor names the tag.
   */
  Uni<ChainObservation> observe(
      ChainId chain,
      Set<EvmRead<?>> reads,
      Function<ReadOutcomes, Set<EvmRead<?>>> followUps,
      Set<ProofTarget> proofs,
      AnchorTag anchor);

  /**
   * The family-neutral query at a past block, as EVM reads: only a single-provider query anchored
   * at {@code latest}; any other is answered {@link ChainState#NO_PAST_BLOCKS}.
   */
  @Override
  default Uni<ChainObservation> observeAt(ChainId chain, long block, ChainQuery query) {
    if (query.assurance() != Assurance.SINGLE || query.anchor() != AnchorTag.LATEST || block < 0) {
      return Uni.createFrom().item(new ChainObservation.HeadUnavailable(NO_PAST_BLOCKS));
    }
    return observeAt(
        chain,
        BigInteger.valueOf(block),
        EvmRead.all(query.reads()),
        firstRound -> EvmRead.all(query.followUps().apply(firstRound)),
        query.proofs());
  }

  /**
   * As {@link #observe(ChainId, Set, Function, Set)}, anchored at block {@code block} of the chain
   * ({@code eth_getBlockByNumber} by number, for its hash, timestamp and state root) instead of the
   * head: every read and proof pinned to that number, the anchor that block read as {@code latest}.
   * A block that cannot be read is {@link ChainObservation.HeadUnavailable}. The readers of past
   * blocks override it with these parameters by design: it is the port's signature.
   */
  default Uni<ChainObservation> observeAt(
      ChainId chain,
      BigInteger block,
      Set<EvmRead<?>> reads,
      Function<ReadOutcomes, Set<EvmRead<?>>> followUps,
      Set<ProofTarget> proofs) {
    return Uni.createFrom().item(new ChainObservation.HeadUnavailable(NO_PAST_BLOCKS));
  }
}
