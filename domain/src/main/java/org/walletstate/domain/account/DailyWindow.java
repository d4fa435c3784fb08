package org.walletstate.domain.account;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;

/**
 * The UTC day a request is counted in. Daily limits reset at 00:00 UTC.
 *
 * @param day the UTC date
 * @param resetsAt the start of the next UTC day
 */
public record DailyWindow(LocalDate day, Instant resetsAt) {

  public static DailyWindow containing(Instant now) {
    LocalDate day = LocalDate.ofInstant(now, ZoneOffset.UTC);
    return new DailyWindow(day, day.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant());
  }

  /** Whole seconds from {@code now} until the reset, rounded up, at least 1. */
  public long secondsUntilReset(Instant now) {
    Duration left = Duration.between(now, resetsAt);
    long seconds = left.getSeconds() + (left.getNano() > 0 ? 1 : 0);
    return Math.max(1, seconds);
  }
}
