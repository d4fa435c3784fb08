package org.walletstate.domain.account;

/**
 * The plans of the interface. Credits and the daily request limit are separate ceilings: reads use
 * only the daily limit; attest and trust also consume credits.
 */
public enum Plan {
  FREE("free", 100, 10, 0),
  PRO("pro", 10_000, 1_000, 29),
  ENTERPRISE("enterprise", 100_000, 5_000, 99);

  private final String wireName;
  private final int dailyLimit;
  private final int includedCredits;
  private final int monthlyUsd;

  Plan(String wireName, int dailyLimit, int includedCredits, int monthlyUsd) {
    this.wireName = wireName;
    this.dailyLimit = dailyLimit;
    this.includedCredits = includedCredits;
    this.monthlyUsd = monthlyUsd;
  }

  /** The price of a month of the plan, in USD (0 for free). */
  public java.math.BigDecimal monthlyUsd() {
    return java.math.BigDecimal.valueOf(monthlyUsd);
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

  public static Plan fromWireName(String name) {
    for (Plan plan : values()) {
      if (plan.wireName.equals(name)) {
        return plan;
      }
    }
    throw new IllegalArgumentException("unknown plan " + name);
  }
}
