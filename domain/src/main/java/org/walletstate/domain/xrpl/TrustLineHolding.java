package org.walletstate.domain.xrpl;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * What a holder has on a trust line, as the holder's side shows it.
 *
 * @param balance the amount held, in the token's own units; 0 when the holder owes instead
 * @param frozen whether the issuer froze this line ({@code freeze_peer} or {@code
 *     deep_freeze_peer}); a freeze the holder set on its own side does not count
 */
public record TrustLineHolding(BigDecimal balance, boolean frozen) {

  /** No trust line: nothing held, nothing frozen. */
  public static final TrustLineHolding NONE = new TrustLineHolding(BigDecimal.ZERO, false);

  public TrustLineHolding {
    Objects.requireNonNull(balance, "balance");
    if (balance.signum() < 0) {
      throw new IllegalArgumentException("a held balance is not negative: " + balance);
    }
  }
}
