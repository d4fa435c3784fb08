package org.walletstate.domain.attest.condition;

import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.amount.DecimalAmount;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.payload.PayloadValue;

/**
 * The two factors of {@code ratio_to_amount} and the rules every chain's form shares: the derived
 * threshold {@code multiple × amount} (exact), an {@code amount} no finer than the token's
 * decimals, and the signed members around the threshold.
 *
 * @param multiple how many times the amount must be held (any precision)
 * @param amount an amount of the token, in display units
 */
public record RatioFactors(DecimalAmount multiple, DecimalAmount amount) {

  public RatioFactors {
    Objects.requireNonNull(multiple, "multiple");
    Objects.requireNonNull(amount, "amount");
  }

  /** The derived minimum balance, {@code multiple × amount}, in display units. */
  public DecimalAmount threshold() {
    return new DecimalAmount(multiple.value().multiply(amount.value()), false);
  }

  /** The refusal of an {@code amount} with more decimal places than {@code decimals}, if it has. */
  public Optional<String> tooPrecise(String field, TokenDecimals decimals) {
    return amount.decimalPlaces() > decimals.value()
        ? Optional.of(Holding.tooPrecise(field, amount.canonical(), decimals))
        : Optional.empty();
  }

  /**
   * {@code {type, chainId, contractAddress, operator: "gte", threshold}}: the derived threshold is
   * always a canonical decimal string (a product of two numbers need not be one).
   */
  PayloadValue.ObjBuilder begin(ConditionType type, Chain chain, PayloadValue contractAddress) {
    return EvaluatedConditions.begin(type, chain)
        .put("contractAddress", contractAddress)
        .put("operator", "gte")
        .put("threshold", threshold().canonical());
  }

  /** {@code multiple} and {@code amount} after everything else, each in its sent form. */
  PayloadValue.Obj end(PayloadValue.ObjBuilder shape) {
    return shape.put("multiple", multiple.payload()).put("amount", amount.payload()).build();
  }
}
