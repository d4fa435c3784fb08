package org.walletstate.domain.holding.family;

import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.address.SolanaMint;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.holding.Balance;
import org.walletstate.domain.holding.FamilyHoldings;
import org.walletstate.domain.holding.HoldingRead;
import org.walletstate.domain.holding.OwnershipRead;
import org.walletstate.domain.holding.Scale;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.solana.SolanaRead;

/**
 * Solana: lamports for SOL (the chain's 9 decimals), or the sum of the raw amounts of every token
 * account the wallet owns for an SPL mint, with the mint's own decimals; a mint is signed as the
 * Base58 text that was sent.
 */
final class SolanaHoldings implements FamilyHoldings<SolanaAddress> {

  @Override
  public ChainFamily family() {
    return ChainFamily.SOLANA;
  }

  @Override
  public Class<SolanaAddress> walletType() {
    return SolanaAddress.class;
  }

  @Override
  public Asset asset(Fields fields) {
    return FamilyAssets.nativeOrToken(
        fields, (text, field) -> SolanaMint.parse(text, field).text());
  }

  @Override
  public Asset asset(String contract, Optional<String> code) {
    return FamilyAssets.nativeOrToken(
        contract, code, text -> SolanaMint.parse(text, "contractAddress").text());
  }

  @Override
  public Scale scale(Chain chain, Asset asset) {
    return FamilyAssets.nativeFixed(chain, asset);
  }

  @Override
  public Set<ChainRead<?>> decimalsReads(Asset asset) {
    return asset instanceof Asset.Token token
        ? Set.of(new SolanaRead.MintDecimals(SolanaMint.of(token.contract())))
        : Set.of();
  }

  @Override
  public Set<ChainRead<?>> balanceReads(Asset asset, SolanaAddress wallet) {
    return Set.of(balanceRead(asset, wallet));
  }

  @Override
  public HoldingRead<TokenDecimals> decimals(Asset asset, Readings readings) {
    SolanaMint mint = SolanaMint.of(((Asset.Token) asset).contract());
    return HoldingRead.of(
        readings.reading(new SolanaRead.MintDecimals(mint)), EvmHoldings.DECIMALS);
  }

  @Override
  public HoldingRead<Balance> balance(Asset asset, SolanaAddress wallet, Readings readings) {
    return HoldingRead.of(readings.reading(balanceRead(asset, wallet)), EvmHoldings.BALANCE)
        .map(Balance::of);
  }

  private static ChainRead<java.math.BigInteger> balanceRead(Asset asset, SolanaAddress wallet) {
    if (asset instanceof Asset.Token token) {
      return new SolanaRead.TokenAmount(wallet, SolanaMint.of(token.contract()));
    }
    return new SolanaRead.Lamports(wallet);
  }

  @Override
  public Optional<OwnershipRead<?>> ownership(
      String collection, Optional<Long> taxon, SolanaAddress wallet) {
    return Optional.of(
        new OwnershipRead<>(
            new SolanaRead.NftHeld(wallet, SolanaMint.of(collection)), held -> held));
  }
}
