package org.walletstate.domain.attest.condition;

import java.math.BigInteger;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.address.SolanaMint;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.solana.SolanaRead;

/**
 * A Solana wallet's holding, as the balance conditions read it: lamports for SOL (9 decimals), or
 * the sum of the raw amounts of every token account the wallet owns for a mint, with the mint's own
 * decimals. A stated {@code decimals} is checked against them, as on EVM.
 */
final class SolanaHolding {

  private SolanaHolding() {}

  static SolanaAsset asset(Fields fields, ConditionType type, boolean nativeAllowed) {
    String text = fields.requiredText("contractAddress");
    if (text.equals("native")) {
      if (!nativeAllowed) {
        throw new ValidationException(
            fields.path("contractAddress")
                + " native is not allowed on "
                + type.wireName()
                + " (native is valid only for token_balance and ratio_to_amount)");
      }
      return new SolanaAsset.Native();
    }
    return new SolanaAsset.Mint(SolanaMint.parse(text, fields.path("contractAddress")));
  }

  /** The decimals the caller states; SOL's are known now, so a mismatch is refused at once. */
  static Optional<TokenDecimals> declaredDecimals(Fields fields, Chain chain, SolanaAsset asset) {
    if (!fields.has("decimals")) {
      return Optional.empty();
    }
    TokenDecimals declared =
        TokenDecimals.parseDeclared(fields.get("decimals"), fields.path("decimals"));
    if (asset instanceof SolanaAsset.Native) {
      TokenDecimals own = Holding.nativeDecimals(chain);
      if (!declared.equals(own)) {
        throw new ValidationException(
            Holding.decimalsMismatch(fields.path("decimals"), declared, own));
      }
    }
    return Optional.of(declared);
  }

  static Set<SolanaRead<?>> reads(SolanaAsset asset, SolanaAddress wallet) {
    Set<SolanaRead<?>> reads = new LinkedHashSet<>();
    if (asset instanceof SolanaAsset.Mint mint) {
      reads.add(new SolanaRead.MintDecimals(mint.mint()));
      reads.add(new SolanaRead.TokenAmount(wallet, mint.mint()));
    } else {
      reads.add(new SolanaRead.Lamports(wallet));
    }
    return reads;
  }

  static Holding.Observation observe(
      Chain chain,
      SolanaAsset asset,
      Optional<TokenDecimals> declared,
      EvaluationContext<SolanaAddress> context) {
    TokenDecimals decimals;
    Reading<BigInteger> balance;
    if (asset instanceof SolanaAsset.Mint mint) {
      Reading<TokenDecimals> read =
          context.readings().reading(new SolanaRead.MintDecimals(mint.mint()));
      if (!(read instanceof Reading.Value<TokenDecimals> value)) {
        return new Holding.Stopped(
            new ConditionVerdict.Unavailable(
                FailureSource.TOKEN_METADATA_READ, "token decimals could not be read"));
      }
      decimals = value.value();
      balance =
          context.readings().reading(new SolanaRead.TokenAmount(context.wallet(), mint.mint()));
    } else {
      decimals = Holding.nativeDecimals(chain);
      balance = context.readings().reading(new SolanaRead.Lamports(context.wallet()));
    }
    if (declared.isPresent() && !declared.get().equals(decimals)) {
      return new Holding.Stopped(
          new ConditionVerdict.Refused(
              Holding.decimalsMismatch(context.field("decimals"), declared.get(), decimals)));
    }
    if (!(balance instanceof Reading.Value<BigInteger> value)) {
      return new Holding.Stopped(
          new ConditionVerdict.Unavailable(
              FailureSource.BALANCE_READ, "token balance could not be read"));
    }
    return new Holding.Observed(new Holding.Held(value.value(), decimals));
  }
}
