package org.walletstate.domain.xrpl;

import java.math.BigInteger;
import java.util.Collection;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.address.XrplAddress;
import org.walletstate.domain.address.XrplCurrency;
import org.walletstate.domain.address.XrplTaxon;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainRead;

/**
 * One fact read from the XRP Ledger at one validated ledger: the adapter resolves the validated
 * ledger once and sends its index with every call. Equal reads are equal values.
 *
 * @param <T> the type of the value read
 */
public sealed interface XrplRead<T> extends ChainRead<T>
    permits XrplRead.XrpDrops, XrplRead.TrustLine, XrplRead.IssuerFrozen, XrplRead.NftHeld {

  // Alike by design: shaped like StellarRead's reads, as each family's reads are its own sealed
  // values (equal reads are one read); only ChainRead.allOf is shared.
  @Override
  default ChainFamily family() {
    return ChainFamily.XRPL;
  }

  /**
   * The family-neutral reads as XRPL reads.
   *
   * @throws IllegalArgumentException when a read is of another family
   */
  static Set<XrplRead<?>> all(Collection<? extends ChainRead<?>> reads) {
    return ChainRead.allOf(XrplRead.class, "an XRPL read", reads);
  }

  /** The account's XRP balance in drops (0 for an account that does not exist). */
  record XrpDrops(XrplAddress account) implements XrplRead<BigInteger> {
    public XrpDrops {
      Objects.requireNonNull(account, "account");
    }
  }

  /**
   * The holder's trust line to {@code issuer} in {@code currency}: what it holds and whether the
   * issuer froze it ({@link TrustLineHolding#NONE} when there is no such line).
   */
  record TrustLine(XrplAddress holder, XrplAddress issuer, XrplCurrency currency)
      implements XrplRead<TrustLineHolding> {
    public TrustLine {
      Objects.requireNonNull(holder, "holder");
      Objects.requireNonNull(issuer, "issuer");
      Objects.requireNonNull(currency, "currency");
    }
  }

  /**
   * Whether the issuer's account has a global freeze on everything it issued. An issuer account
   * that does not exist is unreadable, never "not frozen".
   */
  record IssuerFrozen(XrplAddress issuer) implements XrplRead<Boolean> {
    public IssuerFrozen {
      Objects.requireNonNull(issuer, "issuer");
    }
  }

  /**
   * Whether the holder owns at least one NFT from {@code issuer}, of {@code taxon} when given. The
   * NFT pages are walked to a fixed bound; a wallet with more is unreadable.
   */
  record NftHeld(XrplAddress holder, XrplAddress issuer, Optional<XrplTaxon> taxon)
      implements XrplRead<Boolean> {

    /** The most {@code account_nfts} requests one read walks before it gives up. */
    public static final int MAX_REQUESTS = 10;

    /**
     * The start of an unreadable detail, and the caller's message, when the walk hit its bound: a
     * retry meets the same bound.
     */
    public static final String TOO_MANY =
        "the wallet holds more NFTs than one attestation reads (over "
            + MAX_REQUESTS
            + " pages of NFTs) and none matched; retrying will not help";

    public NftHeld {
      Objects.requireNonNull(holder, "holder");
      Objects.requireNonNull(issuer, "issuer");
      Objects.requireNonNull(taxon, "taxon");
    }
  }
}
