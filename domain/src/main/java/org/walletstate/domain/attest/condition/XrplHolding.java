package org.walletstate.domain.attest.condition;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.XrplAddress;
import org.walletstate.domain.amount.DecimalAmount;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.xrpl.TrustLineHolding;
import org.walletstate.domain.xrpl.XrplRead;

/**
 * The holding rules {@code token_balance} and {@code ratio_to_amount} share on the XRP Ledger.
 *
 * <ul>
 *   <li>XRP ({@code native}): the balance in drops against {@code threshold × 10^6}, exactly; a
 *       declared {@code decimals} must be XRP's 6.
 *   <li>A trust-line token: the holder's line to the issuer in {@code currency}, compared exactly
 *       in the token's own units (trust-line tokens have no decimals on the ledger, so {@code
 *       decimals} is refused). A line the issuer froze, or an issuer with a global freeze, is not
 *       met whatever the balance; the signed result carries {@code trustLineState: {frozen}}.
 * </ul>
 */
final class XrplHolding {

  private XrplHolding() {}

  /** A declared {@code decimals}: refused on a trust line, checked against XRP's own. */
  static Optional<TokenDecimals> declaredDecimals(Fields fields, Chain chain, XrplAsset asset) {
    if (!fields.has("decimals")) {
      return Optional.empty();
    }
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
    return Optional.of(declared);
  }

  static Set<XrplRead<?>> reads(XrplAsset asset, XrplAddress wallet) {
    if (asset instanceof XrplAsset.TrustLine line) {
      return Set.of(
          new XrplRead.TrustLine(wallet, line.issuer(), line.currency()),
          new XrplRead.IssuerFrozen(line.issuer()));
    }
    return Set.of(new XrplRead.XrpDrops(wallet));
  }

  /** What a comparison gave: a verdict, or why the condition could not be decided. */
  sealed interface Outcome permits Compared, Stopped {}

  /**
   * @param frozen for a trust line, whether it was frozen; empty for XRP
   */
  record Compared(boolean met, Optional<Boolean> frozen) implements Outcome {

    /** {@code trustLineState: {frozen}} for a trust line, nothing for XRP. */
    PayloadValue.Obj extras() {
      PayloadValue.ObjBuilder extras = PayloadValue.objectBuilder();
      frozen.ifPresent(
          f -> extras.put("trustLineState", PayloadValue.objectBuilder().put("frozen", f).build()));
      return extras.build();
    }
  }

  record Stopped(ConditionVerdict verdict) implements Outcome {}

  /** Whether the wallet holds at least {@code threshold} of {@code asset}, at the anchor. */
  static Outcome compare(
      Chain chain,
      XrplAsset asset,
      DecimalAmount threshold,
      EvaluationContext<XrplAddress> context) {
    if (asset instanceof XrplAsset.TrustLine line) {
      return compareLine(line, threshold, context);
    }
    Reading<BigInteger> drops = context.readings().reading(new XrplRead.XrpDrops(context.wallet()));
    if (!(drops instanceof Reading.Value<BigInteger> value)) {
      return new Stopped(
          new ConditionVerdict.Unavailable(
              FailureSource.BALANCE_READ, "XRP balance could not be read"));
    }
    TokenDecimals decimals = Holding.nativeDecimals(chain);
    boolean met = new BigDecimal(value.value()).compareTo(threshold.inBaseUnits(decimals)) >= 0;
    return new Compared(met, Optional.empty());
  }

  private static Outcome compareLine(
      XrplAsset.TrustLine line, DecimalAmount threshold, EvaluationContext<XrplAddress> context) {
    Reading<Boolean> issuerFrozen =
        context.readings().reading(new XrplRead.IssuerFrozen(line.issuer()));
    if (!(issuerFrozen instanceof Reading.Value<Boolean> issuer)) {
      return new Stopped(
          new ConditionVerdict.Unavailable(
              FailureSource.TOKEN_METADATA_READ, "the token issuer's account could not be read"));
    }
    Reading<TrustLineHolding> held =
        context
            .readings()
            .reading(new XrplRead.TrustLine(context.wallet(), line.issuer(), line.currency()));
    if (!(held instanceof Reading.Value<TrustLineHolding> holding)) {
      return new Stopped(
          new ConditionVerdict.Unavailable(
              FailureSource.BALANCE_READ, "trust line balance could not be read"));
    }
    boolean frozen = issuer.value() || holding.value().frozen();
    boolean met = !frozen && holding.value().balance().compareTo(threshold.value()) >= 0;
    return new Compared(met, Optional.of(frozen));
  }
}
