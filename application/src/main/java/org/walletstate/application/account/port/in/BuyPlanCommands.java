package org.walletstate.application.account.port.in;

import org.walletstate.application.payment.port.in.PurchaseClaims;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.account.PlanPurchaseRequest;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/** Reads the body of {@link BuyPlanUseCase}: {@code POST /v1/plans/buy}. */
public final class BuyPlanCommands {

  private BuyPlanCommands() {}

  public static PlanPurchaseRequest purchase(RequestValue.Obj body) {
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
    return new PlanPurchaseRequest(
        plan, PurchaseClaims.payment(fields), PurchaseClaims.payer(fields));
  }
}
