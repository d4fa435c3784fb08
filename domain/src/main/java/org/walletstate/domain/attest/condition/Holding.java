package org.walletstate.domain.attest.condition;

import java.util.Optional;
import java.util.function.Function;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.holding.Balance;
import org.walletstate.domain.holding.ChainHoldings;
import org.walletstate.domain.holding.Held;
import org.walletstate.domain.holding.HoldingRead;
import org.walletstate.domain.holding.HoldingShape;
import org.walletstate.domain.holding.Scale;
import org.walletstate.domain.holding.family.HoldingFamilies;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;

/**
 * A wallet's holding of an asset as the amount conditions ({@code token_balance}, {@code
 * ratio_to_amount}, {@code ratio_to_supply}) read it through the holdings kernel, on any family:
 * the balance and the decimals that relate it to display units. A stated {@code decimals} is
 * checked against the token's own.
 */
public final class Holding {

  private Holding() {}

  /**
   * The verdict {@code decide} gives the observed holding, or the verdict that ends the evaluation
   * before it: the decimals or balance could not be read (unavailable), or the stated decimals are
   * not the token's (refused).
   */
  static ConditionVerdict decide(
      Chain chain,
      Asset asset,
      Optional<TokenDecimals> declared,
      EvaluationContext<? extends WalletAddress> context,
      Function<Held, ConditionVerdict> decide) {
    ChainHoldings holdings = HoldingFamilies.on(chain);
    HoldingRead<Optional<TokenDecimals>> read = holdings.decimals(asset, context.readings());
    if (read instanceof HoldingRead.Failed<Optional<TokenDecimals>> failed) {
      return ConditionVerdict.unavailable(failed.failure());
    }
    Optional<TokenDecimals> own = ((HoldingRead.Got<Optional<TokenDecimals>>) read).value();
    if (declared.isPresent() && own.isPresent() && !declared.equals(own)) {
      return new ConditionVerdict.Refused(
          decimalsMismatch(context.field("decimals"), declared.get(), own.get()));
    }
    HoldingRead<Balance> balance = holdings.balance(asset, context.wallet(), context.readings());
    if (balance instanceof HoldingRead.Failed<Balance> failed) {
      return ConditionVerdict.unavailable(failed.failure());
    }
    return decide.apply(new Held(((HoldingRead.Got<Balance>) balance).value(), own));
  }

  /**
   * The signed shape's start for an amount condition: {@code decimals} for a v1 key where the token
   * has them, and {@code trustLineState} beside it where the holding could be frozen.
   */
  static Optional<TokenDecimals> v1Decimals(KeyVersion key, Held held) {
    return key == KeyVersion.V1 ? held.decimals() : Optional.empty();
  }

  /** {@code trustLineState {frozen}} where the holding could be frozen; otherwise nothing. */
  static PayloadValue.Obj extras(Held held) {
    PayloadValue.ObjBuilder extras = PayloadValue.objectBuilder();
    HoldingShape.lineState(held.balance()).ifPresent(state -> extras.put("trustLineState", state));
    return extras.build();
  }

  /**
   * The rule of a stated {@code decimals} that the value itself can check: refused where the asset
   * has none, and where the chain fixes them, refused unless they are those. (A token's own are
   * checked when read.) The request reader applies the same rule first, naming the member by its
   * path.
   *
   * @throws ValidationException when the stated decimals cannot be the asset's
   */
  static void checkDeclared(Chain chain, Asset asset, Optional<TokenDecimals> declared) {
    if (declared.isEmpty()) {
      return;
    }
    Scale scale = HoldingFamilies.on(chain).scale(asset);
    if (scale instanceof Scale.Unscaled unscaled) {
      throw new ValidationException("decimals" + unscaled.refusal());
    }
    if (scale instanceof Scale.Fixed fixed && !declared.get().equals(fixed.decimals())) {
      throw new ValidationException(decimalsMismatch("decimals", declared.get(), fixed.decimals()));
    }
  }

  /** The decimals of a chain's native currency. */
  public static TokenDecimals nativeDecimals(Chain chain) {
    return TokenDecimals.of(chain.nativeCurrency().decimals());
  }

  /** The message of a stated decimals value that is not the token's own. */
  public static String decimalsMismatch(String field, TokenDecimals declared, TokenDecimals own) {
    return field + " " + declared + " does not match the token's own decimals (" + own + ")";
  }

  /** The message of an amount finer than the token can hold. */
  public static String tooPrecise(String field, String amount, TokenDecimals own) {
    return field
        + " "
        + amount
        + " has more decimal places than the token's own decimals ("
        + own
        + ")";
  }
}
