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
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.request.Fields;

/**
 * {@code token_balance}: the wallet holds at least {@code threshold} display units of the asset.
 * Compared exactly in base units: met iff {@code balance >= threshold × 10^decimals}. A threshold
 * finer than the token's decimals is simply a larger request (1.0000001 of a 6-decimal token needs
 * 1000001 base units), and a base-unit value sent as threshold asks for that many whole tokens.
 *
 * @param chain an EVM chain
 * @param asset native or an ERC-20 token
 * @param threshold minimum balance in display units
 * @param declaredDecimals decimals the caller expects, checked against the token's own
 */
public record TokenBalance(
    Chain chain, Asset asset, DecimalAmount threshold, Optional<TokenDecimals> declaredDecimals)
    implements EvmCondition {

  public static final ConditionType TYPE =
      new ConditionType(
          "token_balance",
          TokenBalance.class,
          TokenBalance::parseAny,
          List.of(
              SolanaTokenBalance.class,
              XrplTokenBalance.class,
              BitcoinTokenBalance.class,
              TronTokenBalance.class,
              StellarTokenBalance.class,
              SuiTokenBalance.class));

  public TokenBalance {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(asset, "asset");
    Objects.requireNonNull(threshold, "threshold");
    Objects.requireNonNull(declaredDecimals, "declaredDecimals");
  }

  @Override
  public ConditionType type() {
    return TYPE;
  }

  @Override
  public Set<EvmRead<?>> reads(EvmAddress wallet) {
    return Holding.reads(asset, wallet);
  }

  /** The form of the condition's chain: EVM, Solana, XRPL, Bitcoin or Tron. */
  static Condition<?> parseAny(Fields fields, KeyVersion key) {
    Chain chain = ConditionMembers.holdingChain(fields, TYPE);
    switch (chain.family()) {
      case SOLANA:
        return SolanaTokenBalance.parse(fields, key, chain);
      case XRPL:
        return XrplTokenBalance.parse(fields, key, chain);
      case BITCOIN:
        return BitcoinTokenBalance.parse(fields, key, chain);
      case TRON:
        return TronTokenBalance.parse(fields, key, chain);
      case STELLAR:
        return StellarTokenBalance.parse(fields, key, chain);
      case SUI:
        return SuiTokenBalance.parse(fields, key, chain);
      default:
        return parse(fields, key, chain);
    }
  }

  static TokenBalance parse(Fields fields, KeyVersion key, Chain chain) {
    Asset asset = ConditionMembers.asset(fields, TYPE, true);
    DecimalAmount threshold =
        DecimalAmount.parse(fields.get("threshold"), fields.path("threshold"), key);
    Optional<TokenDecimals> decimals = ConditionMembers.declaredDecimals(fields, chain, asset);
    return new TokenBalance(chain, asset, threshold, decimals);
  }

  @Override
  public ProofRequirement proof(EvmAddress wallet) {
    return Holding.proof(asset, wallet);
  }

  @Override
  public ConditionVerdict evaluate(EvaluationContext<EvmAddress> context) {
    Holding.Observation observation = Holding.observe(chain, asset, declaredDecimals, context);
    if (observation instanceof Holding.Stopped stopped) {
      return stopped.verdict();
    }
    Holding.Held held = ((Holding.Observed) observation).held();
    boolean met =
        new BigDecimal(held.balance()).compareTo(threshold.inBaseUnits(held.decimals())) >= 0;
    return new ConditionVerdict.Decided(
        met, evaluatedCondition(context.keyVersion(), held.decimals()), PayloadValue.object());
  }

  /**
   * v2: {@code {type, chainId, contractAddress, operator: "gte", threshold}} with the threshold as
   * its canonical decimal string. v1 adds the token's {@code decimals} and keeps a numeric
   * threshold a number.
   */
  PayloadValue.Obj evaluatedCondition(KeyVersion key, TokenDecimals decimals) {
    PayloadValue.ObjBuilder shape =
        EvaluatedConditions.begin(type(), chain)
            .put("contractAddress", asset.contractAddress())
            .put("operator", "gte")
            .put("threshold", threshold.payload());
    if (key == KeyVersion.V1) {
      shape.put("decimals", decimals.value());
    }
    return shape.build();
  }
}
