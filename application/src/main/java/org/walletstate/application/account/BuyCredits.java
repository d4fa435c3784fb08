package org.walletstate.application.account;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import org.walletstate.application.account.port.in.BuyCreditsUseCase;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase.Verification;
import org.walletstate.application.port.out.Purchases;
import org.walletstate.domain.account.CreditPurchaseRequest;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.payment.CreditRate;
import org.walletstate.domain.payment.Payment;

/** Sells credits to a key: verifies the payment, then credits it once, checking the wallet rule. */
public final class BuyCredits implements BuyCreditsUseCase {

  private final VerifyPaymentUseCase payments;
  private final Purchases purchases;
  private final Clock clock;

  public BuyCredits(VerifyPaymentUseCase payments, Purchases purchases, Clock clock) {
    this.payments = payments;
    this.purchases = purchases;
    this.clock = clock;
  }

  @Override
  public Uni<Outcome> buy(
      KeyAccount account, CreditPurchaseRequest request, boolean walletAuthenticated) {
    return payments
        .verify(request.payment())
        .flatMap(
            verification -> {
              if (verification instanceof Verification.NotAPayment no) {
                return Uni.createFrom().item(new Outcome.NotAPayment(no.reason()));
              }
              if (verification instanceof Verification.Unavailable down) {
                return Uni.createFrom().item(new Outcome.Unavailable(down));
              }
              Payment payment = ((Verification.Verified) verification).payment();
              return credit(account, request, walletAuthenticated, payment);
            });
  }

  private Uni<Outcome> credit(
      KeyAccount account,
      CreditPurchaseRequest request,
      boolean walletAuthenticated,
      Payment payment) {
    boolean replace = request.updateWallet() && !walletAuthenticated;
    long credits = CreditRate.VOLUME.credits(payment.usd());
    int rate = CreditRate.VOLUME.perUsd(payment.usd());
    return purchases
        .buyCredits(
            new Purchases.CreditsBought(
                account.id(),
                payment,
                credits,
                replace,
                clock.instant(),
                Purchases.Purpose.CREDITS))
        .map(
            purchase -> {
              if (purchase instanceof Purchases.CreditPurchase.Credited credited) {
                return new Outcome.Credited(
                    payment,
                    credits,
                    rate,
                    credited.balance(),
                    credited.walletChanged(),
                    request.updateWallet() && walletAuthenticated);
              }
              if (purchase instanceof Purchases.CreditPurchase.WalletMismatch mismatch) {
                return new Outcome.WalletMismatch(payment, mismatch.registered());
              }
              if (purchase instanceof Purchases.CreditPurchase.WalletOfAnotherKey) {
                return new Outcome.WalletOfAnotherKey(payment);
              }
              return new Outcome.AlreadyCredited(payment);
            });
  }
}
