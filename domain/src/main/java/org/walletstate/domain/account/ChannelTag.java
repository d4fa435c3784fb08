package org.walletstate.domain.account;

import org.walletstate.domain.ValidationException;

/**
 * A partner revenue-share tag ({@code channel}) stored with a bought key: 1 to 64 characters of
 * letters, digits, {@code .}, {@code _} and {@code -}.
 */
public record ChannelTag(String value) {
  public ChannelTag {
    if (value == null || !value.matches("[A-Za-z0-9._-]{1,64}")) {
      throw new ValidationException(
          "channel must be 1 to 64 letters, digits, '.', '_' or '-'"
              + (value == null
                  ? ""
                  : ", not \""
                      + (value.length() > 40 ? value.substring(0, 40) + "…" : value)
                      + "\""));
    }
  }
}
