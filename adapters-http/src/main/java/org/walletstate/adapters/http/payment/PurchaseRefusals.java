package org.walletstate.adapters.http.payment;

import jakarta.ws.rs.core.Response;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.application.payment.port.in.PurchaseRefusal;

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
    if (refusal instanceof PurchaseRefusal.AlreadyCredited replay) {
      throw PaymentAnswers.alreadyCredited(replay.payment());
    }
    if (refusal instanceof PurchaseRefusal.PayerRefused refused) {
      throw PaymentAnswers.payerRefused(refused.reason());
    }
    throw PaymentAnswers.intentUsed(((PurchaseRefusal.IntentUsed) refusal).payment());
  }
}
