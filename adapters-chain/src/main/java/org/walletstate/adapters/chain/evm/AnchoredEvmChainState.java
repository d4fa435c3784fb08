package org.walletstate.adapters.chain.evm;

import io.smallrye.mutiny.Uni;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.evm.read.ReadOutcomes;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.proof.ProofTarget;

/**
 * The {@link EvmChainState} port on one {@link EvmRpc} per chain: the head (or the block the
 * request's tag names) once, every distinct request of the first round pinned to it, then the
 * follow-ups at the same block. Each observation has a deadline; whatever is not read by then is a
 * failed outcome (or an unavailable head), never a late answer.
 */
public final class AnchoredEvmChainState implements EvmChainState {

  /**
   * How one chain is read.
   *
   * @param rpc the chain's JSON-RPC, decorated as configured
   * @param deadline the most one observation of the chain may take, from subscription to answer
   */
  public record Chain(EvmRpc rpc, Duration deadline) {
    public Chain {
      Objects.requireNonNull(rpc, "rpc");
      Objects.requireNonNull(deadline, "deadline");
      if (deadline.isNegative() || deadline.isZero()) {
        throw new IllegalArgumentException("an observation deadline is positive: " + deadline);
      }
    }
  }

  private final ConfiguredChains<Chain> chains;
  private final BalanceSlotCache slots;

  /**
   * @param slots where ERC-20 balance slots found by earlier proofs are kept
   */
  public AnchoredEvmChainState(Map<ChainId, Chain> chains, Clock clock, BalanceSlotCache slots) {
    this.chains =
        new ConfiguredChains<>(
            chains, clock, Chain::deadline, "no RPC endpoint is configured for ");
    this.slots = Objects.requireNonNull(slots, "slots");
  }

  // The port's signatures, as in QuorumEvmChainState and Web3jEvmChainState, by design: each
  // reader checks the arguments and reads in its own way.
  @Override
  public Uni<ChainObservation> observe(
      ChainId chain,
      Set<EvmRead<?>> reads,
      Function<ReadOutcomes, Set<EvmRead<?>>> followUps,
      Set<ProofTarget> proofs,
      AnchorTag anchor) {
    ObserveArguments.require(chain, reads, followUps, proofs, anchor);
    return anchored(
        chain, (rpc, deadline) -> rpc.head(anchor, deadline), reads, followUps, proofs, anchor);
  }

  /** As {@link #observe}, at block {@code block} read by its number. */
  @Override
  public Uni<ChainObservation> observeAt(
      ChainId chain,
      BigInteger block,
      Set<EvmRead<?>> reads,
      Function<ReadOutcomes, Set<EvmRead<?>>> followUps,
      Set<ProofTarget> proofs) {
    ObserveArguments.require(chain, reads, followUps, proofs, AnchorTag.LATEST);
    Objects.requireNonNull(block, "block");
    return anchored(
        chain,
        (rpc, deadline) -> rpc.block(block, deadline),
        reads,
        followUps,
        proofs,
        AnchorTag.LATEST);
  }

  /** The block {@code pin} reads, then every read and proof pinned to it, within the deadline. */
  private Uni<ChainObservation> anchored(
      ChainId chain,
      BiFunction<EvmRpc, Deadline, Uni<HeadOutcome>> pin,
      Set<EvmRead<?>> reads,
      Function<ReadOutcomes, Set<EvmRead<?>>> followUps,
      Set<ProofTarget> proofs,
      AnchorTag anchor) {
    return chains.observe(
        chain,
        (configured, deadline) ->
            pin.apply(configured.rpc(), deadline)
                .flatMap(
                    head -> {
                      if (head instanceof HeadOutcome.Read read) {
                        return new Observation(
                                chain, configured.rpc(), read.head(), deadline, slots)
                            .run(reads, followUps, proofs, anchor);
                      }
                      return Uni.createFrom()
                          .item(
                              new ChainObservation.HeadUnavailable(
                                  ((HeadOutcome.Failed) head).detail()));
                    }));
  }

  /** The reads of one observation, after its head was read. */
  private static final class Observation {
    // Fields and constructor in QuorumReads' and EvmSender's shape by design: each holds what its
    // own reads need, and there is no logic to share.
    private final ChainId chain;
    private final EvmRpc rpc;
    private final BlockHead head;
    private final Deadline deadline;
    private final BalanceSlotCache slots;

    Observation(
        ChainId chain, EvmRpc rpc, BlockHead head, Deadline deadline, BalanceSlotCache slots) {
      this.chain = chain;
      this.rpc = rpc;
      this.head = head;
      this.deadline = deadline;
      this.slots = slots;
    }

    Uni<ChainObservation> run(
        Set<EvmRead<?>> reads,
        Function<ReadOutcomes, Set<EvmRead<?>>> followUps,
        Set<ProofTarget> proofs,
        AnchorTag anchor) {
      return read(reads, followUps)
          .flatMap(
              outcomes ->
                  new ProofReads(chain, rpc, head, deadline, slots, outcomes)
                      .run(proofs)
                      .map(
                          proven ->
                              (ChainObservation)
                                  new ChainObservation.Observed(
                                      head.anchor(anchor), outcomes, proven)));
    }

    private Uni<ReadOutcomes> read(
        Set<EvmRead<?>> reads, Function<ReadOutcomes, Set<EvmRead<?>>> followUps) {
      return rpc.read(head, requestsOf(reads), deadline)
          .flatMap(
              answered -> {
                ReadOutcomes firstRound = ReadOutcomes.answering(reads, answered::get);
                Set<EvmRead<?>> second = followUps.apply(firstRound);
                if (second.isEmpty()) {
                  return Uni.createFrom().item(firstRound);
                }
                Set<EvmRequest> asked = requestsOf(second);
                asked.removeAll(answered.keySet());
                return rpc.read(head, asked, deadline)
                    .map(
                        more -> {
                          Map<EvmRequest, ReadOutcome> all = new LinkedHashMap<>(answered);
                          all.putAll(more);
                          return firstRound.plus(ReadOutcomes.answering(second, all::get));
                        });
              });
    }

    private static Set<EvmRequest> requestsOf(Set<EvmRead<?>> reads) {
      Set<EvmRequest> requests = new LinkedHashSet<>();
      reads.forEach(read -> requests.add(read.request()));
      return requests;
    }
  }
}
