package org.walletstate.application.attest.watch;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Executor;
import org.walletstate.application.attest.port.in.AttestCommand;
import org.walletstate.application.attest.watch.port.in.Watch;
import org.walletstate.application.attest.watch.port.out.WatchEvaluations;
import org.walletstate.application.port.out.AttestationSigner;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.domain.attest.AttestEvaluation;
import org.walletstate.domain.attest.ResponseFormat;
import org.walletstate.domain.attest.attestation.Attestation;
import org.walletstate.domain.attest.attestation.AttestationId;

/**
 * A watch's changed verdict: a key that cannot pay for it pauses its watch before anything is
 * signed; otherwise the statement is signed on the CPU pool and handed to the transparency log
 * without a thread waiting for it, and only once its entry is durable is the change charged (once
 * per change: the ledger's idempotency key is the watch and the change's number) and recorded with
 * its delivery. An append that fails charges nothing and records nothing (the run fails, and the
 * change is evaluated again at the next run). A key whose credits were spent between the check and
 * the debit pauses the watch with the statement logged but not delivered.
 */
final class SignedChanges {

  private final WatchEvaluations evaluations;
  private final AttestationSigner signer;
  private final CreditLedger ledger;
  private final Entropy entropy;
  private final Executor cpu;

  SignedChanges(
      WatchEvaluations evaluations,
      AttestationSigner signer,
      CreditLedger ledger,
      Entropy entropy,
      Executor cpu) {
    // Same constructor shape as WatchService's and DiscountService's by design: each is handed only
    // the ports it uses, and there is no logic to share.
    this.evaluations = evaluations;
    this.signer = signer;
    this.ledger = ledger;
    this.entropy = entropy;
    this.cpu = cpu;
  }

  /**
   * The change of {@code due} to {@code complete} (read at {@code block}, on a watch that reads one
   * EVM chain; null otherwise): 1 when recorded, 0 when its watch paused.
   */
  Uni<Integer> charged(
      WatchEvaluations.Due due,
      AttestCommand command,
      AttestEvaluation.Complete complete,
      Long block,
      List<WatchEvaluations.Unchanged> unchanged,
      Instant now,
      Instant next) {
    Attestation attestation =
        new Attestation(
            AttestationId.fromRandom(entropy.bytes(8)),
            complete.results(),
            now,
            now.plus(command.request().attestationLifetime()));
    return ledger
        .balance(due.ownerKey())
        .flatMap(
            balance ->
                balance < EvaluateWatches.PRICE
                    ? paused(unchanged, due, balance)
                    : logged(due, command, attestation)
                        .flatMap(
                            signed ->
                                delivered(due, complete, block, unchanged, signed, now, next)));
  }

  /** The change debited once per change (the watch and its number), then recorded. */
  private Uni<Integer> delivered(
      WatchEvaluations.Due due,
      AttestEvaluation.Complete complete,
      Long block,
      List<WatchEvaluations.Unchanged> unchanged,
      AttestationSigner.SignedAttestation signed,
      Instant now,
      Instant next) {
    int seq = due.changes() + 1;
    Attestation attestation = signed.attestation();
    CreditLedger.DebitRequest debit =
        new CreditLedger.DebitRequest(
            due.ownerKey(),
            EvaluateWatches.PRICE,
            EvaluateWatches.LEDGER_REASON,
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
                                next,
                                block))
                        .replaceWith(1));
  }

  private static Uni<Integer> paused(
      List<WatchEvaluations.Unchanged> unchanged, WatchEvaluations.Due due, long available) {
    unchanged.add(
        new WatchEvaluations.Unchanged(
            due.id(), Watch.Status.PAUSED, WatchVerdicts.unpaid(available, EvaluateWatches.PRICE)));
    return Uni.createFrom().item(0);
  }

  /**
   * Signs on the CPU pool and hands the statement to the log ({@link AttestationSigner#logged}): no
   * thread waits for its commit, and the text is finished on the CPU pool once it is durable.
   */
  private Uni<AttestationSigner.SignedAttestation> logged(
      WatchEvaluations.Due due, AttestCommand command, Attestation attestation) {
    var request =
        new AttestationSigner.SigningRequest(
            attestation,
            due.keyVersion(),
            command.format() == ResponseFormat.JWT,
            command.request().wallets().subject().text());
    return Uni.createFrom()
        .item(() -> signer.signUnlogged(request))
        .runSubscriptionOn(cpu)
        .flatMap(pending -> Uni.createFrom().completionStage(() -> signer.logged(pending, cpu)));
  }
}
