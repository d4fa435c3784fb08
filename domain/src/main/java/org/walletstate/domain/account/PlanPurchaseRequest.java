package org.walletstate.domain.account;

import java.util.Objects;
import org.walletstate.domain.payment.PaymentClaim;
import org.walletstate.domain.payment.payer.PayerClaim;

/**
 * {@code POST /v1/plans/buy}: {@code plan} ({@code pro} or {@code enterprise}), the payment's
 * {@code txHash}, {@code chainId} and {@code amount}, and the payer's {@code senderProof} or {@code
 * paymentIntent} ({@link PayerClaim}), as the other purchases read them.
 */
public record PlanPurchaseRequest(Plan plan, PaymentClaim payment, PayerClaim payer) {

  public PlanPurchaseRequest {
    Objects.requireNonNull(plan, "plan");
    Objects.requireNonNull(payment, "payment");
    Objects.requireNonNull(payer, "payer");
    if (plan == Plan.FREE) {
      throw new IllegalArgumentException("the free plan is not sold");
    }
  }
}
