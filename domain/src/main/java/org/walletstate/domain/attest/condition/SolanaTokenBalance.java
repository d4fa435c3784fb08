package org.walletstate.domain.attest.condition;

import java.math.BigDecimal;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.amount.DecimalAmount;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.solana.SolanaRead;

/**
 * {@code token_balance} on Solana: the wallet holds at least {@code threshold} display units of SOL
 * or of an SPL mint, compared exactly in base units as on EVM. The signed shape is the EVM one with
 * the mint (or {@code native}) as {@code contractAddress}.
 *
 * @param chain solana
 * @param asset SOL or a mint
 * @param threshold minimum balance in display units
 * @param declaredDecimals decimals the caller expects, checked against the mint's own
 */
public record SolanaTokenBalance(
    Chain chain,
    SolanaAsset asset,
    DecimalAmount threshold,
    Optional<TokenDecimals> declaredDecimals)
    implements SolanaCondition {

  public SolanaTokenBalance {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(asset, "asset");
    Objects.requireNonNull(threshold, "threshold");
    Objects.requireNonNull(declaredDecimals, "declaredDecimals");
  }

  @Override
  public ConditionType type() {
    return TokenBalance.TYPE;
  }

  static SolanaTokenBalance parse(Fields fields, KeyVersion key, Chain chain) {
    SolanaAsset asset = SolanaHolding.asset(fields, TokenBalance.TYPE, true);
    DecimalAmount threshold =
        DecimalAmount.parse(fields.get("threshold"), fields.path("threshold"), key);
    Optional<TokenDecimals> decimals = SolanaHolding.declaredDecimals(fields, chain, asset);
    return new SolanaTokenBalance(chain, asset, threshold, decimals);
  }

  @Override
  public Set<SolanaRead<?>> reads(SolanaAddress wallet) {
    return SolanaHolding.reads(asset, wallet);
  }

  @Override
  public ConditionVerdict evaluate(EvaluationContext<SolanaAddress> context) {
    Holding.Observation observation =
        SolanaHolding.observe(chain, asset, declaredDecimals, context);
    if (observation instanceof Holding.Stopped stopped) {
      return stopped.verdict();
    }
    Holding.Held held = ((Holding.Observed) observation).held();
    boolean met =
        new BigDecimal(held.balance()).compareTo(threshold.inBaseUnits(held.decimals())) >= 0;
    PayloadValue.ObjBuilder shape =
        EvaluatedConditions.begin(type(), chain)
            .put("contractAddress", asset.contractAddress())
            .put("operator", "gte")
            .put("threshold", threshold.payload());
    if (context.keyVersion() == KeyVersion.V1) {
      shape.put("decimals", held.decimals().value());
    }
    return new ConditionVerdict.Decided(met, shape.build(), PayloadValue.object());
  }

  @Override
  public ProofRequirement proof(SolanaAddress wallet) {
    return SolanaCondition.noProof(chain);
  }
}
