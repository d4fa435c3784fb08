package org.walletstate.domain.holding;

import java.math.BigDecimal;
import java.util.Objects;
import java.util.Optional;

/**
 * What a wallet holds of an asset as its family counts it, before decimals: base units for an asset
 * with decimals, the token's own units for one without (an XRPL trust line).
 *
 * @param units the balance that counts (a Stellar line the issuer has not authorised counts
 *     nothing)
 * @param frozen for a line an issuer can freeze (XRPL), whether it is frozen at the anchor: a
 *     frozen line is not usable, whatever it holds; empty where nothing can be frozen
 */
public record Balance(BigDecimal units, Optional<Boolean> frozen) {
  public Balance {
    Objects.requireNonNull(units, "units");
    Objects.requireNonNull(frozen, "frozen");
  }

  /** A balance nothing can freeze. */
  public static Balance of(java.math.BigInteger units) {
    return new Balance(new BigDecimal(units), Optional.empty());
  }

  /** Whether the holder can use it: not frozen. */
  public boolean usable() {
    return !frozen.orElse(false);
  }

  /** Whether it is usable and more than zero: the presence a trust profile's row checks. */
  public boolean present() {
    return usable() && units.signum() > 0;
  }
}
