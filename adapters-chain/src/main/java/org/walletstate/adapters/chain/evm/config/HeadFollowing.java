package org.walletstate.adapters.chain.evm.config;

import java.time.Duration;
import java.util.Objects;

/**
 * Whether and how the EVM reader follows each chain's head (see {@code evm.head.FollowedHeadRpc}).
 *
 * @param enabled false: every observation reads its head (two round trips: head, then reads)
 * @param pollInterval how often a followed chain's head is read; about the chain's block time
 * @param maxAge the oldest a followed head may be to anchor a request, counted from the last time
 *     the endpoint answered it as its latest block; an older or missing head is read by the request
 *     itself
 * @param idleAfter a chain no request has asked for during this long is not polled until the next
 *     request asks (that request reads its head)
 */
public record HeadFollowing(
    boolean enabled, Duration pollInterval, Duration maxAge, Duration idleAfter) {

  public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofSeconds(1);
  public static final Duration DEFAULT_MAX_AGE = Duration.ofSeconds(3);
  public static final Duration DEFAULT_IDLE_AFTER = Duration.ofMinutes(5);

  // Null checks written out by design: a value checks its own parts on construction.
  public HeadFollowing {
    Objects.requireNonNull(pollInterval, "pollInterval");
    Objects.requireNonNull(maxAge, "maxAge");
    Objects.requireNonNull(idleAfter, "idleAfter");
    if (pollInterval.toMillis() < 10) {
      throw new IllegalArgumentException("pollInterval must be at least 10 ms: " + pollInterval);
    }
    if (maxAge.compareTo(pollInterval) < 0) {
      throw new IllegalArgumentException(
          "maxAge (" + maxAge + ") must be at least the pollInterval (" + pollInterval + ")");
    }
    if (idleAfter.isNegative() || idleAfter.isZero()) {
      throw new IllegalArgumentException("idleAfter must be positive: " + idleAfter);
    }
  }

  /** Following on: polled every second, a head up to 3 s old anchors, idle after 5 minutes. */
  public static HeadFollowing defaults() {
    return new HeadFollowing(true, DEFAULT_POLL_INTERVAL, DEFAULT_MAX_AGE, DEFAULT_IDLE_AFTER);
  }

  /** Every observation reads its own head. */
  public static HeadFollowing off() {
    return new HeadFollowing(false, DEFAULT_POLL_INTERVAL, DEFAULT_MAX_AGE, DEFAULT_IDLE_AFTER);
  }

  public HeadFollowing withPollInterval(Duration pollInterval) {
    return new HeadFollowing(enabled, pollInterval, maxAge, idleAfter);
  }

  public HeadFollowing withMaxAge(Duration maxAge) {
    return new HeadFollowing(enabled, pollInterval, maxAge, idleAfter);
  }

  public HeadFollowing withIdleAfter(Duration idleAfter) {
    return new HeadFollowing(enabled, pollInterval, maxAge, idleAfter);
  }

  public HeadFollowing withEnabled(boolean enabled) {
    return new HeadFollowing(enabled, pollInterval, maxAge, idleAfter);
  }
}
