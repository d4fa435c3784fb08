package org.walletstate.application.account;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import org.walletstate.application.account.port.in.BuyCreditsUseCase;
import org.walletstate.application.payment.PayerBinding;
import org.walletstate.application.payment.PayerStanding;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase.Verification;
import org.walletstate.application.port.out.Purchases;
import org.walletstate.domain.account.CreditPurchaseRequest;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.payment.CreditRate;
import org.walletstate.domain.payment.Payment;
import org.walletstate.domain.payment.payer.ClaimPurpose;

/**
 * Sells credits to a key: verifies the payment, judges the caller's claim to it ({@link
 * PayerBinding}), then credits it once, checking the wallet rule: registering or replacing the
 * key's wallet needs a proven sender, and an intent's payment changes no wallet.
 */
public final class BuyCredits implements BuyCreditsUseCase {

  private final VerifyPaymentUseCase payments;
  private final PayerBinding payers;
  private final Purchases purchases;
  private final Clock clock;

  public BuyCredits(
      VerifyPaymentUseCase payments, PayerBinding payers, Purchases purchases, Clock clock) {
    this.payments = payments;
    this.payers = payers;
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
              return payers
                  .judge(request.payer(), payment, new ClaimPurpose.CreditsBuy())
                  .flatMap(
                      verdict ->
                          verdict instanceof PayerBinding.Verdict.Refused refused
                              ? Uni.createFrom()
                                  .item(new Outcome.PayerRefused(payment, refused.reason()))
                              : credit(
                                  account,
                                  request,
                                  walletAuthenticated,
                                  payment,
                                  PayerStanding.of(verdict)));
            });
  }

  private Uni<Outcome> credit(
      KeyAccount account,
      CreditPurchaseRequest request,
      boolean walletAuthenticated,
      Payment payment,
      Purchases.Payer payer) {
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
                Purchases.Purpose.CREDITS,
                payer))
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
              if (purchase instanceof Purchases.CreditPurchase.SenderNotProven unproven) {
                return new Outcome.PayerRefused(
                    payment, PayerStanding.walletChangeNeedsProof(payment, unproven.registered()));
              }
              if (purchase instanceof Purchases.CreditPurchase.IntentUsed) {
                return new Outcome.IntentUsed(payment);
              }
              return new Outcome.AlreadyCredited(payment);
            });
  }
}
