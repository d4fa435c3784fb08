package org.walletstate.domain.commerce.discount;

import java.time.Duration;
import java.util.Locale;
import org.walletstate.domain.ValidationException;

/**
 * A discount code: {@code SVC-} and 5 characters of {@link #ALPHABET}, 32 characters without the
 * ones people confuse ({@code 0 O 1 I}). Lower case is read as upper case.
 *
 * @param text the code in upper case
 */
public record DiscountCode(String text) {

  public static final String PREFIX = "SVC-";
  public static final int LENGTH = 5;

  /** Digits 2 to 9 and A to Z without I and O: 32 characters, so one byte's low 5 bits pick one. */
  public static final String ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

  /** How long a code is valid after it is created. */
  public static final Duration VALIDITY = Duration.ofMinutes(30);

  public DiscountCode {
    if (!wellFormed(text)) {
      throw new IllegalArgumentException("not a discount code: " + text);
    }
  }

  /** A code from 5 random bytes (their low 5 bits each). */
  public static DiscountCode fromRandom(byte[] random) {
    if (random.length != LENGTH) {
      throw new IllegalArgumentException("a code takes " + LENGTH + " random bytes");
    }
    StringBuilder code = new StringBuilder(PREFIX);
    for (byte b : random) {
      code.append(ALPHABET.charAt(b & 0x1F));
    }
    return new DiscountCode(code.toString());
  }

  /** A code as a caller sent it; 400 naming {@code field} when it is not one. */
  public static DiscountCode parse(String text, String field) {
    String upper = text == null ? null : text.toUpperCase(Locale.ROOT);
    if (!wellFormed(upper)) {
      throw new ValidationException(
          field
              + " must be SVC- followed by 5 characters of "
              + ALPHABET
              + ", got \""
              + abbreviate(text)
              + "\"");
    }
    return new DiscountCode(upper);
  }

  private static boolean wellFormed(String text) {
    if (text == null || text.length() != PREFIX.length() + LENGTH || !text.startsWith(PREFIX)) {
      return false;
    }
    for (int i = PREFIX.length(); i < text.length(); i++) {
      if (ALPHABET.indexOf(text.charAt(i)) < 0) {
        return false;
      }
    }
    return true;
  }

  private static String abbreviate(String text) {
    if (text == null) {
      return "";
    }
    return text.length() > 20 ? text.substring(0, 20) + "…" : text;
  }

  @Override
  public String toString() {
    return text;
  }
}
