package org.walletstate.application.commerce;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import org.walletstate.application.commerce.port.in.MerchantCreditsUseCase;
import org.walletstate.application.commerce.port.in.OwnerResult;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.application.payment.ClaimedPayments;
import org.walletstate.application.payment.CreditPurchaseRefusals;
import org.walletstate.application.payment.PayerBinding;
import org.walletstate.application.payment.PayerStanding;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase;
import org.walletstate.application.port.out.Purchases;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.MerchantCreditsRequest;
import org.walletstate.domain.payment.CreditRate;
import org.walletstate.domain.payment.Payment;
import org.walletstate.domain.payment.payer.ClaimPurpose;

/**
 * Merchant credits: the owner check first (nothing is read on chain for a key that does not own the
 * merchant), then the payment verification every purchase shares, then the purchase at the flat
 * rate, recorded as a {@code merchant_credits} payment of the owner key.
 */
public final class MerchantCredits implements MerchantCreditsUseCase {

  private final MerchantStore store;
  private final ClaimedPayments claims;
  private final Purchases purchases;
  private final Clock clock;

  public MerchantCredits(
      MerchantStore store,
      VerifyPaymentUseCase payments,
      PayerBinding payers,
      Purchases purchases,
      Clock clock) {
    this.store = store;
    this.claims = new ClaimedPayments(payments, payers);
    this.purchases = purchases;
    this.clock = clock;
  }

  @Override
  public Uni<OwnerResult<Outcome>> buy(
      KeyAccount key, CompanyId id, MerchantCreditsRequest request) {
    return OwnerAccess.owned(
        store,
        key,
        id,
        m ->
            claims
                .claim(
                    request.payment(),
                    request.payer(),
                    new ClaimPurpose.MerchantCredits(m.id().value()))
                .flatMap(claim -> claimed(key, request, claim)));
  }

  private Uni<Outcome> claimed(
      KeyAccount key, MerchantCreditsRequest request, ClaimedPayments.Claim claim) {
    if (claim instanceof ClaimedPayments.Claim.Refused refused) {
      return Uni.createFrom().item(new Outcome.Refused(refused.refusal()));
    }
    var claimed = (ClaimedPayments.Claim.Claimed) claim;
    return credit(key, request, claimed.payment(), PayerStanding.of(claimed.verdict()));
  }

  // Built as BuyCredits builds its purchase by design: merchant credits have their own rate,
  // purpose and wallet rule.
  private Uni<Outcome> credit(
      KeyAccount key, MerchantCreditsRequest request, Payment payment, Purchases.Payer payer) {
    long credits = CreditRate.FLAT_25.credits(payment.usd());
    return purchases
        .buyCredits(
            new Purchases.CreditsBought(
                key.id(),
                payment,
                credits,
                request.updateWallet(),
                clock.instant(),
                Purchases.Purpose.MERCHANT_CREDITS,
                payer))
        .map(
            purchase -> {
              if (purchase instanceof Purchases.CreditPurchase.Credited credited) {
                return new Outcome.Credited(payment, credits, credited.balance());
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
