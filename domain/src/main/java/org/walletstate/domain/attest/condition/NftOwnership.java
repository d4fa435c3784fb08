package org.walletstate.domain.attest.condition;

import java.util.Objects;
import java.util.Set;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.holding.ChainHoldings;
import org.walletstate.domain.holding.CollectionId;
import org.walletstate.domain.holding.CollectionOwnership;
import org.walletstate.domain.holding.family.HoldingFamilies;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofRequirement;

/**
 * {@code nft_ownership}: the wallet holds at least one NFT of the collection, on a chain of any
 * family whose holdings read collections (EVM: an ERC-721 contract's {@code balanceOf} is at least
 * one; Solana: the mint or one of its verified collection; XRPL: an NFT of the issuer, of the taxon
 * when given). What is read, which contracts are no collection (an EVM contract that does not
 * declare ERC-721, a Metaplex Core asset: 400) and what an unread answer says are the family's
 * ({@link HoldingFamilies}).
 *
 * @param chain a chain whose family reads collections
 * @param collection the collection in its family's signed form, and its filter
 */
public record NftOwnership(Chain chain, CollectionId collection) implements HoldingCondition {

  public static final ConditionType TYPE = new ConditionType("nft_ownership", NftOwnership.class);

  /**
   * A condition on a chain whose family reads collections, naming the collection in that family's
   * form: an embedder who builds one without the request reader gets the reader's refusals.
   *
   * @throws ValidationException when the chain's family reads no collections or the contract is not
   *     one of its collections' forms
   */
  public NftOwnership {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(collection, "collection");
    ChainHoldings holdings = HoldingFamilies.on(chain);
    if (!holdings.readsCollections()) {
      throw new ValidationException(
          "chainId " + chain.id() + ": nft_ownership is not available there");
    }
    if (!holdings
        .contract(collection.contract(), "contractAddress")
        .equals(collection.contract())) {
      throw new ValidationException(
          "contractAddress " + collection.contract() + " is not in its signed form");
    }
  }

  @Override
  public ConditionType type() {
    return TYPE;
  }

  private ChainHoldings holdings() {
    return HoldingFamilies.on(chain);
  }

  private CollectionOwnership ownership(WalletAddress wallet) {
    return holdings()
        .collectionOwnership(collection, wallet)
        .orElseThrow(() -> new IllegalStateException("no collections are read on " + chain));
  }

  @Override
  public Set<ChainRead<?>> reads(WalletAddress wallet) {
    return ownership(wallet).reads();
  }

  @Override
  public ConditionVerdict evaluate(EvaluationContext<WalletAddress> context) {
    CollectionOwnership.Answer answer = ownership(context.wallet()).answer(context.readings());
    if (answer instanceof CollectionOwnership.Unread unread) {
      return new ConditionVerdict.Unavailable(unread.source(), unread.detail());
    }
    if (answer instanceof CollectionOwnership.NotACollection not) {
      return new ConditionVerdict.Refused(
          context.field("contractAddress") + " " + collection.contract() + " " + not.reason());
    }
    boolean held = ((CollectionOwnership.Held) answer).held();
    return new ConditionVerdict.Decided(held, evaluatedCondition(), PayloadValue.object());
  }

  /**
   * {@code {type, chainId, contractAddress, operator: "gt", threshold: 0}}, numeric 0, and the
   * taxon (a number) when the collection is filtered by one, so that the hash binds the filter.
   */
  public PayloadValue.Obj evaluatedCondition() {
    PayloadValue.ObjBuilder shape =
        EvaluatedConditions.begin(type(), chain)
            .put("contractAddress", collection.contract())
            .put("operator", "gt")
            .put("threshold", 0);
    collection.taxon().ifPresent(taxon -> shape.put("taxon", taxon));
    return shape.build();
  }

  @Override
  public ProofRequirement proof(WalletAddress wallet) {
    return holdings().ownershipProof();
  }
}
