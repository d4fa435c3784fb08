package org.walletstate.domain.holding.family;

import java.math.BigInteger;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.address.SolanaMint;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.holding.CollectionId;
import org.walletstate.domain.holding.CollectionOwnership;
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

  /** The Metaplex Core program: its assets and collections are no token mints. */
  static final String CORE_PROGRAM = "CoREENxT6tW1HoK8ypY1SxRMZTcVPm7R94rH4PZNhX7d";

  /**
   * A mint is read two ways: the wallet holds the NFT mint itself, or any NFT whose Metaplex
   * metadata names the mint as its verified collection. Compressed NFTs and Metaplex Core assets
   * are not token accounts and are not seen; a Core asset or collection is refused, since core
   * Solana RPC cannot say who holds one and a verdict would be a silent false. The mint's owner
   * program is read and judged first.
   */
  @Override
  public Optional<CollectionOwnership> collectionOwnership(
      CollectionId collection, SolanaAddress wallet) {
    ChainRead<String> program = new SolanaRead.AccountOwner(SolanaMint.of(collection.contract()));
    OwnershipRead<?> ownership =
        ownership(collection.contract(), Optional.empty(), wallet).orElseThrow();
    Set<ChainRead<?>> reads = new LinkedHashSet<>();
    reads.add(program);
    reads.add(ownership.read());
    return Optional.of(
        new CollectionOwnership(
            reads,
            readings -> {
              if (!(readings.reading(program) instanceof Reading.Value<String> owner)) {
                return new CollectionOwnership.Unread(
                    FailureSource.TOKEN_METADATA_READ, "NFT mint could not be read");
              }
              if (owner.value().equals(CORE_PROGRAM)) {
                return new CollectionOwnership.NotACollection(
                    "is a Metaplex Core asset or collection; Core assets are held by no token"
                        + " account and core Solana RPC cannot read who holds them");
              }
              return CollectionOwnership.of(ownership, "NFT holdings could not be read")
                  .answer(readings);
            }));
  }

  @Override
  public boolean readsCollections() {
    return true;
  }
}
