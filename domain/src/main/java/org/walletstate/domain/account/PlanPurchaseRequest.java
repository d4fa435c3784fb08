package org.walletstate.domain.account;

import java.util.Objects;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.payment.PaymentClaim;
import org.walletstate.domain.payment.payer.PayerClaim;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

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

  public static PlanPurchaseRequest parse(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    String name = fields.requiredText("plan");
    Plan plan;
    try {
      plan = Plan.fromWireName(name);
    } catch (IllegalArgumentException e) {
      plan = Plan.FREE;
    }
    if (plan == Plan.FREE) {
      throw new ValidationException(
          "plan must be pro (29 USD a month) or enterprise (99 USD a month), not "
              + (name.length() > 40 ? name.substring(0, 40) + "…" : name));
    }
    return new PlanPurchaseRequest(plan, PaymentClaim.parse(fields), PayerClaim.parse(fields));
  }
}
