package org.walletstate.domain.account;

import org.walletstate.domain.ValidationException;

/** The caller's name for the application a key belongs to: 1 to 100 printable characters. */
public record AppName(String value) {
  public static final int MAX_LENGTH = 100;

  public AppName {
    if (value == null || value.isBlank()) {
      throw new ValidationException("appName is required");
    }
    if (value.codePointCount(0, value.length()) > MAX_LENGTH) {
      throw new ValidationException("appName must be at most " + MAX_LENGTH + " characters");
    }
    if (value.codePoints().anyMatch(Character::isISOControl)) {
      throw new ValidationException("appName must not contain control characters");
    }
  }

  public static AppName parse(String text) {
    return new AppName(text == null ? null : text.strip());
  }
}
