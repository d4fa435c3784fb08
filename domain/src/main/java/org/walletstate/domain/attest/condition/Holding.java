package org.walletstate.domain.attest.condition;

import java.math.BigInteger;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.proof.ProofTarget;

/**
 * A wallet's holding of an asset on one chain, as the balance conditions read it: the balance in
 * base units and the decimals that relate it to display units. An ERC-20's decimals are always read
 * from the token, and a stated {@code decimals} is checked against them; the native asset's
 * decimals are the chain's.
 */
final class Holding {

  private Holding() {}

  /** A holding read in full. */
  record Held(BigInteger balance, TokenDecimals decimals) {}

  /** The reads that observe the holding. */
  static Set<EvmRead<?>> reads(Asset asset, EvmAddress wallet) {
    Set<EvmRead<?>> reads = new LinkedHashSet<>();
    if (asset instanceof Asset.Erc20 erc20) {
      reads.add(new EvmRead.Erc20Decimals(erc20.token()));
      reads.add(new EvmRead.Erc20BalanceOf(erc20.token(), wallet));
    } else {
      reads.add(new EvmRead.NativeBalance(wallet));
    }
    return reads;
  }

  /**
   * Observes the holding, or says why the condition cannot go on: the decimals or balance could not
   * be read (unavailable), or the stated decimals are not the token's (refused).
   */
  static Observation observe(
      Chain chain,
      Asset asset,
      Optional<TokenDecimals> declared,
      EvaluationContext<EvmAddress> context) {
    TokenDecimals decimals;
    Reading<BigInteger> balance;
    if (asset instanceof Asset.Erc20 erc20) {
      Reading<TokenDecimals> read =
          context.readings().reading(new EvmRead.Erc20Decimals(erc20.token()));
      if (!(read instanceof Reading.Value<TokenDecimals> value)) {
        return new Stopped(
            new ConditionVerdict.Unavailable(
                FailureSource.TOKEN_METADATA_READ, "token decimals could not be read"));
      }
      decimals = value.value();
      balance =
          context.readings().reading(new EvmRead.Erc20BalanceOf(erc20.token(), context.wallet()));
    } else {
      decimals = nativeDecimals(chain);
      balance = context.readings().reading(new EvmRead.NativeBalance(context.wallet()));
    }
    if (declared.isPresent() && !declared.get().equals(decimals)) {
      return new Stopped(
          new ConditionVerdict.Refused(
              decimalsMismatch(context.field("decimals"), declared.get(), decimals)));
    }
    if (!(balance instanceof Reading.Value<BigInteger> value)) {
      return new Stopped(
          new ConditionVerdict.Unavailable(
              FailureSource.BALANCE_READ, "token balance could not be read"));
    }
    return new Observed(new Held(value.value(), decimals));
  }

  /** A holding is proven by its balance: the ERC-20 balance slot, or the account's balance. */
  static ProofRequirement proof(Asset asset, EvmAddress wallet) {
    if (asset instanceof Asset.Erc20 erc20) {
      return new ProofRequirement.Wanted(new ProofTarget.Erc20Balance(erc20.token(), wallet));
    }
    return new ProofRequirement.Wanted(new ProofTarget.AccountBalance(wallet));
  }

  static TokenDecimals nativeDecimals(Chain chain) {
    return TokenDecimals.of(chain.nativeCurrency().decimals());
  }

  /** The message of a stated decimals value that is not the token's own. */
  static String decimalsMismatch(String field, TokenDecimals declared, TokenDecimals own) {
    return field + " " + declared + " does not match the token's own decimals (" + own + ")";
  }

  /** The message of an amount finer than the token can hold. */
  static String tooPrecise(String field, String amount, TokenDecimals own) {
    return field
        + " "
        + amount
        + " has more decimal places than the token's own decimals ("
        + own
        + ")";
  }

  /** Either the holding, or the verdict that ends the evaluation. */
  sealed interface Observation permits Observed, Stopped {}

  record Observed(Held held) implements Observation {}

  record Stopped(ConditionVerdict verdict) implements Observation {}
}
