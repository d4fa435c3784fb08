package org.walletstate.domain.attest.condition;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.address.XrplAddress;
import org.walletstate.domain.amount.DecimalAmount;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.xrpl.XrplRead;

/**
 * {@code ratio_to_amount} on the XRP Ledger: the wallet holds at least {@code multiple × amount} of
 * XRP or of a trust-line token, by {@code token_balance}'s rules ({@link XrplHolding}): XRP exactly
 * in drops (an {@code amount} finer than a drop is 400), a trust line exactly in the token's own
 * units, a frozen line never met, {@code trustLineState} signed beside the condition. The signed
 * shape is the EVM form's, with {@code currency} for a trust line.
 */
public record XrplRatioToAmount(
    Chain chain, XrplAsset asset, RatioFactors factors, Optional<TokenDecimals> declaredDecimals)
    implements XrplCondition {

  public XrplRatioToAmount {
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

  static XrplRatioToAmount parse(Fields fields, KeyVersion key, Chain chain) {
    XrplAsset asset = XrplAsset.parse(fields);
    RatioFactors factors = RatioFactors.parse(fields, key);
    Optional<TokenDecimals> decimals = XrplHolding.declaredDecimals(fields, chain, asset);
    if (asset instanceof XrplAsset.Native) {
      factors.refuseTooPreciseNative(fields, chain);
    }
    return new XrplRatioToAmount(chain, asset, factors, decimals);
  }

  @Override
  public Set<XrplRead<?>> reads(XrplAddress wallet) {
    return XrplHolding.reads(asset, wallet);
  }

  @Override
  public ConditionVerdict evaluate(EvaluationContext<XrplAddress> context) {
    XrplHolding.Outcome outcome = XrplHolding.compare(chain, asset, threshold(), context);
    if (outcome instanceof XrplHolding.Stopped stopped) {
      return stopped.verdict();
    }
    XrplHolding.Compared compared = (XrplHolding.Compared) outcome;
    PayloadValue.ObjBuilder shape = factors.begin(type(), chain, asset.contractAddress());
    if (asset instanceof XrplAsset.TrustLine line) {
      shape.put("currency", line.currency().entered());
    } else if (context.keyVersion() == KeyVersion.V1) {
      shape.put("decimals", Holding.nativeDecimals(chain).value());
    }
    return new ConditionVerdict.Decided(compared.met(), factors.end(shape), compared.extras());
  }

  @Override
  public ProofRequirement proof(XrplAddress wallet) {
    return XrplCondition.noProof(chain);
  }
}
