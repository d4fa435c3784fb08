package org.walletstate.domain.attest.condition;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.amount.DecimalAmount;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.holding.Held;
import org.walletstate.domain.holding.family.HoldingFamilies;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofRequirement;

/**
 * {@code ratio_to_amount}: the wallet holds at least {@code multiple × amount} display units (for
 * instance a balance of at least three times a purchase amount). The product is exact and compared
 * in the balance's own units, through the holdings kernel (EVM, Solana and the XRP Ledger carry it;
 * a frozen XRPL line is not met and carries {@code trustLineState}). {@code amount} is in the
 * token's display units and may not have more decimal places than the token; {@code multiple} may
 * have any.
 *
 * @param chain where the balance is read
 * @param asset native, a token, or an XRPL trust-line token
 * @param factors {@code multiple} and {@code amount}
 * @param declaredDecimals decimals the caller expects, checked against the token's own
 */
public record RatioToAmount(
    Chain chain, Asset asset, RatioFactors factors, Optional<TokenDecimals> declaredDecimals)
    implements HoldingCondition {

  public static final ConditionType TYPE =
      new ConditionType("ratio_to_amount", RatioToAmount.class);

  // Null checks written out by design: a record validates its own components on construction.
  public RatioToAmount {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(asset, "asset");
    Objects.requireNonNull(factors, "factors");
    Objects.requireNonNull(declaredDecimals, "declaredDecimals");
    Holding.checkDeclared(chain, asset, declaredDecimals);
    if (asset instanceof Asset.Native) {
      factors
          .tooPrecise("amount", Holding.nativeDecimals(chain))
          .ifPresent(
              refusal -> {
                throw new ValidationException(refusal);
              });
    }
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
  public Set<ChainRead<?>> reads(WalletAddress wallet) {
    return HoldingFamilies.on(chain).reads(asset, wallet, true);
  }

  @Override
  public ProofRequirement proof(WalletAddress wallet) {
    return HoldingFamilies.on(chain).proof(asset, wallet);
  }

  @Override
  public ConditionVerdict evaluate(EvaluationContext<WalletAddress> context) {
    return Holding.decide(chain, asset, declaredDecimals, context, held -> decided(context, held));
  }

  private ConditionVerdict decided(EvaluationContext<WalletAddress> context, Held held) {
    if (held.decimals().isPresent()) {
      Optional<String> tooPrecise =
          factors.tooPrecise(context.field("amount"), held.decimals().get());
      if (tooPrecise.isPresent()) {
        return new ConditionVerdict.Refused(tooPrecise.get());
      }
    }
    return new ConditionVerdict.Decided(
        held.atLeast(threshold().value()),
        evaluatedCondition(context.keyVersion(), held),
        Holding.extras(held));
  }

  /**
   * {@code {type, chainId, contractAddress, operator: "gte", threshold, [currency], multiple,
   * amount}}; the derived threshold is always a canonical decimal string (a product of two numbers
   * need not be one), multiple and amount echo their sent form. v1 adds the token's {@code
   * decimals} after the threshold where it has them.
   */
  PayloadValue.Obj evaluatedCondition(KeyVersion key, Held held) {
    PayloadValue.ObjBuilder shape = factors.begin(type(), chain, asset.contractPayload());
    if (asset instanceof Asset.Issued issued) {
      shape.put(issued.codeMember(), issued.code());
    }
    Holding.v1Decimals(key, held).ifPresent(d -> shape.put("decimals", d.value()));
    return factors.end(shape);
  }
}
