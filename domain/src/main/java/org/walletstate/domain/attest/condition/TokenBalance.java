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
import org.walletstate.domain.holding.Balance;
import org.walletstate.domain.holding.ChainHoldings;
import org.walletstate.domain.holding.Held;
import org.walletstate.domain.holding.HoldingRead;
import org.walletstate.domain.holding.HoldingShape;
import org.walletstate.domain.holding.Scale;
import org.walletstate.domain.holding.family.HoldingFamilies;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.request.Fields;

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
    implements Condition<WalletAddress> {

  public static final ConditionType TYPE =
      new ConditionType("token_balance", TokenBalance.class, TokenBalance::parse);

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
  @SuppressWarnings("unchecked")
  public Class<WalletAddress> walletType() {
    return (Class<WalletAddress>) holdings().walletType();
  }

  private ChainHoldings holdings() {
    return HoldingFamilies.on(chain);
  }

  static TokenBalance parse(Fields fields, KeyVersion key) {
    Chain chain = ConditionMembers.holdingChain(fields, TYPE);
    ChainHoldings holdings = HoldingFamilies.on(chain);
    Asset asset = holdings.asset(fields);
    DecimalAmount threshold =
        DecimalAmount.parse(fields.get("threshold"), fields.path("threshold"), key);
    return new TokenBalance(chain, asset, threshold, declared(fields, holdings.scale(asset)));
  }

  /**
   * The decimals the caller states: refused where the token has none, checked at once where the
   * chain fixes them, kept to check against the token's own otherwise.
   */
  static Optional<TokenDecimals> declared(Fields fields, Scale scale) {
    if (!fields.has("decimals")) {
      return Optional.empty();
    }
    if (scale instanceof Scale.Unscaled unscaled) {
      throw new ValidationException(fields.path("decimals") + unscaled.refusal());
    }
    TokenDecimals declared =
        TokenDecimals.parseDeclared(fields.get("decimals"), fields.path("decimals"));
    if (scale instanceof Scale.Fixed fixed && !declared.equals(fixed.decimals())) {
      throw new ValidationException(
          Holding.decimalsMismatch(fields.path("decimals"), declared, fixed.decimals()));
    }
    return Optional.of(declared);
  }

  @Override
  public Set<ChainRead<?>> reads(WalletAddress wallet) {
    return holdings().reads(asset, wallet, true);
  }

  @Override
  public ConditionVerdict evaluate(EvaluationContext<WalletAddress> context) {
    ChainHoldings holdings = holdings();
    HoldingRead<Optional<TokenDecimals>> decimals = holdings.decimals(asset, context.readings());
    if (decimals instanceof HoldingRead.Failed<Optional<TokenDecimals>> failed) {
      return ConditionVerdict.unavailable(failed.failure());
    }
    Optional<TokenDecimals> own = ((HoldingRead.Got<Optional<TokenDecimals>>) decimals).value();
    if (declaredDecimals.isPresent() && own.isPresent() && !declaredDecimals.equals(own)) {
      return new ConditionVerdict.Refused(
          Holding.decimalsMismatch(context.field("decimals"), declaredDecimals.get(), own.get()));
    }
    HoldingRead<Balance> read = holdings.balance(asset, context.wallet(), context.readings());
    if (read instanceof HoldingRead.Failed<Balance> failed) {
      return ConditionVerdict.unavailable(failed.failure());
    }
    Balance balance = ((HoldingRead.Got<Balance>) read).value();
    boolean met = new Held(balance, own).atLeast(threshold.value());
    PayloadValue.Obj shape =
        HoldingShape.condition(
            EvaluatedConditions.begin(type(), chain),
            asset,
            "gte",
            threshold.payload(),
            context.keyVersion() == KeyVersion.V1 ? own : Optional.empty());
    PayloadValue.ObjBuilder extras = PayloadValue.objectBuilder();
    HoldingShape.lineState(balance).ifPresent(state -> extras.put("trustLineState", state));
    return new ConditionVerdict.Decided(met, shape, extras.build());
  }

  @Override
  public ProofRequirement proof(WalletAddress wallet) {
    return holdings().proof(asset, wallet);
  }
}
