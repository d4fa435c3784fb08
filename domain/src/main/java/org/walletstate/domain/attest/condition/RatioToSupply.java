package org.walletstate.domain.attest.condition;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.amount.DecimalAmount;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.holding.family.HoldingFamilies;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofRequirement;

/**
 * {@code ratio_to_supply}: the wallet holds at least {@code minFraction} of an ERC-20 token's total
 * supply. Met iff {@code balance × 1 >= minFraction × totalSupply}, compared exactly. A token with
 * a total supply of zero gives met false (no holder has any share of nothing). The signed result
 * also carries the raw total supply and the computed fraction, outside the condition hash.
 *
 * @param chain an EVM chain
 * @param token the ERC-20 token
 * @param minFraction the share required, in (0, 1]
 * @param declaredDecimals decimals the caller expects, checked against the token's own
 */
public record RatioToSupply(
    Chain chain,
    EvmAddress token,
    DecimalAmount minFraction,
    Optional<TokenDecimals> declaredDecimals)
    implements EvmCondition {

  /** Digits after the point the computed fraction has at least (more if minFraction has more). */
  public static final int FRACTION_PLACES = 18;

  public static final ConditionType TYPE =
      new ConditionType("ratio_to_supply", RatioToSupply.class);

  /** Why a {@code ratio_to_supply} result carries no proof. */
  public static final String NOT_PROVEN =
      "ratio_to_supply is not proven: its verdict depends on the token's total supply, and a"
          + " balance proof alone does not establish the fraction";

  // Null checks written out by design: a record validates its own components on construction.
  public RatioToSupply {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(token, "token");
    Objects.requireNonNull(minFraction, "minFraction");
    Objects.requireNonNull(declaredDecimals, "declaredDecimals");
    if (minFraction.value().compareTo(BigDecimal.ONE) > 0) {
      throw new IllegalArgumentException("minFraction is at most 1: " + minFraction);
    }
  }

  @Override
  public ConditionType type() {
    return TYPE;
  }

  @Override
  public Set<ChainRead<?>> reads(EvmAddress wallet) {
    Set<ChainRead<?>> reads =
        new LinkedHashSet<>(HoldingFamilies.on(chain).reads(tokenAsset(), wallet, true));
    reads.add(new EvmRead.Erc20TotalSupply(token));
    return reads;
  }

  private Asset tokenAsset() {
    return new Asset.Token(token.checksummed());
  }

  @Override
  public ProofRequirement proof(EvmAddress wallet) {
    return new ProofRequirement.Declined(NOT_PROVEN);
  }

  @Override
  public ConditionVerdict evaluate(EvaluationContext<EvmAddress> context) {
    return Holding.decide(
        chain,
        tokenAsset(),
        declaredDecimals,
        context,
        held -> decided(context, held.balance().units().toBigIntegerExact()));
  }

  private ConditionVerdict decided(EvaluationContext<EvmAddress> context, BigInteger balance) {
    Reading<BigInteger> supply = context.readings().reading(new EvmRead.Erc20TotalSupply(token));
    if (!(supply instanceof Reading.Value<BigInteger> total)) {
      return new ConditionVerdict.Unavailable(
          FailureSource.SUPPLY_READ, "total supply could not be read");
    }
    BigDecimal held = new BigDecimal(balance);
    BigDecimal all = new BigDecimal(total.value());
    boolean met =
        total.value().signum() > 0 && held.compareTo(minFraction.value().multiply(all)) >= 0;
    PayloadValue.Obj extras =
        PayloadValue.objectBuilder()
            .put("totalSupply", total.value().toString())
            .put("fraction", fraction(held, all))
            .build();
    return new ConditionVerdict.Decided(met, evaluatedCondition(), extras);
  }

  /**
   * balance / totalSupply, rounded down to max(18, minFraction's places) decimal places, in
   * canonical form. Rounding down at a precision at least minFraction's keeps the shown fraction on
   * the same side of minFraction as the exact one. "0" when the total supply is zero.
   */
  private String fraction(BigDecimal held, BigDecimal all) {
    if (all.signum() == 0) {
      return "0";
    }
    int places = Math.max(FRACTION_PLACES, minFraction.decimalPlaces());
    BigDecimal fraction = held.divide(all, places, RoundingMode.DOWN).stripTrailingZeros();
    return (fraction.scale() < 0 ? fraction.setScale(0) : fraction).toPlainString();
  }

  /** {@code {type, chainId, contractAddress, operator: "gte_fraction", threshold: minFraction}}. */
  PayloadValue.Obj evaluatedCondition() {
    return EvaluatedConditions.begin(type(), chain)
        .put("contractAddress", token.checksummed())
        .put("operator", "gte_fraction")
        .put("threshold", minFraction.payload())
        .build();
  }
}
