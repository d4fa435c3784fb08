package org.walletstate.domain.attest.condition;

import java.math.BigInteger;
import java.util.Optional;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.holding.Balance;
import org.walletstate.domain.holding.ChainHoldings;
import org.walletstate.domain.holding.HoldingRead;
import org.walletstate.domain.holding.family.HoldingFamilies;

/**
 * A wallet's holding of an asset as the amount conditions ({@code ratio_to_amount}, {@code
 * ratio_to_supply}) read it through the holdings kernel: the balance in base units and the decimals
 * that relate it to display units. A stated {@code decimals} is checked against the token's own.
 */
final class Holding {

  private Holding() {}

  /** A holding read in full, of an asset with decimals. */
  record Held(BigInteger balance, TokenDecimals decimals) {}

  /**
   * Observes the holding, or says why the condition cannot go on: the decimals or balance could not
   * be read (unavailable), or the stated decimals are not the token's (refused).
   */
  static Observation observe(
      Chain chain,
      Asset asset,
      Optional<TokenDecimals> declared,
      EvaluationContext<? extends WalletAddress> context) {
    ChainHoldings holdings = HoldingFamilies.on(chain);
    HoldingRead<Optional<TokenDecimals>> read = holdings.decimals(asset, context.readings());
    if (read instanceof HoldingRead.Failed<Optional<TokenDecimals>> failed) {
      return new Stopped(ConditionVerdict.unavailable(failed.failure()));
    }
    TokenDecimals decimals =
        ((HoldingRead.Got<Optional<TokenDecimals>>) read).value().orElseThrow();
    if (declared.isPresent() && !declared.get().equals(decimals)) {
      return new Stopped(
          new ConditionVerdict.Refused(
              decimalsMismatch(context.field("decimals"), declared.get(), decimals)));
    }
    HoldingRead<Balance> balance = holdings.balance(asset, context.wallet(), context.readings());
    if (balance instanceof HoldingRead.Failed<Balance> failed) {
      return new Stopped(ConditionVerdict.unavailable(failed.failure()));
    }
    BigInteger units = ((HoldingRead.Got<Balance>) balance).value().units().toBigIntegerExact();
    return new Observed(new Held(units, decimals));
  }

  static TokenDecimals nativeDecimals(Chain chain) {
    return TokenDecimals.of(chain.nativeCurrency().decimals());
  }

  /** The message of a stated decimals value that is not the token's own. */
  static String decimalsMismatch(String field, TokenDecimals declared, TokenDecimals own) {
    return field + " " + declared + " does not match the token's own decimals (" + own + ")";
  }

  /** The message of an amount finer than the token can hold. */
  static String tooPrecise(String field, String amount, TokenDecimals own) {
    return field
        + " "
        + amount
        + " has more decimal places than the token's own decimals ("
        + own
        + ")";
  }

  /** Either the holding, or the verdict that ends the evaluation. */
  sealed interface Observation permits Observed, Stopped {}

  record Observed(Held held) implements Observation {}

  record Stopped(ConditionVerdict verdict) implements Observation {}
}
