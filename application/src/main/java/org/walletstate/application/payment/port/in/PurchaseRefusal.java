package org.walletstate.application.payment.port.in;

import org.walletstate.domain.account.PlanSale;
import org.walletstate.domain.payment.Payment;

/**
 * Why a purchase paid on chain wrote nothing, in the terms every purchase shares: the payment is
 * not one, could not be read, credited before, is not the caller's to claim, or its intent was
 * claimed before.
 */
public sealed interface PurchaseRefusal {

  /** Not a valid payment for this purchase: 400 with the reason. */
  record NotAPayment(String reason) implements PurchaseRefusal {}

  /**
   * A payment short of a plan's price (400): it was not used, and the adapter says where it can
   * still buy credits.
   */
  record Underpaid(PlanSale.Shortfall shortfall) implements PurchaseRefusal {}

  /** A read did not complete: 503 rpc_failure naming it. */
  record Unavailable(VerifyPaymentUseCase.Verification.Unavailable read)
      implements PurchaseRefusal {}

  /** The transaction credited before (a transaction is used once, for any purchase): 409. */
  record AlreadyCredited(Payment payment) implements PurchaseRefusal {}

  /** The caller did not show the payment is theirs where the purchase needs it: 403. */
  record PayerRefused(Payment payment, String reason) implements PurchaseRefusal {}

  /** The payment intent was claimed before, by another transaction: 409. */
  record IntentUsed(Payment payment) implements PurchaseRefusal {}
}
