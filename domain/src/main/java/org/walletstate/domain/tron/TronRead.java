package org.walletstate.domain.tron;

import java.math.BigInteger;
import java.util.Collection;
import java.util.Objects;
import java.util.Set;
import org.walletstate.domain.address.TronAddress;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainRead;

/**
 * One fact read from Tron's solidified (irreversible) state, between two reads of the solidified
 * head: the adapter answers only when the head did not move. Equal reads are equal values.
 *
 * @param <T> the type of the value read
 */
public sealed interface TronRead<T> extends ChainRead<T>
    permits TronRead.TrxSun, TronRead.Trc20Balance, TronRead.Trc20Decimals {

  // Alike by design: shaped like SolanaRead's and SuiRead's reads, as each family's reads are its
  // own sealed values (equal reads are one read); only ChainRead.allOf is shared.
  @Override
  default ChainFamily family() {
    return ChainFamily.TRON;
  }

  /**
   * The family-neutral reads as Tron reads.
   *
   * @throws IllegalArgumentException when a read is of another family
   */
  static Set<TronRead<?>> all(Collection<? extends ChainRead<?>> reads) {
    return ChainRead.allOf(TronRead.class, "a Tron read", reads);
  }

  // Alike by design: each family's reads are its own sealed records, checked on construction.
  /** The account's TRX balance in sun (0 for an account that does not exist). */
  record TrxSun(TronAddress account) implements TronRead<BigInteger> {
    public TrxSun {
      Objects.requireNonNull(account, "account");
    }
  }

  /** {@code balanceOf(holder)} of a TRC-20 token, through a constant call. */
  record Trc20Balance(TronAddress token, TronAddress holder) implements TronRead<BigInteger> {
    public Trc20Balance {
      Objects.requireNonNull(token, "token");
      Objects.requireNonNull(holder, "holder");
    }
  }

  /** {@code decimals()} of a TRC-20 token, through a constant call. */
  record Trc20Decimals(TronAddress token) implements TronRead<TokenDecimals> {
    public Trc20Decimals {
      Objects.requireNonNull(token, "token");
    }
  }
}
