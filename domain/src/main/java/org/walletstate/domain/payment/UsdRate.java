package org.walletstate.domain.payment;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * A coin's price in USD as a price feed answered it (Chainlink's {@code latestRoundData()}): the
 * answer in the feed's decimals, when the feed last updated it, and the block it was read at.
 *
 * @param pair what the feed prices, e.g. {@code BTC/USD}
 * @param answer the price in units of 10<sup>-decimals</sup> USD, positive
 * @param decimals the feed's {@code decimals()}
 * @param updatedAt the answer's {@code updatedAt}
 * @param block the block the feed was read at (the pinned block)
 */
public record UsdRate(String pair, BigInteger answer, int decimals, Instant updatedAt, long block) {

  /** A USD amount is kept to whole cents. */
  public static final int USD_SCALE = 2;

  public UsdRate {
    Objects.requireNonNull(pair, "pair");
    Objects.requireNonNull(updatedAt, "updatedAt");
    if (answer == null || answer.signum() <= 0) {
      throw new IllegalArgumentException("a price is positive: " + answer);
    }
    if (decimals < 0 || decimals > 36) {
      throw new IllegalArgumentException("decimals out of range: " + decimals);
    }
  }

  /** USD per whole coin. */
  public BigDecimal usdPerCoin() {
    return new BigDecimal(answer, decimals).stripTrailingZeros();
  }

  /**
   * The USD value of {@code raw} base units of a coin with {@code coinDecimals} decimals (bitcoin:
   * sats, 8), truncated down to whole cents: the buyer is never credited for value the coin did not
   * have at this price; what is cut is less than one cent.
   */
  public BigDecimal usd(BigInteger raw, int coinDecimals) {
    return new BigDecimal(raw, coinDecimals)
        .multiply(new BigDecimal(answer, decimals))
        .setScale(USD_SCALE, RoundingMode.DOWN);
  }

  /** Whether the answer is older than {@code maxAge} at {@code now}. */
  public boolean staleAt(Instant now, Duration maxAge) {
    return updatedAt.plus(maxAge).isBefore(now);
  }
}
