package org.walletstate.domain.attest.condition;

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.amount.DecimalAmount;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.holding.family.HoldingFamilies;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.request.Fields;

/**
 * {@code ratio_to_amount}: the wallet holds at least {@code multiple × amount} display units (for
 * instance a balance of at least three times a purchase amount). The product is exact and compared
 * in base units. {@code amount} is in the token's display units and may not have more decimal
 * places than the token; {@code multiple} may have any.
 *
 * @param chain an EVM chain
 * @param asset native or an ERC-20 token
 * @param factors {@code multiple} and {@code amount}
 * @param declaredDecimals decimals the caller expects, checked against the token's own
 */
public record RatioToAmount(
    Chain chain, Asset asset, RatioFactors factors, Optional<TokenDecimals> declaredDecimals)
    implements EvmCondition {

  public static final ConditionType TYPE =
      new ConditionType(
          "ratio_to_amount",
          RatioToAmount.class,
          RatioToAmount::parseAny,
          List.of(SolanaRatioToAmount.class, XrplRatioToAmount.class));

  public RatioToAmount {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(asset, "asset");
    Objects.requireNonNull(factors, "factors");
    Objects.requireNonNull(declaredDecimals, "declaredDecimals");
  }

  @Override
  public ConditionType type() {
    return TYPE;
  }

  /** The derived minimum balance, {@code multiple × amount}, in display units. */
  public DecimalAmount threshold() {
    return factors.threshold();
  }

  @Override
  public Set<ChainRead<?>> reads(EvmAddress wallet) {
    return HoldingFamilies.on(chain).reads(asset, wallet, true);
  }

  /** The form of the condition's chain: EVM, Solana or the XRP Ledger. */
  static Condition<?> parseAny(Fields fields, KeyVersion key) {
    Chain chain = ConditionMembers.holdingChain(fields, TYPE);
    if (chain.family() == ChainFamily.SOLANA) {
      return SolanaRatioToAmount.parse(fields, key, chain);
    }
    if (chain.family() == ChainFamily.XRPL) {
      return XrplRatioToAmount.parse(fields, key, chain);
    }
    return parse(fields, key, chain);
  }

  static RatioToAmount parse(Fields fields, KeyVersion key, Chain chain) {
    Asset asset = ConditionMembers.asset(fields, TYPE, true);
    RatioFactors factors = RatioFactors.parse(fields, key);
    Optional<TokenDecimals> decimals = ConditionMembers.declaredDecimals(fields, chain, asset);
    if (asset instanceof Asset.Native) {
      factors.refuseTooPreciseNative(fields, chain);
    }
    return new RatioToAmount(chain, asset, factors, decimals);
  }

  @Override
  public ProofRequirement proof(EvmAddress wallet) {
    return HoldingFamilies.on(chain).proof(asset, wallet);
  }

  @Override
  public ConditionVerdict evaluate(EvaluationContext<EvmAddress> context) {
    Holding.Observation observation = Holding.observe(chain, asset, declaredDecimals, context);
    if (observation instanceof Holding.Stopped stopped) {
      return stopped.verdict();
    }
    Holding.Held held = ((Holding.Observed) observation).held();
    Optional<String> tooPrecise = factors.tooPrecise(context.field("amount"), held.decimals());
    if (tooPrecise.isPresent()) {
      return new ConditionVerdict.Refused(tooPrecise.get());
    }
    boolean met =
        new BigDecimal(held.balance()).compareTo(threshold().inBaseUnits(held.decimals())) >= 0;
    return new ConditionVerdict.Decided(
        met, evaluatedCondition(context.keyVersion(), held.decimals()), PayloadValue.object());
  }

  /**
   * {@code {type, chainId, contractAddress, operator: "gte", threshold, multiple, amount}}; the
   * derived threshold is always a canonical decimal string (a product of two numbers need not be
   * one), multiple and amount echo their sent form. v1 adds the token's {@code decimals} after the
   * threshold.
   */
  PayloadValue.Obj evaluatedCondition(KeyVersion key, TokenDecimals decimals) {
    PayloadValue.ObjBuilder shape = factors.begin(type(), chain, asset.contractPayload());
    if (key == KeyVersion.V1) {
      shape.put("decimals", decimals.value());
    }
    return factors.end(shape);
  }
}
