package org.walletstate.adapters.chain.evm;

import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.walletstate.application.port.out.ChainCallObserver;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.evm.read.ReadOutcomes;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.proof.ProofTarget;

/**
 * The reads of one quorum observation, after its anchor was agreed: each round on every provider in
 * parallel, pinned to the anchor's number, then compared request by request. A request that failed
 * on any provider is a failed read (as with one provider); answers or reverts that differ are a
 * disagreement and end the observation. Proofs are fetched from the first provider and checked, as
 * always, against the agreed block's state root.
 */
final class QuorumReads {

  private final ChainId chain;
  private final QuorumEvmChainState.Chain quorum;
  private final BlockHead head;
  private final Deadline deadline;
  private final BalanceSlotCache slots;
  private final ChainCallObserver observer;

  // Constructor in the shape of ProofReads', QuorumAnchor's and AnchoredEvmChainState.Observation's
  // by design: each holds what its own reads need.
  QuorumReads(
      ChainId chain,
      QuorumEvmChainState.Chain quorum,
      BlockHead head,
      Deadline deadline,
      BalanceSlotCache slots,
      ChainCallObserver observer) {
    this.chain = chain;
    this.quorum = quorum;
    this.head = head;
    this.deadline = deadline;
    this.slots = slots;
    this.observer = observer;
  }

  // The observation's arguments, as AnchoredEvmChainState.Observation.run takes them, by design:
  // one provider's reads there, a quorum's here.
  Uni<ChainObservation> run(
      Set<EvmRead<?>> reads,
      Function<ReadOutcomes, Set<EvmRead<?>>> followUps,
      Set<ProofTarget> proofs,
      AnchorTag anchor) {
    return readEverywhere(requestsOf(reads))
        .flatMap(
            first -> {
              if (first.refusal() != null) {
                return Uni.createFrom().item(first.refusal());
              }
              ReadOutcomes firstRound = ReadOutcomes.answering(reads, first.value()::get);
              Set<EvmRead<?>> second = followUps.apply(firstRound);
              if (second.isEmpty()) {
                return observed(firstRound, proofs, anchor);
              }
              Set<EvmRequest> asked = requestsOf(second);
              asked.removeAll(first.value().keySet());
              return readEverywhere(asked)
                  .flatMap(
                      more -> {
                        if (more.refusal() != null) {
                          return Uni.createFrom().item(more.refusal());
                        }
                        Map<EvmRequest, ReadOutcome> all = new LinkedHashMap<>(first.value());
                        all.putAll(more.value());
                        return observed(
                            firstRound.plus(ReadOutcomes.answering(second, all::get)),
                            proofs,
                            anchor);
                      });
            });
  }

  private Uni<ChainObservation> observed(
      ReadOutcomes outcomes, Set<ProofTarget> proofs, AnchorTag anchor) {
    return new ProofReads(chain, quorum.read().get(0).rpc(), head, deadline, slots, outcomes)
        .run(proofs)
        .map(
            proven ->
                new ChainObservation.Observed(
                    head.anchor(anchor), outcomes, proven, quorum.assurance()));
  }

  /** {@code requests} on every provider at once, compared. */
  private Uni<QuorumStep<Map<EvmRequest, ReadOutcome>>> readEverywhere(Set<EvmRequest> requests) {
    if (requests.isEmpty()) {
      return Uni.createFrom().item(QuorumStep.agreed(Map.of()));
    }
    List<Uni<Map<EvmRequest, ReadOutcome>>> answers = new ArrayList<>();
    quorum.read().forEach(provider -> answers.add(provider.rpc().read(head, requests, deadline)));
    return Uni.join().all(answers).andFailFast().map(each -> compared(requests, each));
  }

  private QuorumStep<Map<EvmRequest, ReadOutcome>> compared(
      Set<EvmRequest> requests, List<Map<EvmRequest, ReadOutcome>> each) {
    Map<EvmRequest, ReadOutcome> agreed = new LinkedHashMap<>();
    for (EvmRequest request : requests) {
      ReadOutcome first = each.get(0).get(request);
      ReadOutcome kept = first;
      for (int i = 1; i < each.size(); i++) {
        ReadOutcome other = each.get(i).get(request);
        if (kept instanceof ReadOutcome.Failed) {
          break;
        }
        if (other instanceof ReadOutcome.Failed) {
          kept = other;
        } else if (!other.equals(first)) {
          return disagreement(i);
        }
      }
      agreed.put(request, kept);
    }
    return QuorumStep.agreed(agreed);
  }

  private QuorumStep<Map<EvmRequest, ReadOutcome>> disagreement(int provider) {
    String first = quorum.read().get(0).name();
    String other = quorum.read().get(provider).name();
    observer.disagreed(chain, first);
    observer.disagreed(chain, other);
    return QuorumStep.refused(
        ChainObservation.HeadUnavailable.disagreement(
            "chain "
                + chain
                + ": providers disagree: "
                + first
                + " and "
                + other
                + " answered a read at block "
                + head.number()
                + " differently"));
  }

  private static Set<EvmRequest> requestsOf(Set<EvmRead<?>> reads) {
    Set<EvmRequest> requests = new LinkedHashSet<>();
    reads.forEach(read -> requests.add(read.request()));
    return requests;
  }
}
