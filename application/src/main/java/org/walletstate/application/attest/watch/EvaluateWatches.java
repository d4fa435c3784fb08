package org.walletstate.application.attest.watch;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;
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
 * being evaluated and delivers the change once the key has credits. The evaluations of a run that
 * changed nothing are written together, in one statement at its end.
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
   * One run at block {@code head} of {@code chain}: the watches with a condition on it that no
   * claim took at this block or a later one of the chain (on any replica), unless one is held by a
   * claim; the number of changes recorded. A watch evaluated here is due for the timer two
   * intervals later, so while heads keep coming the timer does not read it again.
   */
  public Uni<Integer> onHead(ChainId chain, long head) {
    Instant now = clock.instant();
    Instant next = now.plus(every.multipliedBy(2));
    return run(
        evaluations.claimOn(chain, head, now, next, every.multipliedBy(5), batch), now, next);
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
    // every unchanged evaluation of the run, written in one statement at its end
    List<WatchEvaluations.Unchanged> unchanged = Collections.synchronizedList(new ArrayList<>());
    for (WatchEvaluations.Due d : due) {
      try {
        AttestCommand command =
            AttestCommands.parse(requests.object(d.requestJson()), d.keyVersion());
        parsed.add(new Parsed(d, command));
        IsolatingReads.Member member = new IsolatingReads.Member(d.id(), command.request());
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
        .emitOn(cpu)
        .flatMap(
            observed ->
                Multi.createFrom()
                    .iterable(parsed)
                    .onItem()
                    .transformToUniAndConcatenate(p -> one(p, observed, unchanged, now, next))
                    .collect()
                    .with(Collectors.summingInt(Integer::intValue)))
        .call(() -> evaluations.unchanged(List.copyOf(unchanged), next));
  }

  private Uni<Integer> one(
      Parsed p,
      IsolatingReads.Observed observed,
      List<WatchEvaluations.Unchanged> unchanged,
      Instant now,
      Instant next) {
    String id = p.due().id();
    AttestEvaluation evaluation = observed.evaluation(new IsolatingReads.Member(id, p.request()));
    if (evaluation instanceof AttestEvaluation.Refused refused) {
      return none(unchanged, id, Watch.Status.READ_FAILED, refused.message());
    }
    if (evaluation instanceof AttestEvaluation.Incomplete incomplete) {
      if (observed.failedAlone().contains(id)) {
        int strikes = p.due().failedAlone() + 1;
        Duration apart = apartFor(strikes);
        return evaluations
            .apart(id, strikes, WatchVerdicts.apart(strikes, apart, incomplete), now.plus(apart))
            .replaceWith(0);
      }
      return none(unchanged, id, Watch.Status.READ_FAILED, WatchVerdicts.failure(incomplete));
    }
    AttestEvaluation.Complete complete = (AttestEvaluation.Complete) evaluation;
    if (!WatchVerdicts.changed(p.due(), complete)) {
      return none(unchanged, id, Watch.Status.ACTIVE, "");
    }
    return charged(p, complete, unchanged, now, next);
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
      Parsed p,
      AttestEvaluation.Complete complete,
      List<WatchEvaluations.Unchanged> unchanged,
      Instant now,
      Instant next) {
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
                    ? paused(unchanged, due, balance)
                    : logged(p, attestation)
                        .flatMap(signed -> delivered(p, complete, unchanged, signed, now, next)));
  }

  /** The change debited once per change (the watch and its number), then recorded. */
  private Uni<Integer> delivered(
      Parsed p,
      AttestEvaluation.Complete complete,
      List<WatchEvaluations.Unchanged> unchanged,
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
                    ? paused(unchanged, due, short_.available())
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

  private static Uni<Integer> paused(
      List<WatchEvaluations.Unchanged> unchanged, WatchEvaluations.Due due, long available) {
    return none(unchanged, due.id(), Watch.Status.PAUSED, WatchVerdicts.unpaid(available, PRICE));
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

  /** An unchanged evaluation, kept for the run's one write of them. */
  private static Uni<Integer> none(
      List<WatchEvaluations.Unchanged> unchanged, String id, Watch.Status status, String detail) {
    unchanged.add(new WatchEvaluations.Unchanged(id, status, detail));
    return Uni.createFrom().item(0);
  }
}
