package org.walletstate.application.attest;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import org.walletstate.application.account.Metering;
import org.walletstate.application.attest.port.in.AttestOutcome;
import org.walletstate.application.attest.port.in.AttestUseCase;
import org.walletstate.application.chains.AllChains;
import org.walletstate.application.chains.RpcFailureLog;
import org.walletstate.application.port.out.AttestationSigner;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.domain.account.CreditPrice;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.attest.AttestCommand;
import org.walletstate.domain.attest.AttestEvaluation;
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
 * {@code POST /v1/attest} for a caller with a key: price and check credits, read every chain
 * anchored (in parallel), evaluate, sign, and only then charge. A refused request (400), an
 * incomplete read ({@code rpc_failure}) or a key that cannot pay is never signed and never charged.
 */
public final class AttestService implements AttestUseCase {

  private static final System.Logger LOG = System.getLogger(AttestService.class.getName());

  private static final String LEDGER_REASON = "attest";

  private final ChainState chains;
  private final AttestationSigner signer;
  private final Metering metering;
  private final Entropy entropy;
  private final Clock clock;
  private final Executor cpu;

  /**
   * @param cpu where signing runs (it is CPU work and must not hold an event loop)
   */
  public AttestService(
      ChainState chains,
      AttestationSigner signer,
      Metering metering,
      Entropy entropy,
      Clock clock,
      Executor cpu) {
    this.chains = chains;
    this.signer = signer;
    this.metering = metering;
    this.entropy = entropy;
    this.clock = clock;
    this.cpu = cpu;
  }

  private static CreditPrice price(AttestCommand command) {
    return CreditPrice.of(AttestUseCase.call(command));
  }

  @Override
  public Uni<AttestOutcome> attest(KeyAccount account, AttestCommand command) {
    CreditPrice price = price(command);
    return metering
        .check(account, price)
        .flatMap(
            affordability -> {
              if (affordability instanceof Metering.Affordability.Short shortOf) {
                return Uni.createFrom()
                    .item(
                        (AttestOutcome)
                            new AttestOutcome.InsufficientCredits(
                                shortOf.available(), shortOf.required()));
              }
              return observe(command)
                  .map(
                      observations -> {
                        AttestEvaluation evaluation = AttestEvaluation.of(command, observations);
                        if (evaluation instanceof AttestEvaluation.Incomplete incomplete) {
                          logRpcFailure(incomplete, observations);
                        }
                        return evaluation;
                      })
                  .flatMap(evaluation -> conclude(account, command, price, evaluation));
            });
  }

  @Override
  public Uni<AttestOutcome> attestUnmetered(AttestCommand command) {
    return observe(command)
        .flatMap(
            observations -> {
              AttestEvaluation evaluation = AttestEvaluation.of(command, observations);
              if (evaluation instanceof AttestEvaluation.Refused refused) {
                return Uni.createFrom().item(new AttestOutcome.Refused(refused.message()));
              }
              if (evaluation instanceof AttestEvaluation.Incomplete incomplete) {
                logRpcFailure(incomplete, observations);
                return Uni.createFrom()
                    .item(new AttestOutcome.Unavailable(incomplete.failedConditions()));
              }
              return signed(command, KeyVersion.V2, (AttestEvaluation.Complete) evaluation)
                  .map(
                      signed ->
                          new AttestOutcome.Signed(signed.attestation(), signed.dataJson(), 0, 0));
            });
  }

  private Uni<AttestationSigner.SignedAttestation> signed(
      AttestCommand command, KeyVersion version, AttestEvaluation.Complete complete) {
    Instant attestedAt = clock.instant();
    Attestation attestation =
        new Attestation(
            AttestationId.fromRandom(entropy.bytes(8)),
            complete.results(),
            attestedAt,
            attestedAt.plus(command.attestationLifetime()));
    var request =
        new AttestationSigner.SigningRequest(
            attestation,
            version,
            command.format() == ResponseFormat.JWT,
            command.wallets().subject().text());
    return Uni.createFrom().item(() -> signer.sign(request)).runSubscriptionOn(cpu);
  }

  /** Reads every chain of the plan, all chains at once; each anchored at its own head. */
  Uni<Map<ChainId, ChainObservation>> observe(AttestCommand command) {
    ReadPlan plan = ReadPlan.of(command);
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

  private Uni<AttestOutcome> conclude(
      KeyAccount account, AttestCommand command, CreditPrice price, AttestEvaluation evaluation) {
    if (evaluation instanceof AttestEvaluation.Refused refused) {
      return Uni.createFrom().item(new AttestOutcome.Refused(refused.message()));
    }
    if (evaluation instanceof AttestEvaluation.Incomplete incomplete) {
      return Uni.createFrom().item(new AttestOutcome.Unavailable(incomplete.failedConditions()));
    }
    AttestEvaluation.Complete complete = (AttestEvaluation.Complete) evaluation;
    Instant attestedAt = clock.instant();
    Attestation attestation =
        new Attestation(
            AttestationId.fromRandom(entropy.bytes(8)),
            complete.results(),
            attestedAt,
            attestedAt.plus(command.attestationLifetime()));
    var request =
        new AttestationSigner.SigningRequest(
            attestation,
            account.version(),
            command.format() == ResponseFormat.JWT,
            command.wallets().subject().text());
    return Uni.createFrom()
        .item(() -> signer.sign(request))
        .runSubscriptionOn(cpu)
        .flatMap(
            signed ->
                metering
                    .charge(account, price, LEDGER_REASON, attestation.id().value())
                    .flatMap(
                        debit ->
                            settle(
                                account,
                                price,
                                signed,
                                debit,
                                complete.results().stream()
                                    .anyMatch(ConditionResult::proofDelivered))));
  }

  private Uni<AttestOutcome> settle(
      KeyAccount account,
      CreditPrice price,
      AttestationSigner.SignedAttestation signed,
      CreditLedger.Debit debit,
      boolean proofDelivered) {
    return metering
        .settle(account, price, debit, proofDelivered, "proof not delivered")
        .map(
            settlement ->
                settlement instanceof Metering.Settlement.Paid paid
                    ? new AttestOutcome.Signed(
                        signed.attestation(), signed.dataJson(), paid.credits(), paid.balance())
                    // spent by a concurrent call since the check: the signed result is discarded
                    : new AttestOutcome.InsufficientCredits(
                        ((Metering.Settlement.Unpaid) settlement).available(),
                        ((Metering.Settlement.Unpaid) settlement).required()));
  }
}
