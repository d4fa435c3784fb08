package org.walletstate.application.trust;

import io.smallrye.mutiny.Uni;
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
import org.walletstate.application.trust.port.in.TrustCommand;
import org.walletstate.application.trust.port.in.TrustOutcome;
import org.walletstate.application.trust.port.in.TrustProfileUseCase;
import org.walletstate.domain.account.CreditPrice;
import org.walletstate.domain.account.Payer;

/**
 * One wallet's trust profile: {@link TrustProfiling} reads, evaluates and signs it; the {@link
 * Payer} pays through the one {@link Charging} service for a signed profile only.
 */
public final class TrustProfileService implements TrustProfileUseCase {

  private static final System.Logger LOG = System.getLogger(TrustProfileService.class.getName());

  /** How a one-wallet outcome carries what a key paid. */
  private static final Charge.Billing<TrustOutcome> BILLING =
      new Charge.Billing<>(
          (outcome, credits, balance) ->
              new TrustOutcome.Signed(((TrustOutcome.Signed) outcome).dataJson(), credits, balance),
          TrustOutcome.InsufficientCredits::new);

  private final TrustProfiling profiling;
  private final Charging charging;

  public TrustProfileService(TrustProfiling profiling, Charging charging) {
    this.profiling = Objects.requireNonNull(profiling, "profiling");
    this.charging = Objects.requireNonNull(charging, "charging");
  }

  @Override
  public Uni<Paid<TrustOutcome>> profile(Payer payer, TrustCommand command) {
    CreditPrice.Call call = TrustProfileUseCase.call(command);
    return charging.charge(
        payer,
        new Charge<>(
            call,
            "trust",
            "trust",
            version ->
                profiling
                    .profiled(List.of(command.wallets()), command.proof(), command.assurance())
                    .map(run -> outcome(profiling, run, call)),
            BILLING));
  }

  /**
   * A one-wallet run as its outcome: the signed profile once its log entry is durable (the append
   * runs beside the debit), or the reads that failed.
   */
  private static Delivered<TrustOutcome> outcome(
      TrustProfiling profiling, Run run, CreditPrice.Call call) {
    Done done = run.done().get(0);
    if (done.failures() != null) {
      RpcFailureLog.warn(LOG, TrustProfiling.failed("profile", done.failures()), run.observed());
      return new Delivered<>(new TrustOutcome.Unavailable(done.failures()), new Delivery.None());
    }
    return new Delivered<>(
        new Delivery.Units(call, done.profile().id(), done.profile().proofDelivered()),
        profiling
            .logged(run.done())
            .map(texts -> (TrustOutcome) new TrustOutcome.Signed(texts.get(0), 0, 0)));
  }
}
