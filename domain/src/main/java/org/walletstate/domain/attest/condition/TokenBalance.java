package org.walletstate.domain.attest.condition;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.amount.DecimalAmount;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.holding.ChainHoldings;
import org.walletstate.domain.holding.Held;
import org.walletstate.domain.holding.HoldingShape;
import org.walletstate.domain.holding.family.HoldingFamilies;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofRequirement;

/**
 * {@code token_balance}: the wallet holds at least {@code threshold} display units of the asset, on
 * a chain of any family whose holdings are registered. Compared exactly in the balance's own units:
 * met iff the holding is usable and {@code balance >= threshold × 10^decimals} (a trust-line token
 * without decimals compares its own units). A threshold finer than the token's decimals is simply a
 * larger request (1.0000001 of a 6-decimal token needs 1000001 base units), and a base-unit value
 * sent as threshold asks for that many whole tokens.
 *
 * <p>What is read and how it becomes a balance is the family's ({@link HoldingFamilies}): a frozen
 * XRPL trust line is not met whatever it holds and the result carries {@code trustLineState
 * {frozen}} beside the condition; a Stellar line the issuer has not authorised holds nothing.
 *
 * @param chain where the balance is read
 * @param asset native, a token contract, or an issued asset
 * @param threshold minimum balance in display units
 * @param declaredDecimals decimals the caller expects: checked when parsed where the chain fixes
 *     them, against the token's own when read
 */
public record TokenBalance(
    Chain chain, Asset asset, DecimalAmount threshold, Optional<TokenDecimals> declaredDecimals)
    implements HoldingCondition {

  public static final ConditionType TYPE = new ConditionType("token_balance", TokenBalance.class);

  // Null checks written out by design: a record validates its own components on construction.
  public TokenBalance {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(asset, "asset");
    Objects.requireNonNull(threshold, "threshold");
    Objects.requireNonNull(declaredDecimals, "declaredDecimals");
    Holding.checkDeclared(chain, asset, declaredDecimals);
  }

  @Override
  public ConditionType type() {
    return TYPE;
  }

  private ChainHoldings holdings() {
    return HoldingFamilies.on(chain);
  }

  @Override
  public Set<ChainRead<?>> reads(WalletAddress wallet) {
    return holdings().reads(asset, wallet, true);
  }

  @Override
  public ConditionVerdict evaluate(EvaluationContext<WalletAddress> context) {
    return Holding.decide(
        chain, asset, declaredDecimals, context, held -> decided(context.keyVersion(), held));
  }

  private ConditionVerdict decided(KeyVersion key, Held held) {
    PayloadValue.Obj shape =
        HoldingShape.condition(
            EvaluatedConditions.begin(type(), chain),
            asset,
            "gte",
            threshold.payload(),
            Holding.v1Decimals(key, held));
    return new ConditionVerdict.Decided(
        held.atLeast(threshold.value()), shape, Holding.extras(held));
  }

  @Override
  public ProofRequirement proof(WalletAddress wallet) {
    return holdings().proof(asset, wallet);
  }
}
