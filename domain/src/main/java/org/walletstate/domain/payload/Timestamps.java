package org.walletstate.domain.payload;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/**
 * The one timestamp form of the interface: ISO 8601 UTC with exactly three fractional digits, as
 * JavaScript's {@code Date.prototype.toISOString} writes it ({@code 2026-08-28T22:25:11.944Z}).
 */
public final class Timestamps {

  private static final DateTimeFormatter FORMAT =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  private Timestamps() {}

  /** Formats {@code instant}, dropping anything below a millisecond. */
  public static String iso(Instant instant) {
    return FORMAT.format(instant.truncatedTo(ChronoUnit.MILLIS));
  }

  /** The instant a signed statement would carry: millisecond precision. */
  public static Instant truncate(Instant instant) {
    return instant.truncatedTo(ChronoUnit.MILLIS);
  }
}
