package org.walletstate.domain.holding;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.request.Fields;

/**
 * How one chain family answers "what does this wallet hold": how its assets are named, what is read
 * for an asset and a wallet, and how the readings become a balance (usable or frozen) and its
 * decimals. Each family implements it once and is registered in {@code
 * holding.family.HoldingFamilies}; every feature asks through it.
 *
 * @param <W> the family's wallet type
 */
public interface FamilyHoldings<W extends WalletAddress> {

  ChainFamily family();

  Class<W> walletType();

  /**
   * The asset a request's {@code contractAddress} (and the family's code member) names.
   *
   * @throws org.walletstate.domain.ValidationException naming the member and the rule it breaks
   */
  Asset asset(Fields fields);

  /**
   * The asset data names (a check list row, a store's token): {@code contract} and, for an issued
   * asset, its code.
   *
   * @throws IllegalArgumentException when it is not an asset of this family
   */
  Asset asset(String contract, Optional<String> code);

  /**
   * The signed form of a token contract or an issuer named by data (a store's token or collection).
   *
   * @throws org.walletstate.domain.ValidationException naming {@code field} when it is not one
   */
  String contract(String text, String field);

  /** How {@code asset}'s units relate to display units on {@code chain}. */
  Scale scale(Chain chain, Asset asset);

  /** The reads that give {@code asset}'s decimals; empty unless its scale is {@link Scale.Read}. */
  Set<ChainRead<?>> decimalsReads(Asset asset);

  /** The reads that give {@code wallet}'s balance of {@code asset}. */
  Set<ChainRead<?>> balanceReads(Asset asset, W wallet);

  /** The decimals read, for an asset of scale {@link Scale.Read}. */
  HoldingRead<TokenDecimals> decimals(Asset asset, Readings readings);

  /** The balance that counts, from the answers to {@link #balanceReads}. */
  HoldingRead<Balance> balance(Asset asset, W wallet, Readings readings);

  /** Whether {@code asset}'s balance carries a frozen state (an issuer can freeze it). */
  default boolean freezable(Asset asset) {
    return false;
  }

  /**
   * Whether {@code wallet} holds one of the collection at {@code collection} ({@code taxon} narrows
   * it where the family has taxons); empty where the family's collections are not read.
   */
  default Optional<OwnershipRead<?>> ownership(String collection, Optional<Long> taxon, W wallet) {
    return Optional.empty();
  }

  /** Whether the family reads collections ({@link #ownership} is not empty). */
  default boolean readsCollections() {
    return false;
  }

  /**
   * The collection a condition names: {@code contract} (not {@code native}, which the caller
   * refuses) in the family's signed form, and the family's filter members of {@code fields} (an
   * XRPL taxon); by default the contract only.
   *
   * @throws org.walletstate.domain.ValidationException naming the member and the rule it breaks
   */
  default CollectionId collection(String contract, Fields fields) {
    return CollectionId.of(contract(contract, fields.path("contractAddress")));
  }

  /**
   * Whether {@code wallet} holds one of {@code collection}, as a condition asks it: the family's
   * ownership read and the checks it makes of the contract first; empty where the family's
   * collections are not read.
   */
  default Optional<CollectionOwnership> collectionOwnership(CollectionId collection, W wallet) {
    return ownership(collection.contract(), collection.taxon(), wallet)
        .map(read -> CollectionOwnership.of(read, "NFT holdings could not be read"));
  }

  /** What an ownership result can be proven by: declined for the chain's reason by default. */
  default ProofRequirement ownershipProof(Chain chain) {
    return ProofRequirement.declinedOn(chain);
  }

  /**
   * The reads of many wallets' holdings on {@code chain}, together: by default each entry's own
   * reads; a family that can fold them into fewer calls does so here.
   */
  default HoldingBatch batch(Chain chain, List<WalletHolding> entries) {
    return new SeparateReads(new ChainHoldings(chain, this), entries);
  }

  /** What a holding's result can be proven by; declined for the chain's reason by default. */
  default ProofRequirement proof(Chain chain, Asset asset, W wallet) {
    return ProofRequirement.declinedOn(chain);
  }
}
