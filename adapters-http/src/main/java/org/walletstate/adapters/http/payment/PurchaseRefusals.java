package org.walletstate.adapters.http.payment;

import jakarta.ws.rs.core.Response;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.application.payment.port.in.PurchaseRefusal;
import org.walletstate.domain.account.PlanSale;

/**
 * The answer to a {@link PurchaseRefusal}: the 503 of an unfinished read as a response, every other
 * refusal thrown as its envelope ({@link PaymentAnswers}).
 */
public final class PurchaseRefusals {

  private PurchaseRefusals() {}

  public static Response answer(Envelopes envelopes, PurchaseRefusal refusal) {
    if (refusal instanceof PurchaseRefusal.Unavailable down) {
      return PaymentAnswers.unavailable(envelopes, down.read());
    }
    if (refusal instanceof PurchaseRefusal.NotAPayment no) {
      throw PaymentAnswers.notAPayment(no.reason());
    }
    if (refusal instanceof PurchaseRefusal.Underpaid under) {
      throw PaymentAnswers.notAPayment(underpaid(under.shortfall()));
    }
    if (refusal instanceof PurchaseRefusal.AlreadyCredited replay) {
      throw PaymentAnswers.alreadyCredited(replay.payment());
    }
    if (refusal instanceof PurchaseRefusal.PayerRefused refused) {
      throw PaymentAnswers.payerRefused(refused.reason());
    }
    throw PaymentAnswers.intentUsed(((PurchaseRefusal.IntentUsed) refusal).payment());
  }

  /** A plan's underpayment, and where the unused payment still buys credits. */
  static String underpaid(PlanSale.Shortfall shortfall) {
    return shortfall.reason()
        + " (the payment was not used: it can still buy credits with POST /v1/credits/buy)";
  }
}
