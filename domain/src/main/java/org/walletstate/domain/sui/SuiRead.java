package org.walletstate.domain.sui;

import java.math.BigInteger;
import java.util.Collection;
import java.util.Objects;
import java.util.Set;
import org.walletstate.domain.address.SuiAddress;
import org.walletstate.domain.address.SuiCoinType;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainRead;

/**
 * One fact read from Sui at one checkpoint. Equal reads are equal values; coin types compare in
 * their canonical (long-address) form, so the short and long forms are one read.
 *
 * @param <T> the type of the value read
 */
public sealed interface SuiRead<T> extends ChainRead<T>
    permits SuiRead.CoinBalance, SuiRead.CoinDecimals {

  // Alike by design: shaped like SolanaRead's and StellarRead's reads, as each family's reads
  // are its own sealed values (equal reads are one read); only ChainRead.allOf is shared.
  @Override
  default ChainFamily family() {
    return ChainFamily.SUI;
  }

  /**
   * The family-neutral reads as Sui reads.
   *
   * @throws IllegalArgumentException when a read is of another family
   */
  static Set<SuiRead<?>> all(Collection<? extends ChainRead<?>> reads) {
    return ChainRead.allOf(SuiRead.class, "a Sui read", reads);
  }

  // Alike by design: each family's reads are its own sealed records, checked on construction.
  /** The owner's total balance of the coin type in its base units (0 when it holds none). */
  record CoinBalance(SuiAddress owner, SuiCoinType coinType) implements SuiRead<BigInteger> {
    public CoinBalance {
      Objects.requireNonNull(owner, "owner");
      Objects.requireNonNull(coinType, "coinType");
    }
  }

  /** The coin type's decimals from its metadata; a coin without metadata is unreadable. */
  record CoinDecimals(SuiCoinType coinType) implements SuiRead<Integer> {
    public CoinDecimals {
      Objects.requireNonNull(coinType, "coinType");
    }
  }
}
