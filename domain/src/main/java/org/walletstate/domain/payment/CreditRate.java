package org.walletstate.domain.payment;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Credits per USD paid. {@link #VOLUME} (keys and credits): 5 to 99 USD gives 25 credits per USD,
 * 100 to 499 gives 33, 500 and above gives 50. {@link #FLAT_25} (merchant credits): 25 per USD at
 * any amount. Credits are whole: a fraction of a credit is not given.
 */
public enum CreditRate {
  VOLUME {
    @Override
    public int perUsd(BigDecimal usd) {
      if (usd.compareTo(BigDecimal.valueOf(500)) >= 0) {
        return 50;
      }
      return usd.compareTo(BigDecimal.valueOf(100)) >= 0 ? 33 : 25;
    }
  },
  FLAT_25 {
    @Override
    public int perUsd(BigDecimal usd) {
      return 25;
    }
  };

  /** Credits per USD for a purchase of {@code usd}. */
  public abstract int perUsd(BigDecimal usd);

  /**
   * The credits {@code usd} buys, rounded down.
   *
   * @throws IllegalArgumentException below {@link PaymentCheck#MINIMUM_USD}
   */
  public long credits(BigDecimal usd) {
    if (usd.compareTo(PaymentCheck.MINIMUM_USD) < 0) {
      throw new IllegalArgumentException("below the minimum purchase: " + usd);
    }
    return usd.multiply(BigDecimal.valueOf(perUsd(usd)))
        .setScale(0, RoundingMode.DOWN)
        .longValueExact();
  }
}
