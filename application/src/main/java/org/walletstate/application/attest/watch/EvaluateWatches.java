package org.walletstate.application.attest.watch;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.walletstate.application.attest.port.in.AttestCommand;
import org.walletstate.application.attest.watch.port.in.Watch;
import org.walletstate.application.attest.watch.port.out.JsonRequests;
import org.walletstate.application.attest.watch.port.out.WatchEvaluations;
import org.walletstate.application.port.out.AttestationSigner;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.domain.attest.AttestEvaluation;
import org.walletstate.domain.chain.ChainId;

/**
 * The watches' evaluation job: each run claims the due watches ({@link WatchEvaluations#claim}:
 * {@code FOR UPDATE SKIP LOCKED}, so replicas take disjoint sets), observes each chain once for all
 * of them ({@link SharedReads}), and evaluates every watch as attest does. A changed verdict is
 * charged ({@link #PRICE} credits, once per change: the ledger's idempotency key is the watch and
 * the change's number), signed exactly as attest signs, and recorded with its delivery in one
 * transaction; the signed statement's log entry is durable before the change is charged and its
 * delivery recorded ({@link SignedChanges}). A watch's stored request is parsed once per replica,
 * not at every run ({@link PreparedWatches}). A timer run records the block it read each watch at
 * on an EVM chain, as a claim at a head does, before any of its watches is released, so no head at
 * that block reads them again. Before that, each watch's time is paid ({@link WatchTime}: a credit
 * per started charge period; a key that cannot pay pauses its watches, which are then not
 * evaluated). An incomplete read changes nothing and delivers nothing: the watch says so in its
 * status and is read again at the next run. A key that cannot pay for a change pauses its watch,
 * which keeps being evaluated and delivers the change once the key has credits. The evaluations of
 * a run that changed nothing are written together, in one statement at its end, with the block a
 * watch on one EVM chain read its verdict at; a change read more than one block after that one is
 * signed at the block that made it, found by bisection over the blocks between ({@link
 * ChangeBlocks}).
 */
public final class EvaluateWatches {

  /** Credits a delivered change costs (a signed attestation, as attest charges). */
  public static final long PRICE = 1;

  static final String LEDGER_REASON = "watch";

  /** The longest a watch that keeps failing alone waits between its reads. */
  static final Duration MAX_APART = Duration.ofMinutes(10);

  private record Parsed(
      WatchEvaluations.Due due, AttestCommand command, IsolatingReads.Member member) {}

  private final WatchEvaluations evaluations;
  private final PreparedWatches prepared;
  private final IsolatingReads reads;
  private final SignedChanges changes;
  private final ChangeBlocks blocks;
  private final Clock clock;
  private final Executor cpu;
  private final Duration every;
  private final int batch;
  private final WatchTime time;

  /** With the timer and the batch of {@code timing}. */
  public EvaluateWatches(
      WatchEvaluations evaluations,
      JsonRequests requests,
      ChainState chains,
      AttestationSigner signer,
      CreditLedger ledger,
      Entropy entropy,
      Clock clock,
      Executor cpu,
      WatchTiming timing) {
    this.evaluations = evaluations;
    this.prepared = new PreparedWatches(requests);
    this.reads = new IsolatingReads(chains);
    this.changes = new SignedChanges(evaluations, signer, ledger, entropy, cpu);
    this.blocks = new ChangeBlocks(chains, cpu);
    this.clock = clock;
    this.cpu = cpu;
    this.every = timing.every();
    this.batch = timing.batch();
    this.time = new WatchTime(evaluations, ledger, timing.chargePeriod());
  }

  /** One run of the timer: the due watches of every chain; the number of changes recorded. */
  public Uni<Integer> runOnce() {
    Instant now = clock.instant();
    return run(evaluations.claim(now, every.multipliedBy(5), batch), now, now.plus(every), true);
  }

  /**
   * One run at block {@code head} of {@code chain}: the watches with a condition on it that no
   * claim took at this block or a later one of the chain (on any replica), unless one is held by a
   * claim; the number of changes recorded. A watch evaluated here is due for the timer two
   * intervals later, so while heads keep coming the timer does not read it again.
   */
  public Uni<Integer> onHead(ChainId chain, long head) {
    Instant now = clock.instant();
    Instant next = now.plus(every.multipliedBy(2));
    return run(
        evaluations.claimOn(chain, head, now, next, every.multipliedBy(5), batch),
        now,
        next,
        false);
  }

  private Uni<Integer> run(
      Uni<List<WatchEvaluations.Due>> claim, Instant now, Instant next, boolean timer) {
    return claim
        .flatMap(claimed -> time.paid(claimed, now, next))
        // parsing and evaluating grow with the watches claimed: never on the database's event loop
        .emitOn(cpu)
        .flatMap(due -> due.isEmpty() ? Uni.createFrom().item(0) : evaluate(due, now, next, timer));
  }

  /**
   * Reads the claimed watches (their requests parsed once per replica: {@link PreparedWatches}),
   * records the blocks a timer run read them at before any of them is released, then evaluates each
   * in one pass.
   */
  private Uni<Integer> evaluate(
      List<WatchEvaluations.Due> due, Instant now, Instant next, boolean timer) {
    prepared.sweep(now);
    List<Parsed> parsed = new ArrayList<>(due.size());
    List<IsolatingReads.Member> shared = new ArrayList<>();
    List<IsolatingReads.Member> apart = new ArrayList<>();
    // every unchanged evaluation of the run, written in one statement at its end
    List<WatchEvaluations.Unchanged> unchanged = Collections.synchronizedList(new ArrayList<>());
    for (WatchEvaluations.Due d : due) {
      try {
        PreparedWatches.Prepared p = prepared.of(d, now);
        IsolatingReads.Member member = new IsolatingReads.Member(d.id(), p.request(), p.plan());
        parsed.add(new Parsed(d, p.command(), member));
        (d.failedAlone() > 0 ? apart : shared).add(member);
      } catch (RuntimeException e) {
        unchanged.add(
            new WatchEvaluations.Unchanged(
                d.id(),
                Watch.Status.READ_FAILED,
                "the request no longer reads: " + e.getMessage()));
      }
    }
    return reads
        .observe(shared, apart)
        .call(observed -> timer ? readAt(parsed, observed) : Uni.createFrom().voidItem())
        .emitOn(cpu)
        .flatMap(observed -> outcomes(parsed, observed, unchanged, now, next))
        .call(() -> evaluations.unchanged(List.copyOf(unchanged), next));
  }

  private Uni<Void> readAt(List<Parsed> parsed, IsolatingReads.Observed observed) {
    List<WatchEvaluations.BlockRead> blocks =
        observed.blocks(parsed.stream().map(Parsed::member).toList());
    return blocks.isEmpty() ? Uni.createFrom().voidItem() : evaluations.readAt(blocks);
  }

  /**
   * Every watch's outcome in one pass: an unchanged one is only listed (for the run's one write);
   * the others (set apart, changed) are written one after another, each change signed at the block
   * that changed it ({@link ChangeBlocks}).
   */
  private Uni<Integer> outcomes(
      List<Parsed> parsed,
      IsolatingReads.Observed observed,
      List<WatchEvaluations.Unchanged> unchanged,
      Instant now,
      Instant next) {
    List<Supplier<Uni<Integer>>> writes = new ArrayList<>();
    Map<String, Parsed> changedBy = new LinkedHashMap<>();
    List<ChangeBlocks.Changed> changed = new ArrayList<>();
    for (Parsed p : parsed) {
      Supplier<Uni<Integer>> write = one(p, observed, unchanged, now, next);
      if (write != null) {
        writes.add(write);
      } else if (observed.evaluation(p.member()) instanceof AttestEvaluation.Complete complete
          && WatchVerdicts.changed(p.due(), complete)) {
        changedBy.put(p.due().id(), p);
        changed.add(new ChangeBlocks.Changed(p.due(), p.member(), complete));
      }
    }
    if (changed.isEmpty()) {
      return written(writes);
    }
    return blocks
        .found(changed, observed)
        .flatMap(
            found -> {
              found.forEach(
                  (id, at) -> {
                    Parsed p = changedBy.get(id);
                    writes.add(
                        () ->
                            changes.charged(
                                p.due(),
                                p.command(),
                                at.complete(),
                                at.block(),
                                unchanged,
                                now,
                                next));
                  });
              return written(writes);
            });
  }

  private static Uni<Integer> written(List<Supplier<Uni<Integer>>> writes) {
    if (writes.isEmpty()) {
      return Uni.createFrom().item(0);
    }
    return Multi.createFrom()
        .iterable(writes)
        .onItem()
        .transformToUniAndConcatenate(Supplier::get)
        .collect()
        .with(Collectors.summingInt(Integer::intValue));
  }

  /**
   * The write a watch's evaluation needs; none when it is only listed as unchanged, or when it is a
   * change (written once the block that changed it is known).
   */
  private Supplier<Uni<Integer>> one(
      Parsed p,
      IsolatingReads.Observed observed,
      List<WatchEvaluations.Unchanged> unchanged,
      Instant now,
      Instant next) {
    String id = p.due().id();
    AttestEvaluation evaluation = observed.evaluation(p.member());
    if (evaluation instanceof AttestEvaluation.Refused refused) {
      return none(unchanged, id, Watch.Status.READ_FAILED, refused.message(), null);
    }
    if (evaluation instanceof AttestEvaluation.Incomplete incomplete) {
      if (observed.failedAlone().contains(id)) {
        int strikes = p.due().failedAlone() + 1;
        Duration apart = apartFor(strikes);
        String detail = WatchVerdicts.apart(strikes, apart, incomplete);
        return () -> evaluations.apart(id, strikes, detail, now.plus(apart)).replaceWith(0);
      }
      return none(unchanged, id, Watch.Status.READ_FAILED, WatchVerdicts.failure(incomplete), null);
    }
    AttestEvaluation.Complete complete = (AttestEvaluation.Complete) evaluation;
    if (!WatchVerdicts.changed(p.due(), complete)) {
      return none(unchanged, id, Watch.Status.ACTIVE, "", observed.block(p.member()).orElse(null));
    }
    return null;
  }

  /**
   * How long a watch that failed alone {@code strikes} runs in a row waits for its next read: five
   * intervals (a lease), doubling with each further failure, at most {@link #MAX_APART}.
   */
  Duration apartFor(int strikes) {
    Duration wait = every.multipliedBy(5L << Math.min(strikes - 1, 20));
    return wait.compareTo(MAX_APART) > 0 ? MAX_APART : wait;
  }

  /** An unchanged evaluation, kept for the run's one write of them. */
  private static Supplier<Uni<Integer>> none(
      List<WatchEvaluations.Unchanged> unchanged,
      String id,
      Watch.Status status,
      String detail,
      Long verdictBlock) {
    unchanged.add(new WatchEvaluations.Unchanged(id, status, detail, verdictBlock));
    return null;
  }
}
