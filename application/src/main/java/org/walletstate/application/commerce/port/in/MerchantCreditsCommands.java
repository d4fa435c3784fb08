package org.walletstate.application.commerce.port.in;

import org.walletstate.application.payment.port.in.PurchaseClaims;
import org.walletstate.domain.commerce.MerchantCreditsRequest;
import org.walletstate.domain.payment.PaymentClaim;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/** Reads the body of {@link MerchantCreditsUseCase}: {@code POST /v1/merchants/{id}/credits}. */
public final class MerchantCreditsCommands {

  private MerchantCreditsCommands() {}

  public static MerchantCreditsRequest purchase(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    PaymentClaim claim = PurchaseClaims.payment(fields);
    return new MerchantCreditsRequest(
        claim, BodyMembers.bool(fields, "updateWallet", false), PurchaseClaims.payer(fields));
  }
}
