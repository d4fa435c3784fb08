package org.walletstate.domain.holding;

import java.math.BigDecimal;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.amount.TokenDecimals;

/**
 * A holding read in full: the balance and the decimals that relate it to display units.
 *
 * @param decimals empty when the balance is already in the token's own units
 */
public record Held(Balance balance, Optional<TokenDecimals> decimals) {
  public Held {
    Objects.requireNonNull(balance, "balance");
    Objects.requireNonNull(decimals, "decimals");
  }

  /** Display units, exact. */
  public BigDecimal amount() {
    return decimals.map(d -> balance.units().movePointLeft(d.value())).orElse(balance.units());
  }

  /**
   * Whether it is usable and at least {@code threshold} display units, compared exactly in the
   * balance's own units.
   */
  public boolean atLeast(BigDecimal threshold) {
    BigDecimal needed = decimals.map(d -> threshold.movePointRight(d.value())).orElse(threshold);
    return balance.usable() && balance.units().compareTo(needed) >= 0;
  }
}
