package org.walletstate.domain.chain;

import java.util.List;

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
}
