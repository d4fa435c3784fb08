package org.walletstate.domain.bitcoin;

import java.math.BigInteger;
import java.util.Collection;
import java.util.Objects;
import java.util.Set;
import org.walletstate.domain.address.BitcoinAddress;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainRead;

/**
 * One fact read from Bitcoin between two reads of the chain tip: the adapter reads the tip, then
 * the facts, then the tip again, and answers only when the tip did not move. Equal reads are equal
 * values.
 *
 * @param <T> the type of the value read
 */
public sealed interface BitcoinRead<T> extends ChainRead<T> permits BitcoinRead.ConfirmedSats {

  // Alike by design: each family's read interface names its family and narrows the neutral reads.
  @Override
  default ChainFamily family() {
    return ChainFamily.BITCOIN;
  }

  /**
   * The family-neutral reads as Bitcoin reads.
   *
   * @throws IllegalArgumentException when a read is of another family
   */
  static Set<BitcoinRead<?>> all(Collection<? extends ChainRead<?>> reads) {
    return ChainRead.allOf(BitcoinRead.class, "a Bitcoin read", reads);
  }

  /**
   * The address's confirmed balance in satoshis: what confirmed transactions paid to it less what
   * confirmed transactions spent from it. Unconfirmed (mempool) transactions do not count.
   */
  record ConfirmedSats(BitcoinAddress address) implements BitcoinRead<BigInteger> {
    public ConfirmedSats {
      Objects.requireNonNull(address, "address");
    }
  }
}
