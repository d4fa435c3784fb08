package org.walletstate.domain.holding.family;

import java.math.BigInteger;
import java.util.Optional;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.address.SolanaMint;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.holding.OwnershipRead;
import org.walletstate.domain.solana.SolanaRead;

/**
 * Solana: lamports for SOL (the chain's 9 decimals), or the sum of the raw amounts of every token
 * account the wallet owns for an SPL mint, with the mint's own decimals; a mint is signed as the
 * Base58 text that was sent. A collection is held when the wallet owns one of its NFTs.
 */
final class SolanaHoldings extends ContractHoldings<SolanaAddress> {

  SolanaHoldings() {
    super(ChainFamily.SOLANA, SolanaAddress.class);
  }

  @Override
  String signedForm(String text, String field) {
    return SolanaMint.parse(text, field).text();
  }

  @Override
  ChainRead<TokenDecimals> decimalsRead(String contract) {
    return new SolanaRead.MintDecimals(SolanaMint.of(contract));
  }

  @Override
  ChainRead<BigInteger> balanceRead(Optional<String> contract, SolanaAddress wallet) {
    return contract
        .<ChainRead<BigInteger>>map(c -> new SolanaRead.TokenAmount(wallet, SolanaMint.of(c)))
        .orElseGet(() -> new SolanaRead.Lamports(wallet));
  }

  @Override
  public Optional<OwnershipRead<?>> ownership(
      String collection, Optional<Long> taxon, SolanaAddress wallet) {
    return Optional.of(
        new OwnershipRead<>(
            new SolanaRead.NftHeld(wallet, SolanaMint.of(collection)), held -> held));
  }
}
