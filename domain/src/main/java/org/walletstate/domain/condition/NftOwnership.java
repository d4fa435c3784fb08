package org.walletstate.domain.condition;

import java.math.BigInteger;
import java.util.Objects;
import java.util.Set;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.read.EvmRead;
import org.walletstate.domain.read.FailureSource;
import org.walletstate.domain.read.Reading;

/**
 * {@code nft_ownership}: the wallet holds at least one token of an ERC-721 collection ({@code
 * balanceOf(wallet) > 0}).
 *
 * @param chain an EVM chain
 * @param collection the ERC-721 contract
 */
public record NftOwnership(Chain chain, EvmAddress collection) implements Condition {

  public NftOwnership {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(collection, "collection");
  }

  @Override
  public ConditionType type() {
    return ConditionType.NFT_OWNERSHIP;
  }

  @Override
  public Set<EvmRead<?>> reads(EvmAddress wallet) {
    return Set.of(new EvmRead.Erc721BalanceOf(collection, wallet));
  }

  @Override
  public ConditionVerdict evaluate(EvaluationContext context) {
    Reading<BigInteger> balance =
        context.outcomes().reading(new EvmRead.Erc721BalanceOf(collection, context.wallet()));
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
