package org.walletstate.application.attest;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import org.walletstate.application.account.Charge;
import org.walletstate.application.account.Charging;
import org.walletstate.application.account.port.in.Paid;
import org.walletstate.application.attest.port.in.AttestCommand;
import org.walletstate.application.attest.port.in.AttestOutcome;
import org.walletstate.application.attest.port.in.AttestUseCase;
import org.walletstate.application.chains.AllChains;
import org.walletstate.application.chains.RpcFailureLog;
import org.walletstate.application.port.out.AttestationSigner;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.domain.account.Payer;
import org.walletstate.domain.attest.AttestEvaluation;
import org.walletstate.domain.attest.AttestRequest;
import org.walletstate.domain.attest.FailedCondition;
import org.walletstate.domain.attest.ReadPlan;
import org.walletstate.domain.attest.ResponseFormat;
import org.walletstate.domain.attest.attestation.Attestation;
import org.walletstate.domain.attest.attestation.AttestationId;
import org.walletstate.domain.attest.attestation.ConditionResult;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.payload.KeyVersion;

/**
 * {@code POST /v1/attest}: read every chain anchored (in parallel), evaluate, sign, and only then
 * have the {@link Payer} pay, through the one {@link Charging} service, which runs a key's debit
 * beside the statement's append to the transparency log. A refused request (400), an incomplete
 * read ({@code rpc_failure}) or a payer that cannot pay is never signed and never charged.
 */
public final class AttestService implements AttestUseCase {

  private static final System.Logger LOG = System.getLogger(AttestService.class.getName());

  private static final String LEDGER_REASON = "attest";
  private static final String PAID_OPERATION = "attest";

  /** How an attest outcome carries what a key paid. */
  private static final Charge.Billing<AttestOutcome> BILLING =
      new Charge.Billing<>(
          (outcome, credits, balance) -> {
            AttestOutcome.Signed signed = (AttestOutcome.Signed) outcome;
            return new AttestOutcome.Signed(
                signed.attestation(), signed.dataJson(), credits, balance);
          },
          AttestOutcome.InsufficientCredits::new);

  private final ChainState chains;
  private final AttestationSigner signer;
  private final Charging charging;
  private final Entropy entropy;
  private final Clock clock;
  private final Executor cpu;

  /**
   * @param cpu where signing runs (it is CPU work and must not hold an event loop)
   */
  public AttestService(
      ChainState chains,
      AttestationSigner signer,
      Charging charging,
      Entropy entropy,
      Clock clock,
      Executor cpu) {
    // Same constructor shape as IssuePassService's and VerifyPassService's by design: each is
    // handed only the ports it uses, and there is no logic to share.
    this.chains = chains;
    this.signer = signer;
    this.charging = charging;
    this.entropy = entropy;
    this.clock = clock;
    this.cpu = cpu;
  }

  @Override
  public Uni<Paid<AttestOutcome>> attest(Payer payer, AttestCommand command) {
    return charging.charge(
        payer,
        new Charge<>(
            AttestUseCase.call(command),
            LEDGER_REASON,
            PAID_OPERATION,
            version -> attested(command, version),
            BILLING));
  }

  /** The work: read, evaluate and, when complete, sign in {@code version}'s era. */
  private Uni<Charge.Delivered<AttestOutcome>> attested(AttestCommand command, KeyVersion version) {
    return observe(command.request())
        .flatMap(
            observations -> {
              AttestEvaluation evaluation = AttestEvaluation.of(command.request(), observations);
              if (evaluation instanceof AttestEvaluation.Refused refused) {
                return nothing(new AttestOutcome.Refused(refused.message()));
              }
              if (evaluation instanceof AttestEvaluation.Incomplete incomplete) {
                logRpcFailure(incomplete, observations);
                return nothing(new AttestOutcome.Unavailable(incomplete.failedConditions()));
              }
              AttestEvaluation.Complete complete = (AttestEvaluation.Complete) evaluation;
              return signed(command, version, complete)
                  .map(
                      signed ->
                          new Charge.Delivered<>(
                              new Charge.Delivery.Units(
                                  AttestUseCase.call(command),
                                  signed.attestation().id().value(),
                                  complete.results().stream()
                                      .anyMatch(ConditionResult::proofDelivered)),
                              logged(signed)));
            });
  }

  /**
   * The signed attestation and how it is logged: appended by the log, handed over when the charging
   * step subscribes (no thread waits for its commit, and the text is finished on the signing
   * threads once the entry is durable), or written with a key's debit (the text, without a leaf
   * index, finished on the signing threads).
   */
  private Charge.Logging<AttestOutcome> logged(AttestationSigner.Pending signed) {
    return new Charge.Logging<>(
            signed.entries(),
            Uni.createFrom().completionStage(() -> signer.logged(signed, cpu)),
            Uni.createFrom().item(() -> signer.written(signed)).runSubscriptionOn(cpu))
        .map(issued -> new AttestOutcome.Signed(issued.attestation(), issued.dataJson(), 0, 0));
  }

  private static Uni<Charge.Delivered<AttestOutcome>> nothing(AttestOutcome outcome) {
    return Uni.createFrom().item(new Charge.Delivered<>(outcome, new Charge.Delivery.None()));
  }

  private Uni<AttestationSigner.Pending> signed(
      AttestCommand command, KeyVersion version, AttestEvaluation.Complete complete) {
    Instant attestedAt = clock.instant();
    Attestation attestation =
        new Attestation(
            AttestationId.fromRandom(entropy.bytes(8)),
            complete.results(),
            attestedAt,
            attestedAt.plus(command.request().attestationLifetime()));
    var request =
        new AttestationSigner.SigningRequest(
            attestation,
            version,
            command.format() == ResponseFormat.JWT,
            command.request().wallets().subject().text());
    return Uni.createFrom().item(() -> signer.signUnlogged(request)).runSubscriptionOn(cpu);
  }

  /** Reads every chain of the plan, all chains at once; each anchored at its own head. */
  Uni<Map<ChainId, ChainObservation>> observe(AttestRequest request) {
    ReadPlan plan = ReadPlan.of(request);
    return AllChains.observe(chains, plan.chains(), plan::query);
  }

  /** One WARN line per {@code rpc_failure} ({@link RpcFailureLog}). */
  static void logRpcFailure(
      AttestEvaluation.Incomplete incomplete, Map<ChainId, ChainObservation> observations) {
    List<RpcFailureLog.Failed> failed = new ArrayList<>();
    for (FailedCondition f : incomplete.failedConditions()) {
      failed.add(
          new RpcFailureLog.Failed(
              "conditions[" + f.condition() + "]",
              f.chainId(),
              f.source().wireName(),
              f.message()));
    }
    RpcFailureLog.warn(LOG, failed, observations);
  }
}
