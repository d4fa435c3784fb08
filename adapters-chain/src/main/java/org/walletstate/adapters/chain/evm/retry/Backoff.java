package org.walletstate.adapters.chain.evm.retry;

import java.time.Duration;
import java.util.Objects;
import java.util.function.DoubleSupplier;

/**
 * Pauses between retries: exponential from {@code initial}, capped at {@code max}, with "equal
 * jitter" (half the pause fixed, half random) so that many requests failing together do not retry
 * together, yet no retry follows a failure at once.
 */
public final class Backoff {

  // Fields checked and kept as TransactionReader's are, by design: each class holds its own
  // values.
  private final Duration initial;
  private final Duration max;
  private final DoubleSupplier random;

  /**
   * @param random uniform values in {@code [0, 1)}; injected so tests can fix them
   */
  public Backoff(Duration initial, Duration max, DoubleSupplier random) {
    this.initial = Objects.requireNonNull(initial, "initial");
    this.max = Objects.requireNonNull(max, "max");
    this.random = Objects.requireNonNull(random, "random");
    if (initial.isNegative() || max.compareTo(initial) < 0) {
      throw new IllegalArgumentException("need 0 <= initial <= max, got " + initial + ", " + max);
    }
  }

  /**
   * The pause before retry number {@code retry} (1 for the first retry): between half and all of
   * {@code min(max, initial × 2^(retry-1))}.
   */
  public Duration before(int retry) {
    if (retry < 1) {
      throw new IllegalArgumentException("retries count from 1, got " + retry);
    }
    long ceiling = initial.toNanos();
    for (int i = 1; i < retry && ceiling < max.toNanos(); i++) {
      ceiling *= 2;
    }
    ceiling = Math.min(ceiling, max.toNanos());
    double jitter = random.getAsDouble();
    if (!(jitter >= 0 && jitter < 1)) {
      throw new IllegalStateException(
          "the random source gave " + jitter + ", not a value in [0, 1)");
    }
    long half = ceiling / 2;
    return Duration.ofNanos(half + (long) (jitter * (ceiling - half)));
  }
}
