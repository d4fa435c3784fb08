package org.walletstate.application.account;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import org.walletstate.application.account.port.in.BuyCreditsUseCase;
import org.walletstate.application.payment.ClaimedPayments;
import org.walletstate.application.payment.CreditPurchaseRefusals;
import org.walletstate.application.payment.PayerBinding;
import org.walletstate.application.payment.PayerStanding;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase;
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

  private final ClaimedPayments claims;
  private final Purchases purchases;
  private final Clock clock;

  public BuyCredits(
      VerifyPaymentUseCase payments, PayerBinding payers, Purchases purchases, Clock clock) {
    this.claims = new ClaimedPayments(payments, payers);
    this.purchases = purchases;
    this.clock = clock;
  }

  @Override
  public Uni<Outcome> buy(
      KeyAccount account, CreditPurchaseRequest request, boolean walletAuthenticated) {
    return claims
        .claim(request.payment(), request.payer(), new ClaimPurpose.CreditsBuy())
        .flatMap(
            claim -> {
              if (claim instanceof ClaimedPayments.Claim.Refused refused) {
                return Uni.createFrom().item(new Outcome.Refused(refused.refusal()));
              }
              var claimed = (ClaimedPayments.Claim.Claimed) claim;
              return credit(
                  account,
                  request,
                  walletAuthenticated,
                  claimed.payment(),
                  PayerStanding.of(claimed.verdict()));
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
              return new Outcome.Refused(CreditPurchaseRefusals.of(purchase, payment));
            });
  }
}
