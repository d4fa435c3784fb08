package org.walletstate.domain.commerce;

import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.request.Digits;

/**
 * {@code GET /v1/merchants}: published, unpaused stores, optionally only those accepting a token
 * symbol (case-insensitive) or only verified (or unverified) ones; {@code limit} 1 to 200 (default
 * 50), {@code offset} 0 to 100000. Stores are listed oldest first, then by id, so pages are stable.
 */
public record DirectoryQuery(
    Optional<String> token, Optional<Boolean> verified, int limit, int offset) {

  public static final int DEFAULT_LIMIT = 50;
  public static final int MAX_LIMIT = 200;
  public static final int MAX_OFFSET = 100_000;

  public static DirectoryQuery parse(String token, String verified, String limit, String offset) {
    Optional<String> symbol = Optional.empty();
    if (token != null) {
      symbol = Optional.of(Members.bounded(token, "token", TokenConfig.SYMBOL_MAX));
    }
    Optional<Boolean> onlyVerified = Optional.empty();
    if (verified != null) {
      onlyVerified =
          switch (verified) {
            case "true" -> Optional.of(true);
            case "false" -> Optional.of(false);
            default ->
                throw new ValidationException(
                    "verified must be true or false, got \"" + Members.abbreviate(verified) + "\"");
          };
    }
    return new DirectoryQuery(
        symbol,
        onlyVerified,
        number(limit, "limit", 1, MAX_LIMIT, DEFAULT_LIMIT),
        number(offset, "offset", 0, MAX_OFFSET, 0));
  }

  private static int number(String text, String field, int min, int max, int absent) {
    if (text == null) {
      return absent;
    }
    String expected = field + " must be an integer from " + min + " to " + max;
    if (!Digits.allAscii(text) || Digits.withoutLeadingZeros(text).length() > 7) {
      throw new ValidationException(expected + ", got \"" + Members.abbreviate(text) + "\"");
    }
    int value = Integer.parseInt(Digits.withoutLeadingZeros(text));
    if (value < min || value > max) {
      throw new ValidationException(expected + ", got " + value);
    }
    return value;
  }
}
