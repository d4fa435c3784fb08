package org.walletstate.application.attest.watch;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Executor;
import org.walletstate.application.attest.port.in.AttestCommand;
import org.walletstate.application.attest.port.in.AttestCommands;
import org.walletstate.application.attest.watch.port.in.Watch;
import org.walletstate.application.attest.watch.port.out.JsonRequests;
import org.walletstate.application.attest.watch.port.out.WatchEvaluations;
import org.walletstate.application.port.out.AttestationSigner;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.domain.attest.AttestEvaluation;
import org.walletstate.domain.attest.AttestRequest;
import org.walletstate.domain.attest.ResponseFormat;
import org.walletstate.domain.attest.attestation.Attestation;
import org.walletstate.domain.attest.attestation.AttestationId;
import org.walletstate.domain.chain.ChainId;

/**
 * The watches' evaluation job: each run claims the due watches ({@link WatchEvaluations#claim}:
 * {@code FOR UPDATE SKIP LOCKED}, so replicas take disjoint sets), observes each chain once for all
 * of them ({@link SharedReads}), and evaluates every watch as attest does. A changed verdict is
 * charged ({@link #PRICE} credits, once per change: the ledger's idempotency key is the watch and
 * the change's number), signed exactly as attest signs, and recorded with its delivery in one
 * transaction; the signed statement's log entry is durable before the change is charged and its
 * delivery recorded. Before that, each watch's time is paid ({@link WatchTime}: a credit per
 * started charge period; a key that cannot pay pauses its watches, which are then not evaluated).
 * An incomplete read changes nothing and delivers nothing: the watch says so in its status and is
 * read again at the next run. A key that cannot pay for a change pauses its watch, which keeps
 * being evaluated and delivers the change once the key has credits.
 */
public final class EvaluateWatches {

  /** Credits a delivered change costs (a signed attestation, as attest charges). */
  public static final long PRICE = 1;

  static final String LEDGER_REASON = "watch";

  /** The longest a watch that keeps failing alone waits between its reads. */
  static final Duration MAX_APART = Duration.ofMinutes(10);

  private record Parsed(WatchEvaluations.Due due, AttestCommand command) {
    AttestRequest request() {
      return command.request();
    }
  }

  private final WatchEvaluations evaluations;
  private final JsonRequests requests;
  private final IsolatingReads reads;
  private final AttestationSigner signer;
  private final CreditLedger ledger;
  private final Entropy entropy;
  private final Clock clock;
  private final Executor cpu;
  private final Duration every;
  private final int batch;
  private final WatchTime time;
  private final Duration sameHead;

  /** With the timer, the new heads' window and the batch of {@code timing}. */
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
    this.sameHead = timing.sameHead();
    this.evaluations = evaluations;
    this.requests = requests;
    this.reads = new IsolatingReads(chains);
    this.signer = signer;
    this.ledger = ledger;
    this.entropy = entropy;
    this.clock = clock;
    this.cpu = cpu;
    this.every = timing.every();
    this.batch = timing.batch();
    this.time = new WatchTime(evaluations, ledger, timing.chargePeriod());
  }

  /** One run of the timer: the due watches of every chain; the number of changes recorded. */
  public Uni<Integer> runOnce() {
    Instant now = clock.instant();
    return run(evaluations.claim(now, every.multipliedBy(5), batch), now, now.plus(every));
  }

  /**
   * One run at a new head of {@code chain}: the watches with a condition on it, unless one was
   * evaluated less than {@link WatchTiming#sameHead} ago or is held by a claim; the number of
   * changes recorded. A watch evaluated here is due for the timer two intervals later, so while
   * heads keep coming the timer does not read it again.
   */
  public Uni<Integer> onHead(ChainId chain) {
    Instant now = clock.instant();
    Duration fallback = every.multipliedBy(2);
    return run(
        evaluations.claimOn(
            chain, now, now.plus(fallback).minus(sameHead), every.multipliedBy(5), batch),
        now,
        now.plus(fallback));
  }

  private Uni<Integer> run(Uni<List<WatchEvaluations.Due>> claim, Instant now, Instant next) {
    return claim
        .flatMap(claimed -> time.paid(claimed, now, next))
        // parsing and evaluating grow with the watches claimed: never on the database's event loop
        .emitOn(cpu)
        .flatMap(due -> due.isEmpty() ? Uni.createFrom().item(0) : evaluate(due, now, next));
  }

  private Uni<Integer> evaluate(List<WatchEvaluations.Due> due, Instant now, Instant next) {
    List<Parsed> parsed = new ArrayList<>();
    List<IsolatingReads.Member> shared = new ArrayList<>();
    List<IsolatingReads.Member> apart = new ArrayList<>();
    List<Uni<Void>> unreadable = new ArrayList<>();
    for (WatchEvaluations.Due d : due) {
      try {
        AttestCommand command =
            AttestCommands.parse(requests.object(d.requestJson()), d.keyVersion());
        parsed.add(new Parsed(d, command));
        IsolatingReads.Member member = new IsolatingReads.Member(d.id(), command.request());
        (d.failedAlone() > 0 ? apart : shared).add(member);
      } catch (RuntimeException e) {
        unreadable.add(
            evaluations.unchanged(
                d.id(),
                Watch.Status.READ_FAILED,
                "the request no longer reads: " + e.getMessage(),
                next));
      }
    }
    return reads
        .observe(shared, apart)
        .emitOn(cpu)
        .flatMap(
            observed ->
                Multi.createFrom()
                    .iterable(parsed)
                    .onItem()
                    .transformToUniAndConcatenate(p -> one(p, observed, now, next))
                    .collect()
                    .with(java.util.stream.Collectors.summingInt(Integer::intValue)))
        .call(
            () ->
                unreadable.isEmpty()
                    ? Uni.createFrom().voidItem()
                    : Uni.join().all(unreadable).andCollectFailures().replaceWithVoid());
  }

  private Uni<Integer> one(Parsed p, IsolatingReads.Observed observed, Instant now, Instant next) {
    String id = p.due().id();
    AttestEvaluation evaluation = observed.evaluation(new IsolatingReads.Member(id, p.request()));
    if (evaluation instanceof AttestEvaluation.Refused refused) {
      return none(evaluations.unchanged(id, Watch.Status.READ_FAILED, refused.message(), next));
    }
    if (evaluation instanceof AttestEvaluation.Incomplete incomplete) {
      if (observed.failedAlone().contains(id)) {
        int strikes = p.due().failedAlone() + 1;
        Duration apart = apartFor(strikes);
        return none(
            evaluations.apart(
                id, strikes, WatchVerdicts.apart(strikes, apart, incomplete), now.plus(apart)));
      }
      return none(
          evaluations.unchanged(
              id, Watch.Status.READ_FAILED, WatchVerdicts.failure(incomplete), next));
    }
    AttestEvaluation.Complete complete = (AttestEvaluation.Complete) evaluation;
    if (!WatchVerdicts.changed(p.due(), complete)) {
      return none(evaluations.unchanged(id, Watch.Status.ACTIVE, "", next));
    }
    return charged(p, complete, now, next);
  }

  /**
   * How long a watch that failed alone {@code strikes} runs in a row waits for its next read: five
   * intervals (a lease), doubling with each further failure, at most {@link #MAX_APART}.
   */
  Duration apartFor(int strikes) {
    Duration wait = every.multipliedBy(5L << Math.min(strikes - 1, 20));
    return wait.compareTo(MAX_APART) > 0 ? MAX_APART : wait;
  }

  /**
   * A changed verdict: a key that cannot pay for it pauses its watch before anything is signed;
   * otherwise the statement is signed on the CPU pool and handed to the transparency log without a
   * thread waiting for it, and only once its entry is durable is the change charged and its
   * delivery recorded. An append that fails charges nothing and records nothing (the run fails, and
   * the change is evaluated again at the next run). A key whose credits were spent between the
   * check and the debit pauses the watch with the statement logged but not delivered.
   */
  private Uni<Integer> charged(
      Parsed p, AttestEvaluation.Complete complete, Instant now, Instant next) {
    WatchEvaluations.Due due = p.due();
    Attestation attestation =
        new Attestation(
            AttestationId.fromRandom(entropy.bytes(8)),
            complete.results(),
            now,
            now.plus(p.request().attestationLifetime()));
    return ledger
        .balance(due.ownerKey())
        .flatMap(
            balance ->
                balance < PRICE
                    ? paused(due, balance, next)
                    : logged(p, attestation)
                        .flatMap(signed -> delivered(p, complete, signed, now, next)));
  }

  /** The change debited once per change (the watch and its number), then recorded. */
  private Uni<Integer> delivered(
      Parsed p,
      AttestEvaluation.Complete complete,
      AttestationSigner.SignedAttestation signed,
      Instant now,
      Instant next) {
    WatchEvaluations.Due due = p.due();
    int seq = due.changes() + 1;
    Attestation attestation = signed.attestation();
    CreditLedger.DebitRequest debit =
        new CreditLedger.DebitRequest(
            due.ownerKey(),
            PRICE,
            LEDGER_REASON,
            attestation.id().value(),
            "watch:" + due.id() + ":" + seq,
            now);
    return ledger
        .debit(debit)
        .flatMap(
            taken ->
                taken instanceof CreditLedger.Debit.Insufficient short_
                    ? paused(due, short_.available(), next)
                    : evaluations
                        .changed(
                            new WatchEvaluations.Change(
                                due.id(),
                                seq,
                                attestation.pass(),
                                WatchVerdicts.met(complete),
                                attestation.id().value(),
                                "msg_" + HexFormat.of().formatHex(entropy.bytes(12)),
                                signed.dataJson(),
                                now,
                                next))
                        .replaceWith(1));
  }

  private Uni<Integer> paused(WatchEvaluations.Due due, long available, Instant next) {
    return none(
        evaluations.unchanged(
            due.id(),
            Watch.Status.PAUSED,
            "the key has "
                + available
                + " credits; a change costs "
                + PRICE
                + ". Evaluation goes on; the change is delivered once the key has credits",
            next));
  }

  /**
   * Signs on the CPU pool and hands the statement to the log ({@link AttestationSigner#logged}): no
   * thread waits for its commit, and the text is finished on the CPU pool once it is durable.
   */
  private Uni<AttestationSigner.SignedAttestation> logged(Parsed p, Attestation attestation) {
    AttestCommand command = p.command();
    var request =
        new AttestationSigner.SigningRequest(
            attestation,
            p.due().keyVersion(),
            command.format() == ResponseFormat.JWT,
            command.request().wallets().subject().text());
    return Uni.createFrom()
        .item(() -> signer.signUnlogged(request))
        .runSubscriptionOn(cpu)
        .flatMap(pending -> Uni.createFrom().completionStage(() -> signer.logged(pending, cpu)));
  }

  private static Uni<Integer> none(Uni<Void> recorded) {
    return recorded.replaceWith(0);
  }
}
