package org.walletstate.domain.chain;

import java.util.Objects;

/**
 * A read's outcome interpreted as a value of its type: the value, a revert, or nothing usable (the
 * read failed, or the answer was empty or malformed).
 */
public sealed interface Reading<T> permits Reading.Value, Reading.Reverted, Reading.Unreadable {

  record Value<T>(T value) implements Reading<T> {
    public Value {
      Objects.requireNonNull(value, "value");
    }
  }

  /** The call reverted at the pinned block. */
  record Reverted<T>() implements Reading<T> {}

  /**
   * No value: the read failed, or its answer does not decode as the expected type.
   *
   * @param detail for operators' logs only
   */
  record Unreadable<T>(String detail) implements Reading<T> {
    public Unreadable {
      Objects.requireNonNull(detail, "detail");
    }
  }
}
