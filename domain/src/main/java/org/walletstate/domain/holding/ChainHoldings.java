package org.walletstate.domain.holding;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.request.Fields;

/**
 * The holdings of one chain, through its family's {@link FamilyHoldings}: what features call, with
 * any wallet (one of another family is refused).
 */
public final class ChainHoldings {

  private final Chain chain;
  private final FamilyHoldings<?> family;

  public ChainHoldings(Chain chain, FamilyHoldings<?> family) {
    this.chain = Objects.requireNonNull(chain, "chain");
    this.family = Objects.requireNonNull(family, "family");
    if (family.family() != chain.family()) {
      throw new IllegalArgumentException(family.family() + " holdings cannot read " + chain);
    }
  }

  public Chain chain() {
    return chain;
  }

  /** The wallet type of the chain's family. */
  public Class<? extends WalletAddress> walletType() {
    return family.walletType();
  }

  /** The asset a request's members name (400 on any rule). */
  public Asset asset(Fields fields) {
    return family.asset(fields);
  }

  /** The asset data names. */
  public Asset asset(String contract, Optional<String> code) {
    return family.asset(contract, code);
  }

  /** Whether {@code asset}'s balance carries a frozen state: {@code trustLineState}. */
  public boolean freezable(Asset asset) {
    return family.freezable(asset);
  }

  /** The signed form of a token contract or issuer on this chain (400 naming {@code field}). */
  public String contract(String text, String field) {
    return family.contract(text, field);
  }

  public Scale scale(Asset asset) {
    return family.scale(chain, asset);
  }

  /** The reads for {@code wallet}'s balance of {@code asset}, with its decimals when asked. */
  public Set<ChainRead<?>> reads(Asset asset, WalletAddress wallet, boolean withDecimals) {
    Set<ChainRead<?>> reads = new java.util.LinkedHashSet<>();
    if (withDecimals) {
      reads.addAll(family.decimalsReads(asset));
    }
    reads.addAll(balanceReads(family, asset, wallet));
    return reads;
  }

  /**
   * The decimals of {@code asset}: fixed, read, or none (units are the token's own). A read that
   * did not complete is the failure.
   */
  public HoldingRead<Optional<TokenDecimals>> decimals(Asset asset, Readings readings) {
    Scale scale = scale(asset);
    if (scale instanceof Scale.Fixed fixed) {
      return new HoldingRead.Got<>(Optional.of(fixed.decimals()));
    }
    if (scale instanceof Scale.Unscaled) {
      return new HoldingRead.Got<>(Optional.empty());
    }
    return family.decimals(asset, readings).map(Optional::of);
  }

  /** {@code wallet}'s balance of {@code asset}, from the answers to its reads. */
  public HoldingRead<Balance> balance(Asset asset, WalletAddress wallet, Readings readings) {
    return balance(family, asset, wallet, readings);
  }

  /** The whole holding: decimals first, then the balance; the first failure stops it. */
  public HoldingRead<Held> held(Asset asset, WalletAddress wallet, Readings readings) {
    HoldingRead<Optional<TokenDecimals>> decimals = decimals(asset, readings);
    if (decimals instanceof HoldingRead.Failed<Optional<TokenDecimals>> failed) {
      return new HoldingRead.Failed<>(failed.failure());
    }
    Optional<TokenDecimals> known = ((HoldingRead.Got<Optional<TokenDecimals>>) decimals).value();
    return balance(asset, wallet, readings).map(balance -> new Held(balance, known));
  }

  /** The read of {@code wallet}'s ownership of one of a collection, where the family reads it. */
  public Optional<OwnershipRead<?>> ownership(
      String collection, Optional<Long> taxon, WalletAddress wallet) {
    return ownership(family, collection, taxon, wallet);
  }

  private static <W extends WalletAddress> Optional<OwnershipRead<?>> ownership(
      FamilyHoldings<W> family, String collection, Optional<Long> taxon, WalletAddress wallet) {
    return family.ownership(collection, taxon, family.walletType().cast(wallet));
  }

  /** Whether this chain's family reads collections. */
  public boolean readsCollections() {
    return family.readsCollections();
  }

  /** The collection a condition names on this chain ({@link FamilyHoldings#collection}). */
  public CollectionId collection(String contract, Fields fields) {
    return family.collection(contract, fields);
  }

  /** Whether {@code wallet} holds one of {@code collection}, as a condition asks it. */
  public Optional<CollectionOwnership> collectionOwnership(
      CollectionId collection, WalletAddress wallet) {
    return collectionOwnership(family, collection, wallet);
  }

  private static <W extends WalletAddress> Optional<CollectionOwnership> collectionOwnership(
      FamilyHoldings<W> family, CollectionId collection, WalletAddress wallet) {
    return family.collectionOwnership(collection, family.walletType().cast(wallet));
  }

  /** What an ownership result on this chain can be proven by. */
  public ProofRequirement ownershipProof() {
    return family.ownershipProof(chain);
  }

  /** The reads of many wallets' holdings on this chain, in as few calls as the family can. */
  public HoldingBatch batch(List<WalletHolding> entries) {
    return family.batch(chain, entries);
  }

  public ProofRequirement proof(Asset asset, WalletAddress wallet) {
    return proof(family, asset, wallet);
  }

  private static <W extends WalletAddress> Set<ChainRead<?>> balanceReads(
      FamilyHoldings<W> family, Asset asset, WalletAddress wallet) {
    return family.balanceReads(asset, family.walletType().cast(wallet));
  }

  private static <W extends WalletAddress> HoldingRead<Balance> balance(
      FamilyHoldings<W> family, Asset asset, WalletAddress wallet, Readings readings) {
    return family.balance(asset, family.walletType().cast(wallet), readings);
  }

  private ProofRequirement proof(FamilyHoldings<?> holdings, Asset asset, WalletAddress wallet) {
    return typedProof(holdings, asset, wallet);
  }

  private <W extends WalletAddress> ProofRequirement typedProof(
      FamilyHoldings<W> holdings, Asset asset, WalletAddress wallet) {
    return holdings.proof(chain, asset, holdings.walletType().cast(wallet));
  }
}
