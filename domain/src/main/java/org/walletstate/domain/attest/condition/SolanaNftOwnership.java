package org.walletstate.domain.attest.condition;

import java.util.Objects;
import java.util.Set;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.address.SolanaMint;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
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

  @Override
  public Set<SolanaRead<?>> reads(SolanaAddress wallet) {
    return Set.of(new SolanaRead.NftHeld(wallet, mint));
  }

  @Override
  public ConditionVerdict evaluate(EvaluationContext<SolanaAddress> context) {
    Reading<Boolean> held =
        context.readings().reading(new SolanaRead.NftHeld(context.wallet(), mint));
    if (!(held instanceof Reading.Value<Boolean> value)) {
      return new ConditionVerdict.Unavailable(
          FailureSource.BALANCE_READ, "NFT holdings could not be read");
    }
    return new ConditionVerdict.Decided(
        value.value(),
        EvaluatedConditions.begin(type(), chain)
            .put("contractAddress", mint.text())
            .put("operator", "gt")
            .put("threshold", 0)
            .build(),
        PayloadValue.object());
  }

  @Override
  public ProofRequirement proof(SolanaAddress wallet) {
    return SolanaCondition.noProof(chain);
  }
}
