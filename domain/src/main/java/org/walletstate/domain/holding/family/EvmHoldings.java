package org.walletstate.domain.holding.family;

import java.math.BigInteger;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.holding.CollectionId;
import org.walletstate.domain.holding.CollectionOwnership;
import org.walletstate.domain.holding.HoldingBatch;
import org.walletstate.domain.holding.OwnershipRead;
import org.walletstate.domain.holding.WalletHolding;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.proof.ProofTarget;

/**
 * EVM: the chain's own asset (its balance, the chain's decimals) or an ERC-20 ({@code balanceOf},
 * {@code decimals()} read from the token); signed in the EIP-55 form. A holding is proven by its
 * balance: the ERC-20 balance slot, or the account's balance. A collection is held when its ERC-721
 * {@code balanceOf} is at least one. Many holdings of a chain are read in one Multicall3 {@code
 * aggregate3} ({@link EvmBatch}), the family's own concern.
 */
final class EvmHoldings extends ContractHoldings<EvmAddress> {

  // Alike by design: each family's holdings name their own reads and signed forms.
  EvmHoldings() {
    super(ChainFamily.EVM, EvmAddress.class);
  }

  @Override
  String signedForm(String text, String field) {
    return EvmAddress.parse(text, field).checksummed();
  }

  @Override
  ChainRead<TokenDecimals> decimalsRead(String contract) {
    return new EvmRead.Erc20Decimals(EvmAddress.of(contract));
  }

  @Override
  ChainRead<BigInteger> balanceRead(Optional<String> contract, EvmAddress wallet) {
    return contract
        .<ChainRead<BigInteger>>map(c -> new EvmRead.Erc20BalanceOf(EvmAddress.of(c), wallet))
        .orElseGet(() -> new EvmRead.NativeBalance(wallet));
  }

  @Override
  public ProofRequirement proof(Chain chain, Asset asset, EvmAddress wallet) {
    if (asset instanceof Asset.Token token) {
      return new ProofRequirement.Wanted(
          new ProofTarget.Erc20Balance(EvmAddress.of(token.contract()), wallet));
    }
    return new ProofRequirement.Wanted(new ProofTarget.AccountBalance(wallet));
  }

  @Override
  public HoldingBatch batch(Chain chain, List<WalletHolding> entries) {
    return new EvmBatch(chain, entries);
  }

  @Override
  public Optional<OwnershipRead<?>> ownership(
      String collection, Optional<Long> taxon, EvmAddress wallet) {
    return Optional.of(
        new OwnershipRead<>(
            new EvmRead.Erc721BalanceOf(EvmAddress.of(collection), wallet),
            count -> count.signum() > 0));
  }

  /** Why an EVM ownership result carries no proof. */
  static final String OWNERSHIP_NOT_PROVEN =
      "nft_ownership is not proven: ERC-721 balance layouts vary (enumerable, packed), so no"
          + " storage slot is a dependable count of tokens held";

  /** Why a contract that does not declare ERC-721 is refused as a collection. */
  static final String NOT_ERC721 =
      "is not an ERC-721 collection: it does not declare the ERC-721 interface"
          + " (ERC-165 supportsInterface(0x80ac58cd)); nft_ownership on EVM chains reads"
          + " ERC-721 collections";

  /**
   * A collection is an ERC-721 contract: its {@code balanceOf} counts the wallet's tokens, and the
   * contract must declare the ERC-721 interface (ERC-165), so that a fungible token's holder is
   * never taken for a collection's. The balance is judged first.
   */
  @Override
  public Optional<CollectionOwnership> collectionOwnership(
      CollectionId collection, EvmAddress wallet) {
    EvmAddress contract = EvmAddress.of(collection.contract());
    ChainRead<BigInteger> count = new EvmRead.Erc721BalanceOf(contract, wallet);
    ChainRead<Boolean> declared = new EvmRead.Erc721Interface(contract);
    Set<ChainRead<?>> reads = new LinkedHashSet<>();
    reads.add(count);
    reads.add(declared);
    return Optional.of(
        new CollectionOwnership(
            reads,
            readings -> {
              if (!(readings.reading(count) instanceof Reading.Value<BigInteger> held)) {
                return new CollectionOwnership.Unread(
                    FailureSource.BALANCE_READ, "NFT balance could not be read");
              }
              Reading<Boolean> erc721 = readings.reading(declared);
              if (erc721 instanceof Reading.Unreadable<Boolean>) {
                return new CollectionOwnership.Unread(
                    FailureSource.TOKEN_METADATA_READ, "NFT collection could not be read");
              }
              if (!(erc721 instanceof Reading.Value<Boolean> yes && yes.value())) {
                return new CollectionOwnership.NotACollection(NOT_ERC721);
              }
              return new CollectionOwnership.Held(held.value().signum() > 0);
            }));
  }

  @Override
  public ProofRequirement ownershipProof(Chain chain) {
    return new ProofRequirement.Declined(OWNERSHIP_NOT_PROVEN);
  }

  @Override
  public boolean readsCollections() {
    return true;
  }
}
