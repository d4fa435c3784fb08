package org.walletstate.verifier.internal;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/** ISO 8601 timestamps of the wire format ({@code 2026-08-28T22:25:11.944Z}, or with an offset). */
public final class IsoInstant {

  private IsoInstant() {}

  /** The instant, or empty when {@code text} is not an ISO 8601 date-time with a zone. */
  public static Optional<Instant> parse(String text) {
    if (text == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant());
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }
}
