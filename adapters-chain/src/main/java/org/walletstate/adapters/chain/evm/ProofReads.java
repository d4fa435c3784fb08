package org.walletstate.adapters.chain.evm;

import io.smallrye.mutiny.Uni;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.evm.AccountProof;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.evm.read.ReadOutcomes;
import org.walletstate.domain.proof.BalanceLayout;
import org.walletstate.domain.proof.BalanceSlotSearch;
import org.walletstate.domain.proof.ProofOutcome;
import org.walletstate.domain.proof.ProofTarget;

/**
 * The proofs of one observation, at its pinned block, after its reads: ERC-20 balance slots are
 * taken from the {@link BalanceSlotCache} or located (state-override probes stage by stage, or by
 * value on a node without overrides), then every target is proven with one {@code eth_getProof}
 * each, all in one round, and each answer is checked against the block's state root before it is
 * reported as obtained. Every step goes through the chain's {@link EvmRpc}, so retries, batching
 * and the block-keyed cache apply as to any read.
 */
final class ProofReads {

  // Fields and constructor in QuorumReads' and QuorumAnchor's shape by design: each holds what its
  // own reads need.
  private final ChainId chain;
  private final EvmRpc rpc;
  private final BlockHead head;
  private final Deadline deadline;
  private final BalanceSlotCache slots;
  private final ReadOutcomes reads;
  private final Map<ProofTarget, ProofOutcome> outcomes = new LinkedHashMap<>();
  private final Map<ProofTarget.Erc20Balance, BalanceLayout> layouts = new LinkedHashMap<>();

  /**
   * @param reads the observation's read outcomes (the fallback compares slots with {@code
   *     balanceOf}'s answer)
   */
  // Fields written out by design: each class holds only what it is given.
  ProofReads(
      ChainId chain,
      EvmRpc rpc,
      BlockHead head,
      Deadline deadline,
      BalanceSlotCache slots,
      ReadOutcomes reads) {
    this.chain = chain;
    this.rpc = rpc;
    this.head = head;
    this.deadline = deadline;
    this.slots = slots;
    this.reads = reads;
  }

  Uni<Map<ProofTarget, ProofOutcome>> run(Set<ProofTarget> targets) {
    if (targets.isEmpty()) {
      return Uni.createFrom().item(Map.of());
    }
    List<ProofTarget.Erc20Balance> unknown = new ArrayList<>();
    for (ProofTarget target : targets) {
      if (target instanceof ProofTarget.Erc20Balance erc20) {
        Optional<BalanceSlotCache.Known> known = slots.get(chain, erc20.token());
        if (known.isEmpty()) {
          unknown.add(erc20);
        } else if (known.get() instanceof BalanceSlotCache.Found found) {
          layouts.put(erc20, found.layout());
        } else {
          outcomes.put(
              erc20, new ProofOutcome.Declined(((BalanceSlotCache.NotFound) known.get()).reason()));
        }
      }
    }
    return locate(unknown, 0).flatMap(ignored -> prove(targets));
  }

  /** Probes stage {@code stage} for every token still unlocated; recurses to the next stage. */
  private Uni<Void> locate(List<ProofTarget.Erc20Balance> pending, int stage) {
    List<List<BalanceLayout>> stages = BalanceSlotSearch.stages();
    if (pending.isEmpty()) {
      return Uni.createFrom().voidItem();
    }
    if (stage == stages.size()) {
      for (ProofTarget.Erc20Balance t : pending) {
        slots.notFound(chain, t.token(), BalanceSlotSearch.NOT_FOUND);
        outcomes.put(t, new ProofOutcome.Declined(BalanceSlotSearch.NOT_FOUND));
      }
      return Uni.createFrom().voidItem();
    }
    List<BalanceLayout> candidates = stages.get(stage);
    Map<ProofTarget.Erc20Balance, Map<BalanceLayout, EvmRead.Erc20BalanceOfWithStorage>> byTarget =
        new LinkedHashMap<>();
    Set<EvmRead<?>> probes = new LinkedHashSet<>();
    for (ProofTarget.Erc20Balance t : pending) {
      Map<BalanceLayout, EvmRead.Erc20BalanceOfWithStorage> stageProbes =
          BalanceSlotSearch.probes(t.token(), t.holder(), candidates);
      byTarget.put(t, stageProbes);
      probes.addAll(stageProbes.values());
    }
    return read(probes)
        .flatMap(
            answered -> {
              List<ProofTarget.Erc20Balance> next = new ArrayList<>();
              List<ProofTarget.Erc20Balance> byValue = new ArrayList<>();
              for (ProofTarget.Erc20Balance t : pending) {
                BalanceSlotSearch.Probed probed =
                    BalanceSlotSearch.probed(byTarget.get(t), answered);
                if (probed instanceof BalanceSlotSearch.Located located) {
                  slots.found(chain, t.token(), located.layout());
                  layouts.put(t, located.layout());
                } else if (probed instanceof BalanceSlotSearch.NotHere) {
                  next.add(t);
                } else {
                  byValue.add(t);
                }
              }
              return locateByValue(byValue).flatMap(ignored -> locate(next, stage + 1));
            });
  }

  /** The fallback without state overrides: one standard candidate must hold the balance. */
  private Uni<Void> locateByValue(List<ProofTarget.Erc20Balance> pending) {
    if (pending.isEmpty()) {
      return Uni.createFrom().voidItem();
    }
    Set<EvmRead<?>> proofs = new LinkedHashSet<>();
    pending.forEach(t -> proofs.add(BalanceSlotSearch.valueProbe(t.token(), t.holder())));
    return read(proofs)
        .map(
            answered -> {
              for (ProofTarget.Erc20Balance t : pending) {
                Reading<AccountProof> proof =
                    answered.reading(BalanceSlotSearch.valueProbe(t.token(), t.holder()));
                Reading<BigInteger> balance =
                    reads.reading(new EvmRead.Erc20BalanceOf(t.token(), t.holder()));
                if (!(proof instanceof Reading.Value<AccountProof> p)
                    || !(balance instanceof Reading.Value<BigInteger> b)) {
                  outcomes.put(t, new ProofOutcome.Failed("slot values could not be read"));
                  continue;
                }
                Optional<BalanceLayout> found =
                    BalanceSlotSearch.byValue(t.holder(), p.value(), b.value());
                if (found.isPresent()) {
                  slots.found(chain, t.token(), found.get());
                  layouts.put(t, found.get());
                } else if (b.value().signum() == 0) {
                  outcomes.put(
                      t, new ProofOutcome.Declined(BalanceSlotSearch.ZERO_WITHOUT_OVERRIDES));
                } else {
                  outcomes.put(t, new ProofOutcome.Declined(BalanceSlotSearch.NOT_FOUND));
                }
              }
              return null;
            });
  }

  /** One {@code eth_getProof} per target still open, all in one round. */
  private Uni<Map<ProofTarget, ProofOutcome>> prove(Set<ProofTarget> targets) {
    Map<ProofTarget, EvmRead.StateProof> asked = new LinkedHashMap<>();
    for (ProofTarget target : targets) {
      if (outcomes.containsKey(target)) {
        continue;
      }
      if (target instanceof ProofTarget.Erc20Balance erc20) {
        asked.put(
            target,
            new EvmRead.StateProof(
                erc20.token(), List.of(layouts.get(erc20).storageKey(erc20.holder()))));
      } else if (target instanceof ProofTarget.DelegationRevocation revocation) {
        asked.put(
            target, new EvmRead.StateProof(revocation.manager(), List.of(revocation.storageKey())));
      } else {
        asked.put(target, new EvmRead.StateProof(target.account(), List.of()));
      }
    }
    Set<EvmRead<?>> proofs = new LinkedHashSet<>(asked.values());
    return read(proofs)
        .map(
            answered -> {
              asked.forEach(
                  (target, read) -> {
                    Reading<AccountProof> proof = answered.reading(read);
                    if (!(proof instanceof Reading.Value<AccountProof> p)) {
                      outcomes.put(
                          target,
                          new ProofOutcome.Failed(
                              proof instanceof Reading.Unreadable<AccountProof> u
                                  ? u.detail()
                                  : "eth_getProof reverted"));
                      return;
                    }
                    Optional<String> problem = NodeProofCheck.problem(head.stateRoot(), p.value());
                    if (problem.isPresent()) {
                      // a node's proof that does not verify is never signed
                      outcomes.put(
                          target, new ProofOutcome.Declined(NodeProofCheck.DOES_NOT_VERIFY));
                      return;
                    }
                    Optional<BalanceLayout> layout = Optional.empty();
                    if (target instanceof ProofTarget.Erc20Balance erc20) {
                      layout = Optional.of(layouts.get(erc20));
                      forgetIfStale(erc20, p.value());
                    }
                    outcomes.put(target, new ProofOutcome.Obtained(p.value(), layout));
                  });
              Map<ProofTarget, ProofOutcome> all = new LinkedHashMap<>();
              targets.forEach(t -> all.put(t, outcomes.get(t)));
              return all;
            });
  }

  /** A cached layout whose slot does not hold balanceOf's answer is searched again next time. */
  private void forgetIfStale(ProofTarget.Erc20Balance target, AccountProof proof) {
    Reading<BigInteger> balance =
        reads.reading(new EvmRead.Erc20BalanceOf(target.token(), target.holder()));
    boolean holds =
        balance instanceof Reading.Value<BigInteger> b
            && proof.storageProof().size() == 1
            && proof.storageProof().get(0).value().equals(b.value());
    if (!holds) {
      slots.forget(chain, target.token());
    }
  }

  private Uni<ReadOutcomes> read(Set<EvmRead<?>> wanted) {
    Set<EvmRequest> requests = new LinkedHashSet<>();
    wanted.forEach(r -> requests.add(r.request()));
    return rpc.read(head, requests, deadline)
        .map(
            answered ->
                ReadOutcomes.answering(
                    wanted,
                    request -> {
                      ReadOutcome outcome = answered.get(request);
                      return outcome == null
                          ? new ReadOutcome.Failed("the endpoint reported no outcome")
                          : outcome;
                    }));
  }
}
