package org.walletstate.application.payment;

import java.util.Optional;
import org.walletstate.application.port.out.Purchases;
import org.walletstate.domain.payment.Payment;

/** What a {@link PayerBinding} verdict lets a credit purchase do, and how a refusal reads. */
public final class PayerStanding {

  private PayerStanding() {}

  /** The purchase's payer for a verdict that is not a refusal. */
  public static Purchases.Payer of(PayerBinding.Verdict verdict) {
    if (verdict instanceof PayerBinding.Verdict.Proven) {
      return Purchases.Payer.PROVEN;
    }
    if (verdict instanceof PayerBinding.Verdict.ByIntent byIntent) {
      return Purchases.Payer.intent(byIntent.intentId());
    }
    return Purchases.Payer.UNPROVEN;
  }

  /** Why a purchase that would register or replace a key's wallet was refused without a proof. */
  public static String walletChangeNeedsProof(Payment payment, Optional<String> registered) {
    return "transaction "
        + payment.hash().text()
        + " was paid from "
        + payment.sender().text()
        + (registered.isPresent()
            ? ", not from this key's registered wallet"
            : ", and this key has no registered wallet yet")
        + "; registering a wallet to a key needs proof that the caller controls it: send"
        + " senderProof (the claim message signed by "
        + payment.sender().text()
        + ")";
  }
}
