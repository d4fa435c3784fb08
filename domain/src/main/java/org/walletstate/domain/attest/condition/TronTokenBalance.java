package org.walletstate.domain.attest.condition;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.TronAddress;
import org.walletstate.domain.amount.DecimalAmount;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.tron.TronRead;

/**
 * {@code token_balance} on Tron: TRX ({@code native}, in sun, 6 decimals) or a TRC-20 token (its
 * T-address, checksum verified; {@code balanceOf} and {@code decimals} read from the token),
 * compared exactly in base units against {@code threshold × 10^decimals}.
 *
 * @param token the TRC-20 token; empty for TRX
 * @param declaredDecimals decimals the caller expects: TRX's 6 checked when parsed, a token's when
 *     read
 */
public record TronTokenBalance(
    Chain chain,
    Optional<TronAddress> token,
    DecimalAmount threshold,
    Optional<TokenDecimals> declaredDecimals)
    implements TronCondition {

  public TronTokenBalance {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(token, "token");
    Objects.requireNonNull(threshold, "threshold");
    Objects.requireNonNull(declaredDecimals, "declaredDecimals");
  }

  @Override
  public ConditionType type() {
    return TokenBalance.TYPE;
  }

  static TronTokenBalance parse(Fields fields, KeyVersion key, Chain chain) {
    String contract = fields.requiredText("contractAddress");
    Optional<TronAddress> token =
        contract.equals("native")
            ? Optional.empty()
            : Optional.of(TronAddress.parse(contract, fields.path("contractAddress")));
    DecimalAmount threshold =
        DecimalAmount.parse(fields.get("threshold"), fields.path("threshold"), key);
    Optional<TokenDecimals> decimals = Optional.empty();
    if (fields.has("decimals")) {
      TokenDecimals declared =
          TokenDecimals.parseDeclared(fields.get("decimals"), fields.path("decimals"));
      TokenDecimals own = Holding.nativeDecimals(chain);
      if (token.isEmpty() && !declared.equals(own)) {
        throw new ValidationException(
            Holding.decimalsMismatch(fields.path("decimals"), declared, own));
      }
      decimals = Optional.of(declared);
    }
    return new TronTokenBalance(chain, token, threshold, decimals);
  }

  @Override
  public Set<TronRead<?>> reads(TronAddress wallet) {
    if (token.isPresent()) {
      return Set.of(
          new TronRead.Trc20Decimals(token.get()), new TronRead.Trc20Balance(token.get(), wallet));
    }
    return Set.of(new TronRead.TrxSun(wallet));
  }

  @Override
  public ConditionVerdict evaluate(EvaluationContext<TronAddress> context) {
    TokenDecimals decimals;
    Reading<BigInteger> balance;
    if (token.isPresent()) {
      Reading<TokenDecimals> read =
          context.readings().reading(new TronRead.Trc20Decimals(token.get()));
      if (!(read instanceof Reading.Value<TokenDecimals> value)) {
        return new ConditionVerdict.Unavailable(
            FailureSource.TOKEN_METADATA_READ, "token decimals could not be read");
      }
      decimals = value.value();
      balance =
          context.readings().reading(new TronRead.Trc20Balance(token.get(), context.wallet()));
    } else {
      decimals = Holding.nativeDecimals(chain);
      balance = context.readings().reading(new TronRead.TrxSun(context.wallet()));
    }
    if (declaredDecimals.isPresent() && !declaredDecimals.get().equals(decimals)) {
      return new ConditionVerdict.Refused(
          Holding.decimalsMismatch(context.field("decimals"), declaredDecimals.get(), decimals));
    }
    if (!(balance instanceof Reading.Value<BigInteger> value)) {
      return new ConditionVerdict.Unavailable(
          FailureSource.BALANCE_READ, "token balance could not be read");
    }
    boolean met = new BigDecimal(value.value()).compareTo(threshold.inBaseUnits(decimals)) >= 0;
    PayloadValue.ObjBuilder shape =
        EvaluatedConditions.begin(type(), chain)
            .put("contractAddress", token.map(TronAddress::text).orElse("native"))
            .put("operator", "gte")
            .put("threshold", threshold.payload());
    if (context.keyVersion() == KeyVersion.V1) {
      shape.put("decimals", decimals.value());
    }
    return new ConditionVerdict.Decided(met, shape.build(), PayloadValue.object());
  }

  @Override
  public ProofRequirement proof(TronAddress wallet) {
    return new ProofRequirement.Declined(chain.proofs().declineReason());
  }
}
