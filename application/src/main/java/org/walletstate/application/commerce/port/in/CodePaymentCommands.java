package org.walletstate.application.commerce.port.in;

import java.math.BigDecimal;
import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.commerce.discount.CodePayment;
import org.walletstate.domain.commerce.discount.DiscountCode;
import org.walletstate.domain.commerce.discount.PayerProof;
import org.walletstate.domain.payment.PaymentClaim;
import org.walletstate.domain.payment.TxHash;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * The reader of {@code POST /v1/payment/confirm}: {@code code} (SVC- format), {@code txHash},
 * {@code chainId} (a payment chain: a number or {@code solana}), {@code amount} (USDC paid, a
 * number or decimal string, positive; no purchase minimum applies) and {@code payerProof} when the
 * code was not issued to a proven wallet, to the domain's {@link CodePayment}; every 400 text.
 */
public final class CodePaymentCommands {

  private static final int MAX_DIGITS = 30;

  private CodePaymentCommands() {}

  /**
   * @throws ValidationException naming the member that is wrong
   */
  public static CodePayment confirm(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    DiscountCode code = DiscountCode.parse(fields.requiredText("code"), "code");
    String txHash = fields.requiredText("txHash");
    if (!fields.has("chainId")) {
      throw new ValidationException("chainId is required");
    }
    Chain chain = ChainCatalogue.parse(fields.get("chainId"), "chainId");
    if (!chain.payment()) {
      throw new ValidationException(
          "chainId " + chain.id() + " (" + chain.name() + ") is not a payment chain");
    }
    TxHash hash = TxHash.parse(txHash, "txHash", chain.family());
    return new CodePayment(
        code, new PaymentClaim(chain, hash, Optional.of(amount(fields))), payerProof(fields));
  }

  private static BigDecimal amount(Fields fields) {
    RequestValue raw = fields.get("amount");
    if (raw.isMissing()) {
      throw new ValidationException("amount is required");
    }
    BigDecimal value =
        raw.plainDecimal()
            .orElseThrow(
                () ->
                    new ValidationException(
                        "amount must be the USDC paid as a number or decimal string (e.g. 17 or"
                            + " \"17.50\"), not "
                            + raw.kind()));
    if (value.signum() <= 0) {
      throw new ValidationException("amount must be greater than 0");
    }
    if (value.precision() - value.scale() > MAX_DIGITS || value.scale() > MAX_DIGITS) {
      throw new ValidationException("amount has more digits than a payment carries");
    }
    return value;
  }

  // Read like DiscountCommands.walletProof by design, but optional and with its own messages.
  /** The optional {@code payerProof} member: {@code {message, signature}}. */
  static Optional<PayerProof> payerProof(Fields body) {
    RequestValue raw = body.get("payerProof");
    if (raw.isMissing()) {
      return Optional.empty();
    }
    if (!(raw instanceof RequestValue.Obj object)) {
      throw new ValidationException(
          "payerProof must be an object {message, signature}, not " + raw.kind());
    }
    Fields fields = Fields.of(object, "payerProof");
    String message = fields.requiredText("message");
    String signature = fields.requiredText("signature");
    return Optional.of(new PayerProof(message, signature));
  }
}
