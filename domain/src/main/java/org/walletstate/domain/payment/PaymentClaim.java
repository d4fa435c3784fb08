package org.walletstate.domain.payment;

import java.math.BigDecimal;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainFamily;

/**
 * What a caller says it paid: {@code txHash}, {@code chainId} (a payment chain) and {@code amount}
 * (USD; not required for bitcoin, whose USD value the service works out). The amount is only a
 * cross-check: what counts is what the chain shows. Read from a purchase body by the application's
 * {@code payment.port.in.PurchaseClaims} (which also holds a purchase to its minimum) and from a
 * code payment by {@code commerce.port.in.CodePaymentCommands}.
 *
 * @param chain the payment chain
 * @param hash the transaction
 * @param declaredUsd the amount the caller declared, when it sent one
 */
public record PaymentClaim(Chain chain, TxHash hash, Optional<BigDecimal> declaredUsd) {

  /**
   * @throws ValidationException when the chain settles no payments, or the amount is missing on a
   *     chain other than bitcoin, or is not greater than 0
   */
  // Null checks written out by design: a record validates its own components on construction.
  public PaymentClaim {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(hash, "hash");
    Objects.requireNonNull(declaredUsd, "declaredUsd");
    if (!chain.payment()) {
      throw new ValidationException(
          "chainId " + chain.id() + " (" + chain.name() + ") is not a payment chain");
    }
    if (declaredUsd.isEmpty() && chain.family() != ChainFamily.BITCOIN) {
      throw new ValidationException("amount is required");
    }
    if (declaredUsd.isPresent() && declaredUsd.get().signum() <= 0) {
      throw new ValidationException("amount must be greater than 0");
    }
  }
}
