package org.walletstate.domain.account;

import java.math.BigDecimal;

/**
 * The plans of the interface. Credits and the daily request limit are separate ceilings: reads use
 * only the daily limit; attest and trust also consume credits.
 */
public enum Plan {
  FREE("free", 100, 10, false, BigDecimal.ZERO),
  PRO("pro", 10_000, 1_000, true, new BigDecimal("29")),
  ENTERPRISE("enterprise", 100_000, 5_000, true, new BigDecimal("99"));

  private final String wireName;
  private final int dailyLimit;
  private final int includedCredits;
  private final boolean monthly;
  private final BigDecimal monthlyPriceUsd;

  Plan(
      String wireName,
      int dailyLimit,
      int includedCredits,
      boolean monthly,
      BigDecimal monthlyPriceUsd) {
    this.wireName = wireName;
    this.dailyLimit = dailyLimit;
    this.includedCredits = includedCredits;
    this.monthly = monthly;
    this.monthlyPriceUsd = monthlyPriceUsd;
  }

  public String wireName() {
    return wireName;
  }

  /** Authenticated requests per UTC day. */
  public int dailyLimit() {
    return dailyLimit;
  }

  /** Credits granted: once for free keys, every month for paid plans. */
  public int includedCredits() {
    return includedCredits;
  }

  public boolean creditsRenewMonthly() {
    return monthly;
  }

  public BigDecimal monthlyPriceUsd() {
    return monthlyPriceUsd;
  }

  public static Plan fromWireName(String name) {
    for (Plan plan : values()) {
      if (plan.wireName.equals(name)) {
        return plan;
      }
    }
    throw new IllegalArgumentException("unknown plan " + name);
  }
}
