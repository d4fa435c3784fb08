package org.walletstate.domain.holding;

import java.util.Objects;
import java.util.function.Function;
import org.walletstate.domain.chain.Reading;

/** A value read for a holding, or the failure that stopped it. */
public sealed interface HoldingRead<T> permits HoldingRead.Got, HoldingRead.Failed {

  record Got<T>(T value) implements HoldingRead<T> {
    public Got {
      Objects.requireNonNull(value, "value");
    }
  }

  record Failed<T>(HoldingFailure failure) implements HoldingRead<T> {
    public Failed {
      Objects.requireNonNull(failure, "failure");
    }
  }

  /** {@code reading} as a holding read: its value, or {@code failure} (a revert marked so). */
  static <T> HoldingRead<T> of(Reading<T> reading, HoldingFailure failure) {
    if (reading instanceof Reading.Value<T> value) {
      return new Got<>(value.value());
    }
    return new Failed<>(
        new HoldingFailure(
            failure.source(), failure.message(), reading instanceof Reading.Reverted<?>));
  }

  /** The value mapped, or the same failure. */
  default <U> HoldingRead<U> map(Function<T, U> f) {
    if (this instanceof Got<T> got) {
      return new Got<>(f.apply(got.value()));
    }
    return new Failed<>(((Failed<T>) this).failure());
  }
}
