package org.walletstate.domain.chain;

import java.util.List;
import java.util.Map;

/**
 * The answers to one chain's reads, all taken at the same anchor, as the family's adapter reported
 * them.
 */
public interface Readings {

  /**
   * The answer to {@code read} as a value of its type, or why there is none.
   *
   * @throws IllegalArgumentException when {@code read} was never asked: the plan was not followed
   */
  <T> Reading<T> reading(ChainRead<T> read);

  /**
   * What the adapter said of the reads that did not complete (endpoint host and cause), for
   * operators' logs only; empty when every read completed.
   */
  default List<String> failures() {
    return List.of();
  }

  /**
   * Readings that answer each read of {@code answers} with its value. The adapter that builds them
   * guarantees each answer is of its read's type.
   */
  static Readings of(Map<? extends ChainRead<?>, ? extends Reading<?>> answers) {
    return new AnsweredReadings(answers);
  }
}
