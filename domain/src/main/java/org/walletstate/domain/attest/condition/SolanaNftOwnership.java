package org.walletstate.domain.attest.condition;

import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.address.SolanaMint;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.holding.OwnershipRead;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.solana.SolanaRead;

/**
 * {@code nft_ownership} on Solana. {@code contractAddress} is a mint, read two ways: met when the
 * wallet holds that NFT mint itself (a token account of it with a non-zero amount, the mint having
 * 0 decimals), or holds any NFT whose Metaplex metadata names the mint as its <em>verified</em>
 * collection. Compressed NFTs and Metaplex Core assets are not token accounts and are not seen.
 *
 * @param chain solana
 * @param mint the NFT's mint or its verified collection's mint
 */
public record SolanaNftOwnership(Chain chain, SolanaMint mint) implements SolanaCondition {

  public SolanaNftOwnership {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(mint, "mint");
  }

  @Override
  public ConditionType type() {
    return NftOwnership.TYPE;
  }

  static SolanaNftOwnership parse(Fields fields, KeyVersion key, Chain chain) {
    SolanaAsset asset = SolanaHolding.asset(fields, NftOwnership.TYPE, false);
    return new SolanaNftOwnership(chain, ((SolanaAsset.Mint) asset).mint());
  }

  /** The Metaplex Core program: its assets and collections are no token mints. */
  public static final String CORE_PROGRAM = "CoREENxT6tW1HoK8ypY1SxRMZTcVPm7R94rH4PZNhX7d";

  @Override
  public Set<SolanaRead<?>> reads(SolanaAddress wallet) {
    Set<SolanaRead<?>> reads = new LinkedHashSet<>();
    reads.add(new SolanaRead.AccountOwner(mint));
    reads.add((SolanaRead<?>) held(wallet).read());
    return reads;
  }

  /**
   * A Metaplex Core asset or collection is refused (400): no token account holds it, and core
   * Solana RPC cannot say who does, so a verdict would be a silent false.
   */
  @Override
  public ConditionVerdict evaluate(EvaluationContext<SolanaAddress> context) {
    Reading<String> program = context.readings().reading(new SolanaRead.AccountOwner(mint));
    if (!(program instanceof Reading.Value<String> owner)) {
      return new ConditionVerdict.Unavailable(
          FailureSource.TOKEN_METADATA_READ, "NFT mint could not be read");
    }
    if (owner.value().equals(CORE_PROGRAM)) {
      return new ConditionVerdict.Refused(
          context.field("contractAddress")
              + " "
              + mint.text()
              + " is a Metaplex Core asset or collection; Core assets are held by no token"
              + " account and core Solana RPC cannot read who holds them");
    }
    Optional<Boolean> held = held(context.wallet()).holds(context.readings());
    if (held.isEmpty()) {
      return new ConditionVerdict.Unavailable(
          FailureSource.BALANCE_READ, "NFT holdings could not be read");
    }
    return new ConditionVerdict.Decided(
        held.get(),
        EvaluatedConditions.begin(type(), chain)
            .put("contractAddress", mint.text())
            .put("operator", "gt")
            .put("threshold", 0)
            .build(),
        PayloadValue.object());
  }

  /** Whether {@code wallet} holds the mint or one of its verified collection: the family's read. */
  private OwnershipRead<?> held(SolanaAddress wallet) {
    return NftOwnership.ownership(chain, mint.text(), Optional.empty(), wallet);
  }

  @Override
  public ProofRequirement proof(SolanaAddress wallet) {
    return SolanaCondition.noProof(chain);
  }
}
