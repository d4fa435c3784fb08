package org.walletstate.domain.attest.condition;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.StellarAddress;
import org.walletstate.domain.amount.DecimalAmount;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.stellar.StellarRead;
import org.walletstate.domain.stellar.StellarTrustLine;

/**
 * {@code token_balance} on Stellar's classic ledger. XLM ({@code native}) and every issued asset
 * have 7 decimals: the balance in stroops is compared with {@code threshold × 10^7}, exactly.
 *
 * <ul>
 *   <li>XLM: the account's native balance (0 for an account that does not exist).
 *   <li>An issued asset: the holder's trustline to {@code contractAddress} (the issuer) in {@code
 *       assetCode}. A line the issuer has not fully authorised ({@code is_authorized: false},
 *       including lines that may only maintain liabilities) holds nothing that counts: the holder
 *       cannot move it, so the condition is not met whatever its balance.
 *   <li>Soroban contract balances are not visible.
 * </ul>
 *
 * @param declaredDecimals the decimals the caller stated, checked against 7 when parsed
 */
public record StellarTokenBalance(
    Chain chain,
    StellarAsset asset,
    DecimalAmount threshold,
    Optional<TokenDecimals> declaredDecimals)
    implements StellarCondition {

  public StellarTokenBalance {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(asset, "asset");
    Objects.requireNonNull(threshold, "threshold");
    Objects.requireNonNull(declaredDecimals, "declaredDecimals");
  }

  @Override
  public ConditionType type() {
    return TokenBalance.TYPE;
  }

  static StellarTokenBalance parse(Fields fields, KeyVersion key, Chain chain) {
    StellarAsset asset = StellarAsset.parse(fields);
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
    return new StellarTokenBalance(chain, asset, threshold, decimals);
  }

  @Override
  public Set<StellarRead<?>> reads(StellarAddress wallet) {
    if (asset instanceof StellarAsset.Issued issued) {
      return Set.of(new StellarRead.TrustLine(wallet, issued.issuer(), issued.code()));
    }
    return Set.of(new StellarRead.LumenStroops(wallet));
  }

  @Override
  public ConditionVerdict evaluate(EvaluationContext<StellarAddress> context) {
    BigInteger stroops;
    if (asset instanceof StellarAsset.Issued issued) {
      Reading<StellarTrustLine> line =
          context
              .readings()
              .reading(new StellarRead.TrustLine(context.wallet(), issued.issuer(), issued.code()));
      if (!(line instanceof Reading.Value<StellarTrustLine> value)) {
        return new ConditionVerdict.Unavailable(
            FailureSource.BALANCE_READ, "trustline balance could not be read");
      }
      stroops = value.value().authorized() ? value.value().stroops() : BigInteger.ZERO;
    } else {
      Reading<BigInteger> lumens =
          context.readings().reading(new StellarRead.LumenStroops(context.wallet()));
      if (!(lumens instanceof Reading.Value<BigInteger> value)) {
        return new ConditionVerdict.Unavailable(
            FailureSource.BALANCE_READ, "XLM balance could not be read");
      }
      stroops = value.value();
    }
    TokenDecimals decimals = Holding.nativeDecimals(chain);
    boolean met = new BigDecimal(stroops).compareTo(threshold.inBaseUnits(decimals)) >= 0;
    PayloadValue.ObjBuilder shape =
        EvaluatedConditions.begin(type(), chain)
            .put("contractAddress", PayloadValue.text(asset.contractAddress()))
            .put("operator", "gte")
            .put("threshold", threshold.payload());
    if (asset instanceof StellarAsset.Issued issued) {
      shape.put("assetCode", issued.code().text());
    }
    if (context.keyVersion() == KeyVersion.V1) {
      shape.put("decimals", decimals.value());
    }
    return new ConditionVerdict.Decided(met, shape.build(), PayloadValue.object());
  }

  @Override
  public ProofRequirement proof(StellarAddress wallet) {
    return StellarCondition.noProof(chain);
  }
}
