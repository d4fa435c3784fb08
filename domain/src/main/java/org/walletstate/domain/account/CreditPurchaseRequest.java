package org.walletstate.domain.account;

import org.walletstate.domain.ValidationException;
import org.walletstate.domain.payment.PaymentClaim;
import org.walletstate.domain.payment.payer.PayerClaim;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * {@code POST /v1/credits/buy}: {@code txHash}, {@code chainId}, {@code amount} and {@code
 * updateWallet} (false when left out: the payment must come from the key's registered wallet, or
 * registers its sender when the key has none) and the payer's {@code senderProof} or {@code
 * paymentIntent} ({@link PayerClaim}).
 */
public record CreditPurchaseRequest(PaymentClaim payment, boolean updateWallet, PayerClaim payer) {

  public static CreditPurchaseRequest parse(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    PaymentClaim claim = PaymentClaim.parse(fields);
    RequestValue raw = fields.get("updateWallet");
    boolean update;
    if (raw.isMissing()) {
      update = false;
    } else if (raw instanceof RequestValue.Bool b) {
      update = b.value();
    } else {
      throw new ValidationException("updateWallet must be true or false, not " + raw.kind());
    }
    return new CreditPurchaseRequest(claim, update, PayerClaim.parse(fields));
  }
}
