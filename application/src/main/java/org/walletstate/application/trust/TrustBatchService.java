package org.walletstate.application.trust;

import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.walletstate.application.account.Charge;
import org.walletstate.application.account.Charge.Delivered;
import org.walletstate.application.account.Charge.Delivery;
import org.walletstate.application.account.Charging;
import org.walletstate.application.account.port.in.Paid;
import org.walletstate.application.chains.RpcFailureLog;
import org.walletstate.application.trust.TrustProfiling.Done;
import org.walletstate.application.trust.TrustProfiling.Run;
import org.walletstate.application.trust.port.in.TrustBatchCommand;
import org.walletstate.application.trust.port.in.TrustBatchOutcome;
import org.walletstate.application.trust.port.in.TrustBatchUseCase;
import org.walletstate.domain.account.CreditPrice;
import org.walletstate.domain.account.MeteredOperation;
import org.walletstate.domain.account.Payer;
import org.walletstate.domain.trust.TrustProfile;

/**
 * A batch of trust profiles: {@link TrustProfiling} reads every wallet's chains once and evaluates
 * and signs each profile; the {@link Payer} pays through the one {@link Charging} service for the
 * profiles signed.
 */
public final class TrustBatchService implements TrustBatchUseCase {

  private static final System.Logger LOG = System.getLogger(TrustBatchService.class.getName());

  // Same shape as TrustProfileService by design: the batch and the one-wallet outcome each carry
  // what a key paid in their own type.
  /** How a batch's outcome carries what a key paid. */
  private static final Charge.Billing<TrustBatchOutcome> BILLING =
      new Charge.Billing<>(
          (outcome, credits, balance) ->
              new TrustBatchOutcome.Answered(
                  ((TrustBatchOutcome.Answered) outcome).results(), credits, balance),
          TrustBatchOutcome.InsufficientCredits::new);

  private final TrustProfiling profiling;
  private final Charging charging;

  public TrustBatchService(TrustProfiling profiling, Charging charging) {
    this.profiling = Objects.requireNonNull(profiling, "profiling");
    this.charging = Objects.requireNonNull(charging, "charging");
  }

  // Charged as AttestService charges by design: each use case hands the one Charging service its
  // own price, ledger reason and billing.
  @Override
  public Uni<Paid<TrustBatchOutcome>> profiles(Payer payer, TrustBatchCommand command) {
    return charging.charge(
        payer,
        new Charge<>(
            TrustBatchUseCase.call(command),
            "trust_batch",
            "trust/batch",
            version ->
                profiling
                    .profiled(command.entries(), command.proof(), command.assurance())
                    .map(run -> outcome(run, command)),
            BILLING));
  }

  /**
   * A batch run as its outcome: one entry per wallet, in request order, once the signed profiles'
   * log entries are durable (their one append runs beside the debit); what it delivered is the
   * profiles signed (none: only the key's balance is stated, and nothing is appended).
   */
  private Delivered<TrustBatchOutcome> outcome(Run run, TrustBatchCommand command) {
    List<TrustProfile> profiles = new ArrayList<>();
    List<RpcFailureLog.Failed> failedReads = new ArrayList<>();
    for (int i = 0; i < run.done().size(); i++) {
      Done wallet = run.done().get(i);
      if (wallet.failures() != null) {
        failedReads.addAll(TrustProfiling.failed("wallets[" + i + "]", wallet.failures()));
      } else {
        profiles.add(wallet.profile());
      }
    }
    RpcFailureLog.warn(LOG, failedReads, run.observed());
    if (profiles.isEmpty()) {
      return new Delivered<>(answered(run.done(), List.of()), new Delivery.Balance());
    }
    return new Delivered<>(
        new Delivery.Units(
            new CreditPrice.Call(
                MeteredOperation.TRUST_BATCH, profiles.size(), command.proof(), command.quorum()),
            profiles.get(0).id(),
            profiles.stream().anyMatch(TrustProfile::proofDelivered)),
        profiling.logged(run.done()).map(texts -> answered(run.done(), texts)));
  }

  /** The batch's entries in request order, each signed profile with its logged text. */
  private static TrustBatchOutcome answered(List<Done> done, List<String> texts) {
    List<TrustBatchOutcome.Entry> entries = new ArrayList<>();
    int next = 0;
    for (Done wallet : done) {
      entries.add(
          wallet.failures() != null
              ? new TrustBatchOutcome.Failed(
                  wallet.wallets().evm().checksummed(), wallet.failures())
              : new TrustBatchOutcome.Profiled(texts.get(next++)));
    }
    return new TrustBatchOutcome.Answered(entries, 0, 0);
  }
}
