package org.walletstate.domain.commerce;

import java.util.Locale;
import java.util.regex.Pattern;
import org.walletstate.domain.ValidationException;

/**
 * A merchant's id: the {@code companyId} slug, 2 to 50 letters, digits, dashes and underscores. Ids
 * are unique regardless of case ({@code Acme} and {@code acme} are the same merchant); the id keeps
 * the case it was created with.
 */
public record CompanyId(String value) {

  public static final int MIN = 2;
  public static final int MAX = 50;
  private static final Pattern SLUG = Pattern.compile("[A-Za-z0-9_-]{2,50}");

  public CompanyId {
    if (value == null || !SLUG.matcher(value).matches()) {
      throw new ValidationException(
          "companyId must be 2 to 50 letters, digits, dashes or underscores, got "
              + (value == null ? "nothing" : '"' + Members.abbreviate(value) + '"'));
    }
  }

  public static CompanyId parse(String text) {
    return new CompanyId(text);
  }

  /** The form ids are compared in. */
  public String key() {
    return value.toLowerCase(Locale.ROOT);
  }

  @Override
  public String toString() {
    return value;
  }
}
