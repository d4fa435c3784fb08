package org.walletstate.domain.attest.condition;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.address.XrplAddress;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.holding.OwnershipRead;
import org.walletstate.domain.holding.family.HoldingFamilies;
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
    return Set.of(
        (EvmRead<?>) ownership(chain, collection.checksummed(), Optional.empty(), wallet).read());
  }

  /** How one form of the condition is parsed on a chain whose wallets are {@code wallet}. */
  private record Form(Class<? extends WalletAddress> wallet, FormParser parser) {}

  @FunctionalInterface
  private interface FormParser {
    Condition<?> parse(Fields fields, KeyVersion key, Chain chain);
  }

  /** The forms, by the wallet type the chain's holdings name (EVM, Solana, XRPL). */
  private static final List<Form> FORMS =
      List.of(
          new Form(EvmAddress.class, NftOwnership::parse),
          new Form(SolanaAddress.class, SolanaNftOwnership::parse),
          new Form(XrplAddress.class, XrplNftOwnership::parse));

  /**
   * The form of the condition's chain: the one whose wallets are those the chain's holdings read
   * ({@link HoldingFamilies}); the chain check admits only chains that have one.
   */
  static Condition<?> parseAny(Fields fields, KeyVersion key) {
    Chain chain = ConditionMembers.holdingChain(fields, TYPE);
    Class<? extends WalletAddress> wallet = HoldingFamilies.on(chain).walletType();
    return FORMS.stream()
        .filter(form -> form.wallet().equals(wallet))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no nft_ownership form on " + chain))
        .parser()
        .parse(fields, key, chain);
  }

  /** The read of {@code wallet}'s ownership of one of {@code collection}: the family's. */
  static OwnershipRead<?> ownership(
      Chain chain, String collection, Optional<Long> taxon, WalletAddress wallet) {
    return HoldingFamilies.on(chain)
        .ownership(collection, taxon, wallet)
        .orElseThrow(() -> new IllegalArgumentException("no collections are read on " + chain));
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
    Optional<Boolean> held =
        ownership(chain, collection.checksummed(), Optional.empty(), context.wallet())
            .holds(context.readings());
    if (held.isEmpty()) {
      return new ConditionVerdict.Unavailable(
          FailureSource.BALANCE_READ, "NFT balance could not be read");
    }
    return new ConditionVerdict.Decided(held.get(), evaluatedCondition(), PayloadValue.object());
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
