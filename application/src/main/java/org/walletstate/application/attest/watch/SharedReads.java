package org.walletstate.application.attest.watch;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.walletstate.domain.attest.AttestRequest;
import org.walletstate.domain.attest.ReadPlan;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.evm.read.Aggregate3;
import org.walletstate.domain.evm.read.AggregatedBalances;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;
import org.walletstate.domain.proof.ProofTarget;

/**
 * The reads of many watches, one query per chain and anchor: the union of every watch's first
 * round, second round and proofs, so a chain is observed once per evaluation for all the watches on
 * it (on an EVM chain, the family's one batched round for all their first-round reads, with their
 * ERC-20 balances in Multicall3 {@code aggregate3} calls: {@link AggregatedBalances}), and each
 * watch is then evaluated against the shared observation ({@link #answered}) exactly as attest
 * evaluates its own.
 */
final class SharedReads {

  /** A chain read at one anchor. */
  record Target(ChainId chain, AnchorTag anchor) {}

  private final Map<Target, List<ReadPlan>> plans = new LinkedHashMap<>();
  private final Map<Target, AggregatedBalances> aggregated = new ConcurrentHashMap<>();

  /** Adds a watch's plan. */
  void add(IsolatingReads.Member member) {
    AttestRequest request = member.request();
    ReadPlan plan = member.plan();
    for (ChainId chain : plan.chains()) {
      plans.computeIfAbsent(new Target(chain, request.anchor()), t -> new ArrayList<>()).add(plan);
    }
  }

  /** Every chain and anchor to observe. */
  Set<Target> targets() {
    return Collections.unmodifiableSet(plans.keySet());
  }

  /** The one query of {@code target}: every watch's reads there. */
  ChainQuery query(Target target) {
    List<ReadPlan> on = plans.get(target);
    Set<ChainRead<?>> reads = new LinkedHashSet<>();
    Set<ProofTarget> proofs = new LinkedHashSet<>();
    for (ReadPlan plan : on) {
      reads.addAll(plan.reads(target.chain()));
      proofs.addAll(plan.proofs(target.chain()));
    }
    // with proofs, the adapter proves the balances it read itself: those are not aggregated
    AggregatedBalances sent =
        AggregatedBalances.of(
            Aggregate3.deployment(target.chain()), proofs.isEmpty() ? reads : Set.of());
    aggregated.put(target, sent);
    return new ChainQuery(
        sent.aggregated() > 0 ? sent.reads() : reads,
        firstRound -> {
          Set<ChainRead<?>> followUps = new LinkedHashSet<>();
          for (ReadPlan plan : on) {
            followUps.addAll(plan.followUps(target.chain(), sent.answering(firstRound)));
          }
          return followUps;
        },
        proofs,
        target.anchor());
  }

  /**
   * The observation of {@code target} as its watches read it: each aggregated balance answered by
   * its {@code aggregate3} result, every other read as observed.
   */
  ChainObservation answered(Target target, ChainObservation observation) {
    AggregatedBalances sent = aggregated.get(target);
    if (sent == null || !(observation instanceof ChainObservation.Observed o)) {
      return observation;
    }
    return new ChainObservation.Observed(
        o.anchor(), sent.answering(o.readings()), o.proofs(), o.assurance());
  }

  /** A request's observations, one per chain it reads, out of the shared ones. */
  static Map<ChainId, ChainObservation> of(
      AttestRequest request, Map<Target, ChainObservation> observed) {
    Map<ChainId, ChainObservation> mine = new LinkedHashMap<>();
    for (ChainId chain : ReadPlan.of(request).chains()) {
      mine.put(chain, observed.get(new Target(chain, request.anchor())));
    }
    return mine;
  }
}
