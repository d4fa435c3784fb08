package org.walletstate.devnet.faults;

import java.util.Objects;

/**
 * A value: requests that {@code match} get {@code fault}, at most {@code limit} times. Rules are
 * tried in the order they were installed; the first that matches and has firings left decides, and
 * a request no rule takes is passed through.
 *
 * <pre>{@code
 * proxy.install(Rule.of(Match.method("eth_call"), Fault.status(503)).times(2));
 * proxy.install(Rule.of(Match.nthCall("eth_getBlockByNumber", 1), Fault.moveHead()));
 * }</pre>
 *
 * @param match which requests
 * @param fault what they get
 * @param limit how many requests at most ({@link #UNLIMITED} for no limit)
 */
public record Rule(Match match, Fault fault, long limit) {

  public static final long UNLIMITED = Long.MAX_VALUE;

  public Rule {
    Objects.requireNonNull(match, "match");
    Objects.requireNonNull(fault, "fault");
    if (limit < 1) {
      throw new IllegalArgumentException("a rule fires at least once, got limit " + limit);
    }
  }

  /** Every matching request gets {@code fault}. */
  public static Rule of(Match match, Fault fault) {
    return new Rule(match, fault, UNLIMITED);
  }

  /** The same rule, firing at most {@code n} times. */
  public Rule times(long n) {
    return new Rule(match, fault, n);
  }

  /** The same rule, firing once. */
  public Rule once() {
    return times(1);
  }
}
