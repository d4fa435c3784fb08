package org.walletstate.application.account;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.application.account.port.in.BuyPlanUseCase;
import org.walletstate.application.payment.ClaimedPayments;
import org.walletstate.application.payment.PayerStanding;
import org.walletstate.application.payment.port.in.PurchaseRefusal;
import org.walletstate.application.port.out.PlanPurchases;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.PlanPurchaseRequest;
import org.walletstate.domain.account.PlanSale;
import org.walletstate.domain.payment.Payment;
import org.walletstate.domain.payment.payer.ClaimPurpose;

/**
 * Sells a month of a paid plan to the caller's key: the payment is verified and the caller's claim
 * to it judged as for every purchase ({@link ClaimedPayments}); a payment worth less than the
 * plan's price is refused and stays unused; then the month is stored after the key's paid time
 * ({@link PlanSale}). Without a sender proof or an intent the payment must come from the key's
 * registered wallet.
 */
public final class BuyPlan implements BuyPlanUseCase {

  // Fields and null checks written out by design: each class holds only what it is given.
  private final ClaimedPayments claims;
  private final PlanPurchases plans;
  private final Clock clock;

  public BuyPlan(ClaimedPayments claims, PlanPurchases plans, Clock clock) {
    this.claims = Objects.requireNonNull(claims, "claims");
    this.plans = Objects.requireNonNull(plans, "plans");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  @Override
  public Uni<Outcome> buy(KeyAccount account, PlanPurchaseRequest request) {
    return claims
        .claim(
            request.payment(),
            request.payer(),
            new ClaimPurpose.PlansBuy(request.plan().wireName()))
        .flatMap(
            claim -> {
              if (claim instanceof ClaimedPayments.Claim.Refused refused) {
                return done(refused.refusal());
              }
              var claimed = (ClaimedPayments.Claim.Claimed) claim;
              Payment payment = claimed.payment();
              PlanSale sale = new PlanSale(request.plan(), payment.usd());
              Optional<PlanSale.Shortfall> shortfall = sale.shortfall();
              if (shortfall.isPresent()) {
                return done(new PurchaseRefusal.Underpaid(shortfall.get()));
              }
              var month =
                  new PlanPurchases.MonthBought(
                      account.id(),
                      request.plan(),
                      payment,
                      sale.credits(),
                      clock.instant(),
                      PayerStanding.of(claimed.verdict()));
              return plans.buy(month).map(outcome -> outcome(month, outcome));
            });
  }

  private static Outcome outcome(PlanPurchases.MonthBought month, PlanPurchases.Outcome outcome) {
    Payment payment = month.payment();
    if (outcome instanceof PlanPurchases.Outcome.Paid paid) {
      return new Outcome.Bought(
          payment,
          month.plan(),
          paid.startsAt(),
          paid.endsAt(),
          month.credits(),
          paid.granted(),
          paid.balance(),
          paid.plan(),
          paid.dailyLimit());
    }
    if (outcome instanceof PlanPurchases.Outcome.AlreadyCredited) {
      return new Outcome.Refused(new PurchaseRefusal.AlreadyCredited(payment));
    }
    if (outcome instanceof PlanPurchases.Outcome.IntentUsed) {
      return new Outcome.Refused(new PurchaseRefusal.IntentUsed(payment));
    }
    return new Outcome.Refused(
        new PurchaseRefusal.PayerRefused(
            payment,
            "transaction "
                + payment.hash().text()
                + " was paid from "
                + payment.sender().text()
                + ", which is not this key's registered wallet; send senderProof (the claim"
                + " message signed by "
                + payment.sender().text()
                + ") or pay through a paymentIntent"));
  }

  private static Uni<Outcome> done(PurchaseRefusal refusal) {
    return Uni.createFrom().item(new Outcome.Refused(refusal));
  }
}
