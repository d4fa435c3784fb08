package org.walletstate.domain.stellar;

import java.math.BigInteger;
import java.util.Collection;
import java.util.Objects;
import java.util.Set;
import org.walletstate.domain.address.StellarAddress;
import org.walletstate.domain.address.StellarAssetCode;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainRead;

/**
 * One fact read from Stellar's classic ledger at one ledger: the adapter reads every account of a
 * query from the same ledger and anchors there. Soroban contract balances are not visible to these
 * reads. Equal reads are equal values.
 *
 * @param <T> the type of the value read
 */
public sealed interface StellarRead<T> extends ChainRead<T>
    permits StellarRead.LumenStroops, StellarRead.TrustLine {

  @Override
  default ChainFamily family() {
    return ChainFamily.STELLAR;
  }

  /**
   * The family-neutral reads as Stellar reads.
   *
   * @throws IllegalArgumentException when a read is of another family
   */
  static Set<StellarRead<?>> all(Collection<? extends ChainRead<?>> reads) {
    return ChainRead.allOf(StellarRead.class, "a Stellar read", reads);
  }

  /** The account's XLM balance in stroops (0 for an account that does not exist). */
  record LumenStroops(StellarAddress account) implements StellarRead<BigInteger> {
    public LumenStroops {
      Objects.requireNonNull(account, "account");
    }
  }

  /**
   * The holder's trustline to the asset {@code code} issued by {@code issuer} ({@link
   * StellarTrustLine#NONE} when there is no such line, or no such account).
   */
  record TrustLine(StellarAddress holder, StellarAddress issuer, StellarAssetCode code)
      implements StellarRead<StellarTrustLine> {
    public TrustLine {
      Objects.requireNonNull(holder, "holder");
      Objects.requireNonNull(issuer, "issuer");
      Objects.requireNonNull(code, "code");
    }
  }
}
