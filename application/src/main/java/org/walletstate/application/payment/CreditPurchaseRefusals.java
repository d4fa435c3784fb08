package org.walletstate.application.payment;

import org.walletstate.application.payment.port.in.PurchaseRefusal;
import org.walletstate.application.port.out.Purchases;
import org.walletstate.domain.payment.Payment;

/**
 * Why a credit purchase (of a key's credits or a store owner's) credited nothing, for the answers
 * every purchase shares: the sender not proven where the key's wallet would change, the intent
 * claimed before, or the transaction credited before.
 */
public final class CreditPurchaseRefusals {

  private CreditPurchaseRefusals() {}

  /**
   * The refusal of {@code purchase}, which is none of {@code Credited}, {@code WalletMismatch} and
   * {@code WalletOfAnotherKey} (each purchase answers those in its own terms).
   */
  public static PurchaseRefusal of(Purchases.CreditPurchase purchase, Payment payment) {
    if (purchase instanceof Purchases.CreditPurchase.SenderNotProven unproven) {
      return new PurchaseRefusal.PayerRefused(
          payment, PayerStanding.walletChangeNeedsProof(payment, unproven.registered()));
    }
    if (purchase instanceof Purchases.CreditPurchase.IntentUsed) {
      return new PurchaseRefusal.IntentUsed(payment);
    }
    return new PurchaseRefusal.AlreadyCredited(payment);
  }
}
