package org.walletstate.domain.attest.condition;

import java.math.BigDecimal;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.ValidationException;
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
    Chain chain,
    SolanaAsset asset,
    DecimalAmount multiple,
    DecimalAmount amount,
    Optional<TokenDecimals> declaredDecimals)
    implements SolanaCondition {

  public SolanaRatioToAmount {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(asset, "asset");
    Objects.requireNonNull(multiple, "multiple");
    Objects.requireNonNull(amount, "amount");
    Objects.requireNonNull(declaredDecimals, "declaredDecimals");
  }

  @Override
  public ConditionType type() {
    return RatioToAmount.TYPE;
  }

  /** The derived minimum balance, {@code multiple × amount}, in display units. */
  public DecimalAmount threshold() {
    return new DecimalAmount(multiple.value().multiply(amount.value()), false);
  }

  static SolanaRatioToAmount parse(Fields fields, KeyVersion key, Chain chain) {
    SolanaAsset asset = SolanaHolding.asset(fields, RatioToAmount.TYPE, true);
    DecimalAmount multiple =
        DecimalAmount.parse(fields.get("multiple"), fields.path("multiple"), key);
    DecimalAmount amount = DecimalAmount.parse(fields.get("amount"), fields.path("amount"), key);
    Optional<TokenDecimals> decimals = SolanaHolding.declaredDecimals(fields, chain, asset);
    if (asset instanceof SolanaAsset.Native) {
      TokenDecimals own = Holding.nativeDecimals(chain);
      if (amount.decimalPlaces() > own.value()) {
        throw new ValidationException(
            Holding.tooPrecise(fields.path("amount"), amount.canonical(), own));
      }
    }
    return new SolanaRatioToAmount(chain, asset, multiple, amount, decimals);
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
    if (amount.decimalPlaces() > held.decimals().value()) {
      return new ConditionVerdict.Refused(
          Holding.tooPrecise(context.field("amount"), amount.canonical(), held.decimals()));
    }
    boolean met =
        new BigDecimal(held.balance()).compareTo(threshold().inBaseUnits(held.decimals())) >= 0;
    PayloadValue.ObjBuilder shape =
        EvaluatedConditions.begin(type(), chain)
            .put("contractAddress", asset.contractAddress())
            .put("operator", "gte")
            .put("threshold", threshold().canonical());
    if (context.keyVersion() == KeyVersion.V1) {
      shape.put("decimals", held.decimals().value());
    }
    shape.put("multiple", multiple.payload()).put("amount", amount.payload());
    return new ConditionVerdict.Decided(met, shape.build(), PayloadValue.object());
  }

  @Override
  public ProofRequirement proof(SolanaAddress wallet) {
    return SolanaCondition.noProof(chain);
  }
}
