package org.walletstate.domain.attest.condition;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.BitcoinAddress;
import org.walletstate.domain.amount.DecimalAmount;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.bitcoin.BitcoinRead;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.request.Fields;

/**
 * {@code token_balance} on Bitcoin: only BTC ({@code contractAddress: "native"}). The wallet's
 * confirmed balance in satoshis is compared with {@code threshold × 10^8}, exactly. Unconfirmed
 * (mempool) funds do not count: they can still be replaced or dropped.
 *
 * @param declaredDecimals checked against BTC's 8 decimals when parsed
 */
public record BitcoinTokenBalance(
    Chain chain, DecimalAmount threshold, Optional<TokenDecimals> declaredDecimals)
    implements BitcoinCondition {

  public BitcoinTokenBalance {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(threshold, "threshold");
    Objects.requireNonNull(declaredDecimals, "declaredDecimals");
  }

  @Override
  public ConditionType type() {
    return TokenBalance.TYPE;
  }

  static BitcoinTokenBalance parse(Fields fields, KeyVersion key, Chain chain) {
    String contract = fields.requiredText("contractAddress");
    if (!contract.equals("native")) {
      throw new ValidationException(
          fields.path("contractAddress")
              + " must be native on bitcoin: only BTC balances are supported there");
    }
    DecimalAmount threshold =
        DecimalAmount.parse(fields.get("threshold"), fields.path("threshold"), key);
    Optional<TokenDecimals> decimals = Optional.empty();
    if (fields.has("decimals")) {
      TokenDecimals declared =
          TokenDecimals.parseDeclared(fields.get("decimals"), fields.path("decimals"));
      TokenDecimals own = Holding.nativeDecimals(chain);
      if (!declared.equals(own)) {
        throw new ValidationException(
            Holding.decimalsMismatch(fields.path("decimals"), declared, own));
      }
      decimals = Optional.of(declared);
    }
    return new BitcoinTokenBalance(chain, threshold, decimals);
  }

  @Override
  public Set<BitcoinRead<?>> reads(BitcoinAddress wallet) {
    return Set.of(new BitcoinRead.ConfirmedSats(wallet));
  }

  @Override
  public ConditionVerdict evaluate(EvaluationContext<BitcoinAddress> context) {
    Reading<BigInteger> sats =
        context.readings().reading(new BitcoinRead.ConfirmedSats(context.wallet()));
    if (!(sats instanceof Reading.Value<BigInteger> value)) {
      return new ConditionVerdict.Unavailable(
          FailureSource.BALANCE_READ, "BTC balance could not be read");
    }
    TokenDecimals decimals = Holding.nativeDecimals(chain);
    boolean met = new BigDecimal(value.value()).compareTo(threshold.inBaseUnits(decimals)) >= 0;
    PayloadValue.ObjBuilder shape =
        EvaluatedConditions.begin(type(), chain)
            .put("contractAddress", "native")
            .put("operator", "gte")
            .put("threshold", threshold.payload());
    if (context.keyVersion() == KeyVersion.V1) {
      shape.put("decimals", decimals.value());
    }
    return new ConditionVerdict.Decided(met, shape.build(), PayloadValue.object());
  }

  @Override
  public ProofRequirement proof(BitcoinAddress wallet) {
    return new ProofRequirement.Declined(chain.proofs().declineReason());
  }
}
