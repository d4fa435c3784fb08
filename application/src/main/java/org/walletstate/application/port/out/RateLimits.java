package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.time.Instant;

/**
 * Request counts per policy and client in fixed windows, shared by every replica: a request is
 * counted only while its window is below the limit, atomically, so replicas together never let more
 * through than the limit.
 */
public interface RateLimits {

  /**
   * Counts one request of {@code client} under {@code policy} in the window of length {@code
   * window} that holds {@code now} (windows start at multiples of their length since the epoch).
   *
   * @param client an opaque client key (the caller hashes addresses before they get here)
   */
  Uni<Decision> take(String policy, String client, int limit, Duration window, Instant now);

  /** Whether a request may go on. */
  sealed interface Decision {
    /** Counted; {@code remaining} more fit in this window. */
    record Allowed(int remaining) implements Decision {}

    /** The window is full; it ends in {@code retryAfterSeconds} (at least 1). */
    record Limited(long retryAfterSeconds) implements Decision {}
  }

  /**
   * The window of length {@code window} holding {@code now}: its start, as epoch seconds.
   *
   * @throws IllegalArgumentException when the window is under a second
   */
  static long windowStart(Duration window, Instant now) {
    long seconds = window.toSeconds();
    if (seconds < 1) {
      throw new IllegalArgumentException("a rate-limit window is at least one second: " + window);
    }
    return Math.floorDiv(now.getEpochSecond(), seconds) * seconds;
  }

  /** Seconds until the window holding {@code now} ends, at least 1. */
  static long secondsLeft(Duration window, Instant now) {
    long end = windowStart(window, now) + window.toSeconds();
    return Math.max(1, end - now.getEpochSecond());
  }
}
