package org.walletstate.domain.account;

/**
 * The plans of the interface. Credits and the daily request limit are separate ceilings: reads use
 * only the daily limit; attest and trust also consume credits.
 */
public enum Plan {
  FREE("free", 100, 10),
  PRO("pro", 10_000, 1_000),
  ENTERPRISE("enterprise", 100_000, 5_000);

  private final String wireName;
  private final int dailyLimit;
  private final int includedCredits;

  Plan(String wireName, int dailyLimit, int includedCredits) {
    this.wireName = wireName;
    this.dailyLimit = dailyLimit;
    this.includedCredits = includedCredits;
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
