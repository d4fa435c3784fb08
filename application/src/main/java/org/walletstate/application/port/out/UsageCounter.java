package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import java.time.LocalDate;

/** Counts authenticated requests per key and UTC day, atomically, never past the limit. */
public interface UsageCounter {

  /**
   * Counts one request if the day's count is below {@code limit}.
   *
   * @return the day's count including this request, or {@link Count.LimitReached} when the limit
   *     was already reached (then nothing is counted)
   */
  Uni<Count> countOne(long keyId, LocalDate day, int limit);

  /** The outcome of counting. */
  sealed interface Count {
    record Counted(int used) implements Count {}

    record LimitReached() implements Count {}
  }
}
