package org.walletstate.domain.chain;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * One fact a condition needs from a chain, read at the chain's anchor. Each family defines its own
 * reads (EVM's are calls at a pinned block); the family's adapter knows how to run them, and
 * everything above the adapter handles them only through this type.
 *
 * @param <T> the type of the value read
 */
public interface ChainRead<T> {

  /** The family whose adapter runs this read. */
  ChainFamily family();

  /**
   * {@code reads} as reads of one family's read type, in their order: what each family's {@code
   * all} answers for its own type.
   *
   * @param type the family's read type
   * @param what one read of that type as the refusal names it ({@code "an XRPL read"})
   * @throws IllegalArgumentException when a read is not of {@code type}
   */
  @SuppressWarnings("unchecked") // each read is checked to be an instance of R's class first
  static <R extends ChainRead<?>> Set<R> allOf(
      Class<? super R> type, String what, Collection<? extends ChainRead<?>> reads) {
    Set<R> typed = new LinkedHashSet<>();
    for (ChainRead<?> read : reads) {
      if (!type.isInstance(read)) {
        throw new IllegalArgumentException("not " + what + ": " + read);
      }
      typed.add((R) read);
    }
    return Collections.unmodifiableSet(typed);
  }
}
