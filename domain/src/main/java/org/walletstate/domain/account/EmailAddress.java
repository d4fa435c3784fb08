package org.walletstate.domain.account;

import java.util.Locale;
import java.util.regex.Pattern;
import org.walletstate.domain.ValidationException;

/**
 * An email address as an account identity. The check is deliberately practical (RFC 5321 length
 * limits, one {@code @}, a dotted domain, no spaces or control characters) rather than the full RFC
 * 5322 grammar; the address is compared case-insensitively.
 */
public record EmailAddress(String value) {

  private static final Pattern LOCAL = Pattern.compile("[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}");
  private static final Pattern DOMAIN =
      Pattern.compile(
          "(?=.{1,253}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}");

  public EmailAddress {
    if (value == null) {
      throw new IllegalArgumentException("email must not be null");
    }
  }

  /** Parses and normalises (lower case) an address. */
  public static EmailAddress parse(String text, String field) {
    if (text == null || text.isBlank()) {
      throw new ValidationException(field + " is required");
    }
    String trimmed = text.strip();
    int at = trimmed.lastIndexOf('@');
    boolean ok =
        trimmed.length() <= 254
            && at > 0
            && trimmed.indexOf('@') == at
            && LOCAL.matcher(trimmed.substring(0, at)).matches()
            && !trimmed.startsWith(".")
            && !trimmed.substring(0, at).endsWith(".")
            && !trimmed.substring(0, at).contains("..")
            && DOMAIN.matcher(trimmed.substring(at + 1)).matches();
    if (!ok) {
      String shown = trimmed.length() > 80 ? trimmed.substring(0, 80) + "…" : trimmed;
      throw new ValidationException(field + " \"" + shown + "\" is not a valid email address");
    }
    return new EmailAddress(trimmed.toLowerCase(Locale.ROOT));
  }

  @Override
  public String toString() {
    return value;
  }
}
