package org.walletstate.domain.attest.condition;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.SuiAddress;
import org.walletstate.domain.address.SuiCoinType;
import org.walletstate.domain.amount.DecimalAmount;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.sui.SuiRead;

/**
 * {@code token_balance} on Sui: the wallet's total balance of a coin type (every coin object and
 * the address balance) against {@code threshold × 10^decimals}, exactly. {@code contractAddress} is
 * a coin type ({@code address::module::Name}, optionally with type arguments) or {@code native}
 * (SUI, 9 decimals). A coin type is compared and signed in its canonical form (64-hex addresses),
 * so the short and long forms name the same coin and give the same {@code conditionHash}. Decimals
 * come from the coin's metadata, read with the balance.
 *
 * @param nativeSui whether {@code contractAddress} was {@code native}
 * @param declaredDecimals the decimals the caller stated, checked against the coin's own
 */
public record SuiTokenBalance(
    Chain chain,
    SuiCoinType coinType,
    boolean nativeSui,
    DecimalAmount threshold,
    Optional<TokenDecimals> declaredDecimals)
    implements SuiCondition {

  public SuiTokenBalance {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(coinType, "coinType");
    Objects.requireNonNull(threshold, "threshold");
    Objects.requireNonNull(declaredDecimals, "declaredDecimals");
  }

  @Override
  public ConditionType type() {
    return TokenBalance.TYPE;
  }

  static SuiTokenBalance parse(Fields fields, KeyVersion key, Chain chain) {
    String text = fields.requiredText("contractAddress");
    boolean nativeSui = text.equals("native");
    SuiCoinType coinType =
        nativeSui ? SuiCoinType.SUI : SuiCoinType.parse(text, fields.path("contractAddress"));
    DecimalAmount threshold =
        DecimalAmount.parse(fields.get("threshold"), fields.path("threshold"), key);
    Optional<TokenDecimals> decimals = Optional.empty();
    if (fields.has("decimals")) {
      TokenDecimals declared =
          TokenDecimals.parseDeclared(fields.get("decimals"), fields.path("decimals"));
      TokenDecimals own = Holding.nativeDecimals(chain);
      if (coinType.isSui() && !declared.equals(own)) {
        throw new ValidationException(
            Holding.decimalsMismatch(fields.path("decimals"), declared, own));
      }
      decimals = Optional.of(declared);
    }
    return new SuiTokenBalance(chain, coinType, nativeSui, threshold, decimals);
  }

  @Override
  public Set<SuiRead<?>> reads(SuiAddress wallet) {
    if (coinType.isSui()) {
      return Set.of(new SuiRead.CoinBalance(wallet, coinType));
    }
    return Set.of(new SuiRead.CoinBalance(wallet, coinType), new SuiRead.CoinDecimals(coinType));
  }

  @Override
  public ConditionVerdict evaluate(EvaluationContext<SuiAddress> context) {
    TokenDecimals decimals;
    if (coinType.isSui()) {
      decimals = Holding.nativeDecimals(chain);
    } else {
      Reading<Integer> read = context.readings().reading(new SuiRead.CoinDecimals(coinType));
      if (!(read instanceof Reading.Value<Integer> value)) {
        return new ConditionVerdict.Unavailable(
            FailureSource.TOKEN_METADATA_READ, "the coin's decimals could not be read");
      }
      decimals = TokenDecimals.of(value.value());
      if (declaredDecimals.isPresent() && !declaredDecimals.get().equals(decimals)) {
        return new ConditionVerdict.Refused(
            Holding.decimalsMismatch(context.field("decimals"), declaredDecimals.get(), decimals));
      }
    }
    Reading<BigInteger> balance =
        context.readings().reading(new SuiRead.CoinBalance(context.wallet(), coinType));
    if (!(balance instanceof Reading.Value<BigInteger> value)) {
      return new ConditionVerdict.Unavailable(
          FailureSource.BALANCE_READ, "coin balance could not be read");
    }
    boolean met = new BigDecimal(value.value()).compareTo(threshold.inBaseUnits(decimals)) >= 0;
    PayloadValue.ObjBuilder shape =
        EvaluatedConditions.begin(type(), chain)
            .put("contractAddress", nativeSui ? "native" : coinType.text())
            .put("operator", "gte")
            .put("threshold", threshold.payload());
    if (context.keyVersion() == KeyVersion.V1) {
      shape.put("decimals", decimals.value());
    }
    return new ConditionVerdict.Decided(met, shape.build(), PayloadValue.object());
  }

  @Override
  public ProofRequirement proof(SuiAddress wallet) {
    return new ProofRequirement.Declined(chain.proofs().declineReason());
  }
}
