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
 * {@code ratio_to_amount} on Solana: the wallet holds at least {@code multiple × amount} display
 * units of SOL or an SPL mint; the rules and the signed shape are those of the EVM form.
 */
public record SolanaRatioToAmount(
    Chain chain, SolanaAsset asset, RatioFactors factors, Optional<TokenDecimals> declaredDecimals)
    implements SolanaCondition {

  public SolanaRatioToAmount {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(asset, "asset");
    Objects.requireNonNull(factors, "factors");
    Objects.requireNonNull(declaredDecimals, "declaredDecimals");
  }

  @Override
  public ConditionType type() {
    return RatioToAmount.TYPE;
  }

  /** The derived minimum balance, {@code multiple × amount}, in display units. */
  public DecimalAmount threshold() {
    return factors.threshold();
  }

  static SolanaRatioToAmount parse(Fields fields, KeyVersion key, Chain chain) {
    SolanaAsset asset = SolanaHolding.asset(fields, RatioToAmount.TYPE, true);
    RatioFactors factors = RatioFactors.parse(fields, key);
    Optional<TokenDecimals> decimals = SolanaHolding.declaredDecimals(fields, chain, asset);
    if (asset instanceof SolanaAsset.Native) {
      factors.refuseTooPreciseNative(fields, chain);
    }
    return new SolanaRatioToAmount(chain, asset, factors, decimals);
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
    Optional<String> tooPrecise = factors.tooPrecise(context.field("amount"), held.decimals());
    if (tooPrecise.isPresent()) {
      return new ConditionVerdict.Refused(tooPrecise.get());
    }
    boolean met =
        new BigDecimal(held.balance()).compareTo(threshold().inBaseUnits(held.decimals())) >= 0;
    PayloadValue.ObjBuilder shape = factors.begin(type(), chain, asset.contractAddress());
    if (context.keyVersion() == KeyVersion.V1) {
      shape.put("decimals", held.decimals().value());
    }
    return new ConditionVerdict.Decided(met, factors.end(shape), PayloadValue.object());
  }

  @Override
  public ProofRequirement proof(SolanaAddress wallet) {
    return SolanaCondition.noProof(chain);
  }
}
