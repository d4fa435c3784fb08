package org.walletstate.application.attest.watch;

import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.walletstate.application.attest.watch.port.out.WatchEvaluations;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.domain.attest.AttestEvaluation;
import org.walletstate.domain.attest.AttestRequest;
import org.walletstate.domain.attest.ReadPlan;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.observation.ChainObservation;

/**
 * The chain reads of one evaluation run, with a watch whose reads fail kept from failing the
 * others.
 *
 * <p>The watches of the shared round are read together ({@link SharedReads}: one observation per
 * chain and anchor). Where two or more of them could not be read on a chain (an answer over the
 * node-answer bound, or an exchange that timed out, fails every request sent with it), the failed
 * ones are split in halves and each half is read again on that chain alone, down to single watches,
 * for at most {@link #MAX_SPLIT_READS} more observations per chain and run. A watch that still
 * fails on its own while another read of the same chain in the run answered has <em>failed
 * alone</em>: the chain answers, its own reads do not. Watches set apart (they failed alone before)
 * are not in the shared round: each is read on its own.
 */
final class IsolatingReads {

  /** Observations a run adds per chain and anchor to split a failed shared round. */
  static final int MAX_SPLIT_READS = 12;

  /** A watch to read: its id, its request and the request's reads. */
  record Member(String id, AttestRequest request, ReadPlan plan) {}

  /**
   * Each watch's observations (one per chain it reads), the watches that failed alone, and each
   * watch's evaluation against its observations as they stand (made once, made again after a new
   * observation of the watch).
   */
  record Observed(
      Map<String, Map<ChainId, ChainObservation>> byWatch,
      Set<String> failedAlone,
      Map<String, AttestEvaluation> evaluations) {

    Observed() {
      this(new ConcurrentHashMap<>(), ConcurrentHashMap.newKeySet(), new ConcurrentHashMap<>());
    }

    /** The evaluation of a watch against its observations. */
    AttestEvaluation evaluation(Member m) {
      return evaluations.computeIfAbsent(
          m.id(), id -> AttestEvaluation.of(m.request(), byWatch.get(id)));
    }

    /** The EVM blocks {@code members} were read at, one per watch and chain read there. */
    List<WatchEvaluations.BlockRead> blocks(List<Member> members) {
      List<WatchEvaluations.BlockRead> blocks = new ArrayList<>();
      for (Member m : members) {
        byWatch
            .getOrDefault(m.id(), Map.of())
            .forEach(
                (chain, o) -> {
                  if (o instanceof ChainObservation.Observed read
                      && read.anchor() instanceof Anchor.EvmBlock block) {
                    blocks.add(
                        new WatchEvaluations.BlockRead(
                            m.id(), chain, block.number().longValueExact()));
                  }
                });
      }
      return blocks;
    }

    /** The EVM block a watch that reads one chain was read at; empty for any other watch. */
    Optional<Long> block(Member m) {
      Map<ChainId, ChainObservation> mine = byWatch.getOrDefault(m.id(), Map.of());
      if (mine.size() != 1
          || !(mine.values().iterator().next() instanceof ChainObservation.Observed read)
          || !(read.anchor() instanceof Anchor.EvmBlock block)) {
        return Optional.empty();
      }
      return Optional.of(block.number().longValueExact());
    }

    /** Records {@code o} as the watch's observation of {@code chain}. */
    void observed(Member m, ChainId chain, ChainObservation o) {
      byWatch.get(m.id()).put(chain, o);
      evaluations.remove(m.id());
    }
  }

  /** The split of one chain's failed round: its remaining budget and what it learnt. */
  private static final class Split {
    final AtomicInteger budget = new AtomicInteger(MAX_SPLIT_READS);
    final AtomicBoolean answered = new AtomicBoolean();
    final List<Member> single = Collections.synchronizedList(new ArrayList<>());
  }

  private final ChainState chains;

  IsolatingReads(ChainState chains) {
    this.chains = chains;
  }

  /** Reads {@code shared} together and each of {@code apart} on its own. */
  Uni<Observed> observe(List<Member> shared, List<Member> apart) {
    Observed out = new Observed();
    List<Uni<Void>> rounds = new ArrayList<>();
    if (!shared.isEmpty()) {
      rounds.add(round(shared, out).flatMap(targets -> splitFailures(shared, targets, out)));
    }
    for (Member m : apart) {
      rounds.add(
          round(List.of(m), out)
              .invoke(
                  targets -> {
                    if (out.evaluation(m) instanceof AttestEvaluation.Incomplete) {
                      out.failedAlone().add(m.id());
                    }
                  })
              .replaceWithVoid());
    }
    return rounds.isEmpty()
        ? Uni.createFrom().item(out)
        : Uni.join().all(rounds).andFailFast().replaceWith(out);
  }

  /** One observation per chain and anchor of {@code members}, every one recorded in {@code out}. */
  private Uni<List<SharedReads.Target>> round(List<Member> members, Observed out) {
    SharedReads reads = new SharedReads();
    members.forEach(reads::add);
    List<SharedReads.Target> targets = List.copyOf(reads.targets());
    members.forEach(
        m -> {
          out.byWatch().put(m.id(), new ConcurrentHashMap<>());
          out.evaluations().remove(m.id());
        });
    if (targets.isEmpty()) {
      return Uni.createFrom().item(targets);
    }
    List<Uni<Void>> observed = new ArrayList<>();
    for (SharedReads.Target t : targets) {
      observed.add(
          chains
              .observe(t.chain(), reads.query(t))
              .map(o -> reads.answered(t, o))
              .invoke(o -> record(t, members, o, out))
              .replaceWithVoid());
    }
    return Uni.join().all(observed).andFailFast().replaceWith(targets);
  }

  private Uni<Void> splitFailures(
      List<Member> shared, List<SharedReads.Target> targets, Observed out) {
    List<Uni<Void>> splits = new ArrayList<>();
    for (SharedReads.Target t : targets) {
      List<Member> on = on(t, shared);
      if (out.byWatch().get(on.get(0).id()).get(t.chain())
          instanceof ChainObservation.HeadUnavailable) {
        continue; // the chain's failure, not a watch's: nothing to split
      }
      List<Member> failing = failing(t, on, out);
      Split split = new Split();
      if (failing.size() < on.size()) {
        split.answered.set(true);
      }
      splits.add(
          split(t, failing, split, out)
              .invoke(
                  () -> {
                    if (split.answered.get()) {
                      split.single.forEach(m -> out.failedAlone().add(m.id()));
                    }
                  }));
    }
    return splits.isEmpty()
        ? Uni.createFrom().voidItem()
        : Uni.join().all(splits).andFailFast().replaceWithVoid();
  }

  /** Reads each half of {@code failing} again on {@code t}, and so on down to single watches. */
  private Uni<Void> split(SharedReads.Target t, List<Member> failing, Split split, Observed out) {
    if (failing.size() == 1) {
      split.single.add(failing.get(0));
      return Uni.createFrom().voidItem();
    }
    if (failing.isEmpty() || split.budget.addAndGet(-2) < 0) {
      return Uni.createFrom().voidItem(); // read failed; read again at the next run
    }
    int middle = failing.size() / 2;
    List<Uni<Void>> halves = new ArrayList<>();
    for (List<Member> half :
        List.of(failing.subList(0, middle), failing.subList(middle, failing.size()))) {
      SharedReads reads = new SharedReads();
      half.forEach(reads::add);
      halves.add(
          chains
              .observe(t.chain(), reads.query(t))
              .map(o -> reads.answered(t, o))
              .flatMap(
                  o -> {
                    if (o instanceof ChainObservation.HeadUnavailable) {
                      return Uni.createFrom().voidItem(); // the chain failed: read at the next run
                    }
                    record(t, half, o, out);
                    List<Member> still = failing(t, half, out);
                    if (still.size() < half.size()) {
                      split.answered.set(true);
                    }
                    return split(t, still, split, out);
                  }));
    }
    return Uni.join().all(halves).andFailFast().replaceWithVoid();
  }

  private static void record(
      SharedReads.Target t, List<Member> members, ChainObservation o, Observed out) {
    for (Member m : members) {
      if (m.request().anchor().equals(t.anchor()) && reads(m, t.chain())) {
        out.observed(m, t.chain(), o);
      }
    }
  }

  private static List<Member> on(SharedReads.Target t, List<Member> members) {
    return members.stream()
        .filter(m -> m.request().anchor().equals(t.anchor()) && reads(m, t.chain()))
        .toList();
  }

  private static boolean reads(Member m, ChainId chain) {
    return m.plan().chains().contains(chain);
  }

  /** The members of {@code on} whose reads on {@code t}'s chain failed. */
  private static List<Member> failing(SharedReads.Target t, List<Member> on, Observed out) {
    return on.stream()
        .filter(
            m ->
                out.evaluation(m) instanceof AttestEvaluation.Incomplete incomplete
                    && incomplete.failedConditions().stream()
                        .anyMatch(f -> t.chain().equals(f.chainId())))
        .toList();
  }
}
