package org.walletstate.application.payment.port.in;

import java.math.BigDecimal;
import java.util.Optional;
import java.util.stream.Collectors;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.payment.PaymentCheck;
import org.walletstate.domain.payment.PaymentClaim;
import org.walletstate.domain.payment.TxHash;
import org.walletstate.domain.payment.payer.IntentRef;
import org.walletstate.domain.payment.payer.PayerClaim;
import org.walletstate.domain.payment.payer.SenderProof;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * The readers of the payment members every purchase body shares ({@code POST /v1/keys/buy}, {@code
 * /v1/credits/buy}, {@code /v1/plans/buy}, {@code /v1/merchants/{id}/credits}): what was paid
 * ({@code txHash}, {@code chainId}, {@code amount}) to the domain's {@link PaymentClaim}, and who
 * claims it ({@code senderProof} or {@code paymentIntent}) to its {@link PayerClaim}; every 400
 * text. The values keep their own rules.
 */
public final class PurchaseClaims {

  /** The most digits an amount may carry; no purchase needs more. */
  private static final int MAX_AMOUNT_DIGITS = 30;

  private PurchaseClaims() {}

  /**
   * The payment members of a purchase body: {@code txHash}, {@code chainId} (a payment chain) and
   * {@code amount} (USD, at least the purchase minimum; not required for bitcoin).
   *
   * @throws ValidationException naming the member that is wrong
   */
  public static PaymentClaim payment(Fields fields) {
    String txHash = fields.requiredText("txHash");
    if (!fields.has("chainId")) {
      throw new ValidationException(fields.path("chainId") + " is required");
    }
    // Read as ConditionMembers.evmChain reads a chain, by design: a payment chain is refused with
    // its own message.
    Chain chain = ChainCatalogue.parse(fields.get("chainId"), fields.path("chainId"));
    if (!chain.payment()) {
      throw new ValidationException(
          fields.path("chainId")
              + " "
              + chain.id()
              + " ("
              + chain.name()
              + ") is not a payment chain; pay on one of "
              + ChainCatalogue.all().stream()
                  .filter(Chain::payment)
                  .map(c -> c.id().toString())
                  .collect(Collectors.joining(", ")));
    }
    // the hash's form is the family's: 0x-hex (EVM), hex (Tron, Bitcoin), base58 (Solana)
    TxHash hash = TxHash.parse(txHash, fields.path("txHash"), chain.family());
    Optional<BigDecimal> amount = amount(fields);
    if (amount.isEmpty() && chain.family() != ChainFamily.BITCOIN) {
      throw new ValidationException(fields.path("amount") + " is required");
    }
    return new PaymentClaim(chain, hash, amount);
  }

  private static Optional<BigDecimal> amount(Fields fields) {
    RequestValue raw = fields.get("amount");
    if (raw.isMissing()) {
      return Optional.empty();
    }
    String field = fields.path("amount");
    BigDecimal value =
        raw.plainDecimal()
            .orElseThrow(
                () ->
                    new ValidationException(
                        field
                            + " must be a number of USD (e.g. 25 or \"25.50\"), not "
                            + raw.kind()));
    if (value.precision() - value.scale() > MAX_AMOUNT_DIGITS
        || value.scale() > MAX_AMOUNT_DIGITS) {
      throw new ValidationException(field + " has more digits than any purchase needs");
    }
    if (value.compareTo(PaymentCheck.MINIMUM_USD) < 0) {
      throw new ValidationException(
          field
              + " "
              + value.toPlainString()
              + " is below the minimum purchase of "
              + PaymentCheck.MINIMUM_USD
              + " USD");
    }
    return Optional.of(value);
  }

  /**
   * The body's {@code senderProof} and {@code paymentIntent}; at most one of them ({@link
   * PayerClaim} refuses both).
   *
   * @throws ValidationException naming the member that is wrong
   */
  public static PayerClaim payer(Fields body) {
    Optional<SenderProof> proof = senderProof(body);
    RequestValue raw = body.get(IntentRef.FIELD);
    Optional<IntentRef> intent = Optional.empty();
    if (!raw.isMissing()) {
      if (!(raw instanceof RequestValue.Obj object)) {
        throw new ValidationException(
            body.path(IntentRef.FIELD) + " must be an object {id, secret}, not " + raw.kind());
      }
      Fields fields = Fields.of(object, body.path(IntentRef.FIELD));
      intent = Optional.of(new IntentRef(fields.requiredText("id"), fields.requiredText("secret")));
    }
    return new PayerClaim(proof, intent);
  }

  /**
   * The body's {@code senderProof}, when sent: an object with {@code message} and {@code
   * signature}, each within {@link SenderProof}'s bounds.
   */
  private static Optional<SenderProof> senderProof(Fields body) {
    RequestValue raw = body.get(SenderProof.FIELD);
    if (raw.isMissing()) {
      return Optional.empty();
    }
    if (!(raw instanceof RequestValue.Obj object)) {
      throw new ValidationException(
          body.path(SenderProof.FIELD)
              + " must be an object {message, signature}, not "
              + raw.kind());
    }
    Fields fields = Fields.of(object, body.path(SenderProof.FIELD));
    return Optional.of(
        new SenderProof(fields.requiredText("message"), fields.requiredText("signature")));
  }
}
