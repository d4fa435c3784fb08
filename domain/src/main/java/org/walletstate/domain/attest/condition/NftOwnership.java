package org.walletstate.domain.attest.condition;

import java.math.BigInteger;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.request.Fields;

/**
 * {@code nft_ownership}: the wallet holds at least one token of an ERC-721 collection ({@code
 * balanceOf(wallet) > 0}).
 *
 * @param chain an EVM chain
 * @param collection the ERC-721 contract
 */
public record NftOwnership(Chain chain, EvmAddress collection) implements EvmCondition {

  public static final ConditionType TYPE =
      new ConditionType(
          "nft_ownership",
          NftOwnership.class,
          NftOwnership::parseAny,
          List.of(SolanaNftOwnership.class, XrplNftOwnership.class));

  /** Why an {@code nft_ownership} result carries no proof. */
  public static final String NOT_PROVEN =
      "nft_ownership is not proven: ERC-721 balance layouts vary (enumerable, packed), so no"
          + " storage slot is a dependable count of tokens held";

  public NftOwnership {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(collection, "collection");
  }

  @Override
  public ConditionType type() {
    return TYPE;
  }

  @Override
  public Set<EvmRead<?>> reads(EvmAddress wallet) {
    return Set.of(new EvmRead.Erc721BalanceOf(collection, wallet));
  }

  /** The form of the condition's chain: EVM, Solana or XRPL. */
  static Condition<?> parseAny(Fields fields, KeyVersion key) {
    Chain chain = ConditionMembers.holdingChain(fields, TYPE);
    switch (chain.family()) {
      case SOLANA:
        return SolanaNftOwnership.parse(fields, key, chain);
      case XRPL:
        return XrplNftOwnership.parse(fields, key, chain);
      default:
        return parse(fields, key, chain);
    }
  }

  static NftOwnership parse(Fields fields, KeyVersion key, Chain chain) {
    return new NftOwnership(chain, ConditionMembers.contract(fields, TYPE));
  }

  @Override
  public ProofRequirement proof(EvmAddress wallet) {
    return new ProofRequirement.Declined(NOT_PROVEN);
  }

  @Override
  public ConditionVerdict evaluate(EvaluationContext<EvmAddress> context) {
    Reading<BigInteger> balance =
        context.readings().reading(new EvmRead.Erc721BalanceOf(collection, context.wallet()));
    if (!(balance instanceof Reading.Value<BigInteger> value)) {
      return new ConditionVerdict.Unavailable(
          FailureSource.BALANCE_READ, "NFT balance could not be read");
    }
    return new ConditionVerdict.Decided(
        value.value().signum() > 0, evaluatedCondition(), PayloadValue.object());
  }

  /** {@code {type, chainId, contractAddress, operator: "gt", threshold: 0}}, numeric 0. */
  PayloadValue.Obj evaluatedCondition() {
    return EvaluatedConditions.begin(type(), chain)
        .put("contractAddress", collection.checksummed())
        .put("operator", "gt")
        .put("threshold", 0)
        .build();
  }
}
