package org.walletstate.domain.commerce;

import java.util.Locale;
import java.util.regex.Pattern;
import org.walletstate.domain.ValidationException;

/**
 * A store's web domain, as {@code POST domain-verification} takes it: a host name without protocol,
 * port, path or trailing dot; at least two labels of letters, digits and inner dashes; not an IP
 * address. Stored in lower case.
 */
public record DomainName(String value) {

  private static final Pattern LABEL = Pattern.compile("[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?");
  private static final Pattern TOP = Pattern.compile("[a-z]([a-z0-9-]{0,61}[a-z0-9])?");

  public DomainName {
    if (value == null || value.length() > 253) {
      throw invalid(value, "at most 253 characters");
    }
    String[] labels = value.split("\\.", -1);
    if (labels.length < 2) {
      throw invalid(value, "a registered name such as shop.example.com");
    }
    for (int i = 0; i < labels.length; i++) {
      Pattern rule = i == labels.length - 1 ? TOP : LABEL;
      if (!rule.matcher(labels[i]).matches()) {
        throw invalid(value, "labels of letters, digits and inner dashes, ending in a name");
      }
    }
  }

  public static DomainName parse(String text) {
    String trimmed = text.strip();
    String lower = trimmed.toLowerCase(Locale.ROOT);
    if (lower.contains("://")) {
      throw new ValidationException(
          "domain must be sent without a protocol prefix (shop.example.com, not "
              + "https://shop.example.com), got \""
              + Members.abbreviate(trimmed)
              + "\"");
    }
    if (lower.endsWith(".")) {
      lower = lower.substring(0, lower.length() - 1);
    }
    return new DomainName(lower);
  }

  private static ValidationException invalid(String value, String expected) {
    return new ValidationException(
        "domain must be a host name ("
            + expected
            + "; no port, path or IP address), got "
            + (value == null ? "nothing" : '"' + Members.abbreviate(value) + '"'));
  }

  @Override
  public String toString() {
    return value;
  }
}
