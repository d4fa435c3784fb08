package org.walletstate.application.payment;

import io.smallrye.mutiny.Uni;
import java.util.Objects;
import org.walletstate.application.payment.port.in.PurchaseRefusal;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase.Verification;
import org.walletstate.domain.payment.Payment;
import org.walletstate.domain.payment.PaymentClaim;
import org.walletstate.domain.payment.payer.ClaimPurpose;
import org.walletstate.domain.payment.payer.PayerClaim;

/**
 * The first two steps of a purchase paid on chain: the payment is verified on its chain, then the
 * caller's claim to it is judged ({@link PayerBinding}). What the purchase may do with the verdict
 * is the purchase's rule.
 */
public final class ClaimedPayments {

  private final VerifyPaymentUseCase payments;
  private final PayerBinding payers;

  public ClaimedPayments(VerifyPaymentUseCase payments, PayerBinding payers) {
    this.payments = Objects.requireNonNull(payments, "payments");
    this.payers = Objects.requireNonNull(payers, "payers");
  }

  /** A verified payment and the verdict on the caller's claim, or why there is none. */
  public sealed interface Claim {
    /** The verdict is never {@link PayerBinding.Verdict.Refused}: that is a {@link Refused}. */
    record Claimed(Payment payment, PayerBinding.Verdict verdict) implements Claim {}

    record Refused(PurchaseRefusal refusal) implements Claim {}
  }

  public Uni<Claim> claim(PaymentClaim payment, PayerClaim payer, ClaimPurpose purpose) {
    return payments
        .verify(payment)
        .flatMap(
            verification -> {
              if (verification instanceof Verification.NotAPayment no) {
                return refused(new PurchaseRefusal.NotAPayment(no.reason()));
              }
              if (verification instanceof Verification.Unavailable down) {
                return refused(new PurchaseRefusal.Unavailable(down));
              }
              Payment verified = ((Verification.Verified) verification).payment();
              return payers
                  .judge(payer, verified, purpose)
                  .map(
                      verdict ->
                          verdict instanceof PayerBinding.Verdict.Refused no
                              ? new Claim.Refused(
                                  new PurchaseRefusal.PayerRefused(verified, no.reason()))
                              : new Claim.Claimed(verified, verdict));
            });
  }

  private static Uni<Claim> refused(PurchaseRefusal refusal) {
    return Uni.createFrom().item(new Claim.Refused(refusal));
  }
}
