package org.walletstate.domain.stellar;

import java.math.BigInteger;
import java.util.Objects;

/**
 * What a holder has on a Stellar trustline.
 *
 * @param stroops the balance in stroops (every classic asset has 7 decimals)
 * @param authorized whether the issuer fully authorised the line ({@code is_authorized}); a line
 *     that may only maintain liabilities is not authorised
 */
public record StellarTrustLine(BigInteger stroops, boolean authorized) {

  /** No trustline: nothing held. */
  public static final StellarTrustLine NONE = new StellarTrustLine(BigInteger.ZERO, false);

  // Alike by design: each family's trust line is its own value, checked on construction.
  public StellarTrustLine {
    Objects.requireNonNull(stroops, "stroops");
    if (stroops.signum() < 0) {
      throw new IllegalArgumentException("a held balance is not negative: " + stroops);
    }
  }
}
