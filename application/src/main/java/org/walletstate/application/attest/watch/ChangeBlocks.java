package org.walletstate.application.attest.watch;

import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import org.walletstate.application.attest.watch.port.out.WatchEvaluations;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.domain.attest.AttestEvaluation;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.observation.ChainObservation;

/**
 * The block that changed a watch's verdict, found by bisection. A watch that reads one EVM chain at
 * its latest block, from one provider, whose stored verdict was last read complete at block L (its
 * {@link WatchEvaluations.Due#verdictBlock}) and whose run read a new verdict at block H above L +
 * 1, is read again at past blocks of (L, H): the middle block of what is left, until the first
 * block where the new verdict holds with the old one holding at the block before. The verdict is
 * taken to flip at most once between L and H. The probes of one step are batched: one observation
 * per chain and block for all the changed watches of the run probing it ({@link SharedReads}). A
 * past read that fails (or a reader that cannot read past blocks) ends the search for its watch,
 * whose change is then signed at H, as without a search. Only the changed watches are read again.
 */
final class ChangeBlocks {

  /** A changed watch: its claim, its reads, and what its run read. */
  record Changed(
      WatchEvaluations.Due due, IsolatingReads.Member member, AttestEvaluation.Complete complete) {}

  /** Where a change is signed: the evaluation of that block, and the block when one EVM block. */
  record Found(AttestEvaluation.Complete complete, Long block) {}

  /** One watch's search: (lo, hi], the new verdict holding at hi (as {@code at}). */
  private static final class Search {
    final Changed changed;
    final ChainId chain;
    final long head;
    long lo;
    long hi;
    AttestEvaluation.Complete at;
    boolean failed;

    Search(Changed changed, ChainId chain, long lo, long head) {
      this.changed = changed;
      this.chain = chain;
      this.head = head;
      this.lo = lo;
      this.hi = head;
      this.at = changed.complete();
    }

    boolean open() {
      return !failed && hi - lo > 1;
    }

    long middle() {
      return lo + (hi - lo) / 2;
    }

    /** What the read of the middle block tells: the new verdict there, the old one, or nothing. */
    void probed(long block, ChainObservation o) {
      AttestEvaluation e = AttestEvaluation.of(changed.member().request(), Map.of(chain, o));
      if (!(e instanceof AttestEvaluation.Complete read)) {
        failed = true;
        return;
      }
      if (WatchVerdicts.same(changed.due().deliverOn(), changed.complete(), read)) {
        hi = block;
        at = read;
      } else {
        lo = block;
      }
    }

    Found found() {
      return failed ? new Found(changed.complete(), head) : new Found(at, hi);
    }
  }

  private record Probe(ChainId chain, long block) {}

  private final ChainState chains;
  private final Executor cpu;

  ChangeBlocks(ChainState chains, Executor cpu) {
    this.chains = chains;
    this.cpu = cpu;
  }

  /**
   * Where each of {@code changed} is signed, by watch id: at the block its verdict changed when a
   * search can find it, at the block its run read otherwise.
   */
  Uni<Map<String, Found>> found(List<Changed> changed, IsolatingReads.Observed observed) {
    Map<String, Found> found = new LinkedHashMap<>();
    List<Search> searches = new ArrayList<>();
    for (Changed c : changed) {
      Long head = observed.block(c.member()).orElse(null);
      found.put(c.due().id(), new Found(c.complete(), head));
      searchOf(c, head).ifPresent(searches::add);
    }
    if (searches.isEmpty()) {
      return Uni.createFrom().item(found);
    }
    return steps(searches)
        .map(
            done -> {
              searches.forEach(s -> found.put(s.changed.due().id(), s.found()));
              return found;
            });
  }

  /** A search for {@code c}, when its change can be searched for. */
  private static Optional<Search> searchOf(Changed c, Long head) {
    Long lo = c.due().verdictBlock();
    var request = c.member().request();
    if (head == null
        || lo == null
        || head - lo <= 1
        || request.anchor() != AnchorTag.LATEST
        || request.assurance().filter(a -> a != Assurance.SINGLE).isPresent()) {
      return Optional.empty();
    }
    ChainId chain = c.member().plan().chains().iterator().next();
    return Optional.of(new Search(c, chain, lo, head));
  }

  /** Probes the middle block of every open search, one observation per chain and block, again. */
  private Uni<Void> steps(List<Search> searches) {
    Map<Probe, List<Search>> probes = new LinkedHashMap<>();
    for (Search s : searches) {
      if (s.open()) {
        probes.computeIfAbsent(new Probe(s.chain, s.middle()), p -> new ArrayList<>()).add(s);
      }
    }
    if (probes.isEmpty()) {
      return Uni.createFrom().voidItem();
    }
    List<Uni<Void>> reads = new ArrayList<>();
    probes.forEach((probe, on) -> reads.add(probe(probe, on)));
    return Uni.join().all(reads).andFailFast().flatMap(done -> steps(searches));
  }

  private Uni<Void> probe(Probe probe, List<Search> on) {
    SharedReads reads = new SharedReads();
    on.forEach(s -> reads.add(s.changed.member()));
    SharedReads.Target target = new SharedReads.Target(probe.chain(), AnchorTag.LATEST);
    return chains
        .observeAt(probe.chain(), probe.block(), reads.query(target))
        .onFailure()
        .recoverWithItem(e -> new ChainObservation.HeadUnavailable(String.valueOf(e)))
        // the evaluations grow with the watches probed: never on a reader's event loop
        .emitOn(cpu)
        .invoke(
            o -> {
              ChainObservation answered = reads.answered(target, o);
              on.forEach(s -> s.probed(probe.block(), pinned(answered, probe.block())));
            })
        .replaceWithVoid();
  }

  /** {@code o} when it was read at {@code block}; a read anchored elsewhere is no answer. */
  private static ChainObservation pinned(ChainObservation o, long block) {
    if (o instanceof ChainObservation.Observed read
        && read.anchor() instanceof Anchor.EvmBlock at
        && at.number().longValueExact() == block) {
      return o;
    }
    return o instanceof ChainObservation.HeadUnavailable
        ? o
        : new ChainObservation.HeadUnavailable("a past read was not anchored at block " + block);
  }
}
