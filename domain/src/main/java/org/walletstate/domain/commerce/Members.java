package org.walletstate.domain.commerce;

import org.walletstate.domain.ValidationException;

/**
 * Text rules the commerce values share: bounded text and how a refused value is quoted back. The
 * readers of request bodies in the application's commerce {@code port.in} use them too.
 */
public final class Members {

  private Members() {}

  /** Trimmed, 1 to {@code max} characters, no control characters. */
  public static String bounded(String raw, String field, int max) {
    String value = raw.strip();
    if (value.isEmpty()) {
      throw new ValidationException(field + " must not be empty");
    }
    if (value.codePointCount(0, value.length()) > max) {
      throw new ValidationException(
          field
              + " must be at most "
              + max
              + " characters (got "
              + value.codePointCount(0, value.length())
              + ")");
    }
    if (value.codePoints().anyMatch(Character::isISOControl)) {
      throw new ValidationException(field + " must not contain control characters");
    }
    return value;
  }

  /** At most 40 characters of {@code s}, for quoting a refused value back. */
  public static String abbreviate(String s) {
    return s.length() > 40 ? s.substring(0, 40) + "…" : s;
  }
}
