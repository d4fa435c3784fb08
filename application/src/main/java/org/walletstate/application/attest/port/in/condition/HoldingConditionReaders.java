package org.walletstate.application.attest.port.in.condition;

import java.math.BigDecimal;
import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.amount.DecimalAmount;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.attest.condition.Holding;
import org.walletstate.domain.attest.condition.NftOwnership;
import org.walletstate.domain.attest.condition.RatioFactors;
import org.walletstate.domain.attest.condition.RatioToAmount;
import org.walletstate.domain.attest.condition.RatioToSupply;
import org.walletstate.domain.attest.condition.TokenBalance;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.holding.ChainHoldings;
import org.walletstate.domain.holding.Scale;
import org.walletstate.domain.holding.family.HoldingFamilies;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.request.Fields;

/**
 * The readers of the amount and collection conditions ({@code token_balance}, {@code
 * nft_ownership}, {@code ratio_to_amount}, {@code ratio_to_supply}): the chain, the asset in its
 * family's form, and the amounts as sent.
 */
final class HoldingConditionReaders {

  private HoldingConditionReaders() {}

  static TokenBalance tokenBalance(Fields fields, KeyVersion key) {
    Chain chain = ConditionMembers.holdingChain(fields, TokenBalance.TYPE);
    ChainHoldings holdings = HoldingFamilies.on(chain);
    Asset asset = holdings.asset(fields);
    DecimalAmount threshold =
        DecimalAmount.parse(fields.get("threshold"), fields.path("threshold"), key);
    return new TokenBalance(chain, asset, threshold, declared(fields, holdings.scale(asset)));
  }

  static NftOwnership nftOwnership(Fields fields, KeyVersion key) {
    Chain chain = ConditionMembers.holdingChain(fields, NftOwnership.TYPE);
    String contract = fields.requiredText("contractAddress");
    if (contract.equals("native")) {
      throw new ValidationException(
          fields.path("contractAddress")
              + " native is not allowed on "
              + NftOwnership.TYPE.wireName()
              + " (native is valid only for token_balance and ratio_to_amount)");
    }
    return new NftOwnership(chain, HoldingFamilies.on(chain).collection(contract, fields));
  }

  static RatioToAmount ratioToAmount(Fields fields, KeyVersion key) {
    Chain chain = ConditionMembers.holdingChain(fields, RatioToAmount.TYPE);
    ChainHoldings holdings = HoldingFamilies.on(chain);
    Asset asset = holdings.asset(fields);
    RatioFactors factors = ratioFactors(fields, key);
    Optional<TokenDecimals> decimals = declared(fields, holdings.scale(asset));
    if (asset instanceof Asset.Native) {
      refuseTooPreciseNative(factors, fields, chain);
    }
    return new RatioToAmount(chain, asset, factors, decimals);
  }

  static RatioToSupply ratioToSupply(Fields fields, KeyVersion key) {
    Chain chain = ConditionMembers.evmChain(fields, RatioToSupply.TYPE);
    EvmAddress token = ConditionMembers.contract(fields, RatioToSupply.TYPE);
    DecimalAmount minFraction =
        DecimalAmount.parse(fields.get("minFraction"), fields.path("minFraction"), key);
    if (minFraction.value().compareTo(BigDecimal.ONE) > 0) {
      throw new ValidationException(
          fields.path("minFraction")
              + " must be a fraction greater than 0 and at most 1, got "
              + minFraction.canonical());
    }
    Optional<TokenDecimals> decimals =
        ConditionMembers.declaredDecimals(fields, chain, new Asset.Token(token.checksummed()));
    return new RatioToSupply(chain, token, minFraction, decimals);
  }

  /** {@code multiple} then {@code amount}, as sent (each 400 names its member). */
  private static RatioFactors ratioFactors(Fields fields, KeyVersion key) {
    DecimalAmount multiple =
        DecimalAmount.parse(fields.get("multiple"), fields.path("multiple"), key);
    DecimalAmount amount = DecimalAmount.parse(fields.get("amount"), fields.path("amount"), key);
    return new RatioFactors(multiple, amount);
  }

  /** A native {@code amount} finer than the chain's own decimals is refused when read. */
  private static void refuseTooPreciseNative(RatioFactors factors, Fields fields, Chain chain) {
    Optional<String> refusal =
        factors.tooPrecise(fields.path("amount"), Holding.nativeDecimals(chain));
    if (refusal.isPresent()) {
      throw new ValidationException(refusal.get());
    }
  }

  /** The declared {@code decimals}: refused where the token has none, checked where fixed. */
  private static Optional<TokenDecimals> declared(Fields fields, Scale scale) {
    if (!fields.has("decimals")) {
      return Optional.empty();
    }
    if (scale instanceof Scale.Unscaled unscaled) {
      throw new ValidationException(fields.path("decimals") + unscaled.refusal());
    }
    TokenDecimals declared =
        TokenDecimals.parseDeclared(fields.get("decimals"), fields.path("decimals"));
    if (scale instanceof Scale.Fixed fixed && !declared.equals(fixed.decimals())) {
      throw new ValidationException(
          Holding.decimalsMismatch(fields.path("decimals"), declared, fixed.decimals()));
    }
    return Optional.of(declared);
  }
}
