package org.walletstate.domain.holding.family;

import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.holding.Balance;
import org.walletstate.domain.holding.FamilyHoldings;
import org.walletstate.domain.holding.HoldingFailure;
import org.walletstate.domain.holding.HoldingRead;
import org.walletstate.domain.holding.OwnershipRead;
import org.walletstate.domain.holding.Scale;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.proof.ProofTarget;
import org.walletstate.domain.request.Fields;

/**
 * EVM: the chain's own asset (its balance, the chain's decimals) or an ERC-20 ({@code balanceOf},
 * {@code decimals()} read from the token); signed in the EIP-55 form. A holding is proven by its
 * balance: the ERC-20 balance slot, or the account's balance. Batching many holdings into one
 * Multicall3 call is this family's own concern (the trust profile's aggregate).
 */
final class EvmHoldings implements FamilyHoldings<EvmAddress> {

  static final HoldingFailure DECIMALS =
      HoldingFailure.of(FailureSource.TOKEN_METADATA_READ, "token decimals could not be read");
  static final HoldingFailure BALANCE =
      HoldingFailure.of(FailureSource.BALANCE_READ, "token balance could not be read");

  @Override
  public ChainFamily family() {
    return ChainFamily.EVM;
  }

  @Override
  public Class<EvmAddress> walletType() {
    return EvmAddress.class;
  }

  @Override
  public Asset asset(Fields fields) {
    return FamilyAssets.nativeOrToken(
        fields, (text, field) -> EvmAddress.parse(text, field).checksummed());
  }

  @Override
  public Asset asset(String contract, Optional<String> code) {
    return FamilyAssets.nativeOrToken(
        contract, code, text -> EvmAddress.parse(text, "contractAddress").checksummed());
  }

  @Override
  public Scale scale(Chain chain, Asset asset) {
    return FamilyAssets.nativeFixed(chain, asset);
  }

  @Override
  public Set<ChainRead<?>> decimalsReads(Asset asset) {
    return asset instanceof Asset.Token token
        ? Set.of(new EvmRead.Erc20Decimals(EvmAddress.of(token.contract())))
        : Set.of();
  }

  @Override
  public Set<ChainRead<?>> balanceReads(Asset asset, EvmAddress wallet) {
    return Set.of(balanceRead(asset, wallet));
  }

  @Override
  public HoldingRead<TokenDecimals> decimals(Asset asset, Readings readings) {
    Asset.Token token = (Asset.Token) asset;
    return HoldingRead.of(
        readings.reading(new EvmRead.Erc20Decimals(EvmAddress.of(token.contract()))), DECIMALS);
  }

  @Override
  public HoldingRead<Balance> balance(Asset asset, EvmAddress wallet, Readings readings) {
    return HoldingRead.of(readings.reading(balanceRead(asset, wallet)), BALANCE).map(Balance::of);
  }

  @Override
  public ProofRequirement proof(Chain chain, Asset asset, EvmAddress wallet) {
    if (asset instanceof Asset.Token token) {
      return new ProofRequirement.Wanted(
          new ProofTarget.Erc20Balance(EvmAddress.of(token.contract()), wallet));
    }
    return new ProofRequirement.Wanted(new ProofTarget.AccountBalance(wallet));
  }

  private static ChainRead<java.math.BigInteger> balanceRead(Asset asset, EvmAddress wallet) {
    if (asset instanceof Asset.Token token) {
      return new EvmRead.Erc20BalanceOf(EvmAddress.of(token.contract()), wallet);
    }
    return new EvmRead.NativeBalance(wallet);
  }

  /** Both reads of a holding, decimals first: the order the adapters batch them in. */
  static Set<ChainRead<?>> ordered(Set<ChainRead<?>> decimals, Set<ChainRead<?>> balance) {
    Set<ChainRead<?>> reads = new LinkedHashSet<>(decimals);
    reads.addAll(balance);
    return reads;
  }

  @Override
  public Optional<OwnershipRead<?>> ownership(
      String collection, Optional<Long> taxon, EvmAddress wallet) {
    return Optional.of(
        new OwnershipRead<>(
            new EvmRead.Erc721BalanceOf(EvmAddress.of(collection), wallet),
            count -> count.signum() > 0));
  }
}
