package org.walletstate.domain.attest.condition;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.XrplAddress;
import org.walletstate.domain.amount.DecimalAmount;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.xrpl.TrustLineHolding;
import org.walletstate.domain.xrpl.XrplRead;

/**
 * {@code token_balance} on the XRP Ledger.
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
    Optional<TokenDecimals> decimals = Optional.empty();
    if (fields.has("decimals")) {
      if (asset instanceof XrplAsset.TrustLine) {
        throw new ValidationException(
            fields.path("decimals")
                + " does not apply: XRPL trust-line tokens have no decimals on the ledger (amounts"
                + " are in the token's own units); leave it out");
      }
      TokenDecimals declared =
          TokenDecimals.parseDeclared(fields.get("decimals"), fields.path("decimals"));
      TokenDecimals own = Holding.nativeDecimals(chain);
      if (!declared.equals(own)) {
        throw new ValidationException(
            Holding.decimalsMismatch(fields.path("decimals"), declared, own));
      }
      decimals = Optional.of(declared);
    }
    return new XrplTokenBalance(chain, asset, threshold, decimals);
  }

  @Override
  public Set<XrplRead<?>> reads(XrplAddress wallet) {
    if (asset instanceof XrplAsset.TrustLine line) {
      return Set.of(
          new XrplRead.TrustLine(wallet, line.issuer(), line.currency()),
          new XrplRead.IssuerFrozen(line.issuer()));
    }
    return Set.of(new XrplRead.XrpDrops(wallet));
  }

  @Override
  public ConditionVerdict evaluate(EvaluationContext<XrplAddress> context) {
    if (asset instanceof XrplAsset.TrustLine line) {
      return evaluateLine(context, line);
    }
    Reading<BigInteger> drops = context.readings().reading(new XrplRead.XrpDrops(context.wallet()));
    if (!(drops instanceof Reading.Value<BigInteger> value)) {
      return new ConditionVerdict.Unavailable(
          FailureSource.BALANCE_READ, "XRP balance could not be read");
    }
    TokenDecimals decimals = Holding.nativeDecimals(chain);
    boolean met = new BigDecimal(value.value()).compareTo(threshold.inBaseUnits(decimals)) >= 0;
    PayloadValue.ObjBuilder shape = begin();
    if (context.keyVersion() == KeyVersion.V1) {
      shape.put("decimals", decimals.value());
    }
    return new ConditionVerdict.Decided(met, shape.build(), PayloadValue.object());
  }

  private ConditionVerdict evaluateLine(
      EvaluationContext<XrplAddress> context, XrplAsset.TrustLine line) {
    Reading<Boolean> issuerFrozen =
        context.readings().reading(new XrplRead.IssuerFrozen(line.issuer()));
    if (!(issuerFrozen instanceof Reading.Value<Boolean> issuer)) {
      return new ConditionVerdict.Unavailable(
          FailureSource.TOKEN_METADATA_READ, "the token issuer's account could not be read");
    }
    Reading<TrustLineHolding> held =
        context
            .readings()
            .reading(new XrplRead.TrustLine(context.wallet(), line.issuer(), line.currency()));
    if (!(held instanceof Reading.Value<TrustLineHolding> holding)) {
      return new ConditionVerdict.Unavailable(
          FailureSource.BALANCE_READ, "trust line balance could not be read");
    }
    boolean frozen = issuer.value() || holding.value().frozen();
    boolean met = !frozen && holding.value().balance().compareTo(threshold.value()) >= 0;
    PayloadValue.Obj shape = begin().put("currency", line.currency().entered()).build();
    PayloadValue.Obj extras =
        PayloadValue.objectBuilder()
            .put("trustLineState", PayloadValue.objectBuilder().put("frozen", frozen).build())
            .build();
    return new ConditionVerdict.Decided(met, shape, extras);
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
