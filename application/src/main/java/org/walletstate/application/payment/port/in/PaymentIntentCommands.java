package org.walletstate.application.payment.port.in;

import java.math.BigDecimal;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * The reader of {@code POST /v1/payment-intents}: request tree to {@link PaymentIntentCommand},
 * every 400 text.
 */
public final class PaymentIntentCommands {

  private PaymentIntentCommands() {}

  /**
   * @throws ValidationException naming the member that is wrong
   */
  public static PaymentIntentCommand open(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    if (!fields.has("chainId")) {
      throw new ValidationException("chainId is required");
    }
    Chain chain = ChainCatalogue.parse(fields.get("chainId"), "chainId");
    PaymentIntentCommand.paymentChain(chain);
    boolean bitcoin = chain.family() == ChainFamily.BITCOIN;
    BigDecimal base = base(fields.get("amount"), bitcoin);
    String purpose = fields.requiredText("purpose");
    PaymentIntentCommand.knownPurpose(purpose);
    return new PaymentIntentCommand(chain, base, purpose);
  }

  private static BigDecimal base(RequestValue raw, boolean bitcoin) {
    BigDecimal value;
    if (raw instanceof RequestValue.Number n) {
      value = n.value();
    } else if (raw instanceof RequestValue.Text t
        && t.value().matches("[0-9]{1,9}(\\.[0-9]{1,8})?")) {
      value = new BigDecimal(t.value());
    } else {
      throw new ValidationException(
          "amount is required: "
              + (bitcoin
                  ? "BTC with at most 4 decimals"
                  : "USD in whole cents (e.g. 25 or \"25.50\")"));
    }
    value = value.stripTrailingZeros();
    PaymentIntentCommand.inRange(value, bitcoin);
    return value.setScale(Math.max(value.scale(), 0));
  }
}
