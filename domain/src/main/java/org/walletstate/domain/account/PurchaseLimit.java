package org.walletstate.domain.account;

import java.math.BigDecimal;

/**
 * The daily request limit a credit purchase gives its key (docs/billing.md, "Daily limits of bought
 * keys"), by the largest single purchase the key made: a purchase worth as much as a month of a
 * paid plan gives that plan's daily limit, any smaller purchase 1,000 requests a day. The limit
 * stays with the key (its credits do not expire either); a key's limit is the larger of its plan's
 * and this.
 */
public final class PurchaseLimit {

  /** The daily limit of a key whose largest purchase was below a month of pro. */
  public static final int SMALL_PURCHASE = 1_000;

  private PurchaseLimit() {}

  /** The daily limit a purchase worth {@code usd} gives. */
  public static int of(BigDecimal usd) {
    if (usd.compareTo(Plan.ENTERPRISE.monthlyUsd()) >= 0) {
      return Plan.ENTERPRISE.dailyLimit();
    }
    if (usd.compareTo(Plan.PRO.monthlyUsd()) >= 0) {
      return Plan.PRO.dailyLimit();
    }
    return SMALL_PURCHASE;
  }

  /** A key's daily limit: the larger of its plan's and what its largest purchase gives. */
  public static int dailyLimit(Plan plan, BigDecimal largestPurchaseUsd) {
    return Math.max(plan.dailyLimit(), of(largestPurchaseUsd));
  }
}
