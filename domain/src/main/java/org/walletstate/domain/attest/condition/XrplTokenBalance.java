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
 * {@code token_balance} on the XRP Ledger, by the holding rules of {@link XrplHolding}:
 *
 * <ul>
 *   <li>XRP ({@code native}): the balance in drops against {@code threshold × 10^6}, exactly.
 *   <li>A trust-line token: the holder's line to the issuer in {@code currency}, compared exactly
 *       in the token's own units (trust-line tokens have no decimals on the ledger). A line the
 *       issuer froze, or an issuer with a global freeze, gives {@code met: false} whatever the
 *       balance. The signed result carries {@code trustLineState: {frozen}} beside the condition.
 * </ul>
 *
 * @param declaredDecimals for XRP only: checked against its 6 decimals when parsed
 */
public record XrplTokenBalance(
    Chain chain, XrplAsset asset, DecimalAmount threshold, Optional<TokenDecimals> declaredDecimals)
    implements XrplCondition {

  public XrplTokenBalance {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(asset, "asset");
    Objects.requireNonNull(threshold, "threshold");
    Objects.requireNonNull(declaredDecimals, "declaredDecimals");
  }

  @Override
  public ConditionType type() {
    return TokenBalance.TYPE;
  }

  static XrplTokenBalance parse(Fields fields, KeyVersion key, Chain chain) {
    XrplAsset asset = XrplAsset.parse(fields);
    DecimalAmount threshold =
        DecimalAmount.parse(fields.get("threshold"), fields.path("threshold"), key);
    return new XrplTokenBalance(
        chain, asset, threshold, XrplHolding.declaredDecimals(fields, chain, asset));
  }

  @Override
  public Set<XrplRead<?>> reads(XrplAddress wallet) {
    return XrplHolding.reads(asset, wallet);
  }

  @Override
  public ConditionVerdict evaluate(EvaluationContext<XrplAddress> context) {
    XrplHolding.Outcome outcome = XrplHolding.compare(chain, asset, threshold, context);
    if (outcome instanceof XrplHolding.Stopped stopped) {
      return stopped.verdict();
    }
    XrplHolding.Compared compared = (XrplHolding.Compared) outcome;
    PayloadValue.ObjBuilder shape = begin();
    if (asset instanceof XrplAsset.TrustLine line) {
      shape.put("currency", line.currency().entered());
    } else if (context.keyVersion() == KeyVersion.V1) {
      shape.put("decimals", Holding.nativeDecimals(chain).value());
    }
    return new ConditionVerdict.Decided(compared.met(), shape.build(), compared.extras());
  }

  private PayloadValue.ObjBuilder begin() {
    return EvaluatedConditions.begin(type(), chain)
        .put("contractAddress", asset.contractAddress())
        .put("operator", "gte")
        .put("threshold", threshold.payload());
  }

  @Override
  public ProofRequirement proof(XrplAddress wallet) {
    return XrplCondition.noProof(chain);
  }
}
