package org.walletstate.adapters.chain.evm;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * The instant by which an observation must be answered. Every layer below the observation sizes its
 * waits by it: an attempt waits at most the time left, and no retry starts that could not finish in
 * time.
 */
public final class Deadline {

  // Fields written out by design: each class holds only what it is given.
  private final Clock clock;
  private final Instant at;

  private Deadline(Clock clock, Instant at) {
    this.clock = clock;
    this.at = at;
  }

  /** The deadline {@code budget} from now on {@code clock}. */
  public static Deadline after(Clock clock, Duration budget) {
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(budget, "budget");
    return new Deadline(clock, clock.instant().plus(budget));
  }

  /** The time left; zero once the deadline has passed. */
  public Duration remaining() {
    Duration left = Duration.between(clock.instant(), at);
    return left.isNegative() ? Duration.ZERO : left;
  }

  public boolean hasPassed() {
    return remaining().isZero();
  }

  /** {@code wait}, shortened to the time left. */
  public Duration cap(Duration wait) {
    Duration left = remaining();
    return wait.compareTo(left) < 0 ? wait : left;
  }

  @Override
  public String toString() {
    return "Deadline[" + at + ", " + remaining().toMillis() + " ms left]";
  }
}
