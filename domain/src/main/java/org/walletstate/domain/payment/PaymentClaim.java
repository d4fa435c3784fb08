package org.walletstate.domain.payment;

import java.math.BigDecimal;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * What a caller says it paid: {@code txHash}, {@code chainId} (a payment chain) and {@code amount}
 * (USD, at least 5; not required for bitcoin, whose USD value the service works out). The amount is
 * only a cross-check: what counts is what the chain shows.
 *
 * @param chain the payment chain
 * @param hash the transaction
 * @param declaredUsd the amount the caller declared, when it sent one
 */
public record PaymentClaim(Chain chain, TxHash hash, Optional<BigDecimal> declaredUsd) {

  /** The most digits an amount may carry; no purchase needs more. */
  private static final int MAX_AMOUNT_DIGITS = 30;

  public PaymentClaim {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(hash, "hash");
    Objects.requireNonNull(declaredUsd, "declaredUsd");
  }

  /** Reads the payment members of a purchase body. */
  public static PaymentClaim parse(Fields fields) {
    String txHash = fields.requiredText("txHash");
    if (!fields.has("chainId")) {
      throw new ValidationException(fields.path("chainId") + " is required");
    }
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
}
