package org.walletstate.domain.holding;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;

/**
 * The read that tells whether a wallet holds one of a collection, and how its answer says so (an
 * EVM {@code balanceOf} count of at least one, a family's own yes or no).
 */
public record OwnershipRead<T>(ChainRead<T> read, Predicate<T> held) {
  public OwnershipRead {
    Objects.requireNonNull(read, "read");
    Objects.requireNonNull(held, "held");
  }

  /** Whether one is held; empty when the read did not complete. */
  public Optional<Boolean> holds(Readings readings) {
    return readings.reading(read) instanceof Reading.Value<T> value
        ? Optional.of(held.test(value.value()))
        : Optional.empty();
  }
}
