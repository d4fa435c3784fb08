package org.walletstate.domain.solana;

import java.math.BigInteger;
import java.util.Collection;
import java.util.Objects;
import java.util.Set;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.address.SolanaMint;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainRead;

/**
 * One fact read from Solana at one slot. The adapter answers every read of a query from one
 * snapshot (one {@code getMultipleAccounts} answer at commitment {@code finalized}), so all of them
 * share the slot that anchors the result. Equal reads are equal values.
 *
 * @param <T> the type of the value read
 */
public sealed interface SolanaRead<T> extends ChainRead<T>
    permits SolanaRead.Lamports,
        SolanaRead.MintDecimals,
        SolanaRead.TokenAmount,
        SolanaRead.NftHeld,
        SolanaRead.AccountOwner {

  // Alike by design: each family's read interface names its family and narrows the neutral reads.
  @Override
  default ChainFamily family() {
    return ChainFamily.SOLANA;
  }

  /**
   * The family-neutral reads as Solana reads.
   *
   * @throws IllegalArgumentException when a read is of another family
   */
  static Set<SolanaRead<?>> all(Collection<? extends ChainRead<?>> reads) {
    return ChainRead.allOf(SolanaRead.class, "a Solana read", reads);
  }

  /** The account's lamports (0 for an account that does not exist). */
  record Lamports(SolanaAddress owner) implements SolanaRead<BigInteger> {
    public Lamports {
      Objects.requireNonNull(owner, "owner");
    }
  }

  /** The decimals an SPL mint (Token or Token-2022) declares. */
  record MintDecimals(SolanaMint mint) implements SolanaRead<TokenDecimals> {
    public MintDecimals {
      Objects.requireNonNull(mint, "mint");
    }
  }

  /**
   * The raw amount of {@code mint} held by {@code owner}: the sum over every token account the
   * owner has for the mint, under either token program (0 when there is none).
   */
  record TokenAmount(SolanaAddress owner, SolanaMint mint) implements SolanaRead<BigInteger> {
    public TokenAmount {
      Objects.requireNonNull(owner, "owner");
      Objects.requireNonNull(mint, "mint");
    }
  }

  /**
   * Whether {@code owner} holds the NFT {@code mint} itself (at least one base unit of a mint with
   * 0 decimals), or an NFT whose Metaplex metadata names {@code mint} as its verified collection.
   */
  record NftHeld(SolanaAddress owner, SolanaMint mint) implements SolanaRead<Boolean> {
    public NftHeld {
      Objects.requireNonNull(owner, "owner");
      Objects.requireNonNull(mint, "mint");
    }
  }

  /**
   * The program that owns an account at the anchor, as base58 text; {@code ""} when there is no
   * such account. Tells a token mint from a Metaplex Core asset or collection, which no token
   * account holds.
   */
  record AccountOwner(SolanaMint account) implements SolanaRead<String> {
    public AccountOwner {
      Objects.requireNonNull(account, "account");
    }
  }
}
