package org.walletstate.application.account.port.in;

import org.walletstate.application.payment.port.in.PurchaseClaims;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.account.CreditPurchaseRequest;
import org.walletstate.domain.payment.PaymentClaim;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/** Reads the body of {@link BuyCreditsUseCase}: {@code POST /v1/credits/buy}. */
public final class BuyCreditsCommands {

  private BuyCreditsCommands() {}

  public static CreditPurchaseRequest purchase(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    PaymentClaim claim = PurchaseClaims.payment(fields);
    RequestValue raw = fields.get("updateWallet");
    boolean update;
    if (raw.isMissing()) {
      update = false;
    } else if (raw instanceof RequestValue.Bool b) {
      update = b.value();
    } else {
      throw new ValidationException("updateWallet must be true or false, not " + raw.kind());
    }
    return new CreditPurchaseRequest(claim, update, PurchaseClaims.payer(fields));
  }
}
