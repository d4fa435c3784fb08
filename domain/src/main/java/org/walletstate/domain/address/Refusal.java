package org.walletstate.domain.address;

import java.util.function.Function;
import org.walletstate.domain.ValidationException;

/**
 * The message for a value refused by one of this package's parsers: the field, what it must be, the
 * value as shown, and the reason when there is one more precise than the expectation.
 *
 * <p>A value no longer than the longest valid form is quoted, with anything outside printable ASCII
 * escaped; a longer one is described by its length only. That keeps messages short, and keeps out
 * of them what is most often pasted into an address field by mistake and must not be repeated: a
 * private key or seed, longer than an address in every family here. Seeds no longer than an address
 * are recognised by their prefix where they are refused, and named rather than shown.
 */
final class Refusal {

  private Refusal() {}

  /**
   * A refusal: "{field} must be {expected}, got {value}[: {reason}]".
   *
   * @param longest the longest value shown; for a short field, the length of its longest valid form
   * @param reason what exactly is wrong, or null
   */
  static ValidationException of(
      String field, String expected, String text, int longest, String reason) {
    String message = field + " must be " + expected + ", got " + shown(text, longest);
    return new ValidationException(reason == null ? message : message + ": " + reason);
  }

  /**
   * The bytes {@code decoder} reads from {@code text}; a text it cannot decode is refused with the
   * decoder's reason, as {@link #of} words it.
   */
  static byte[] decoded(
      Function<String, byte[]> decoder, String field, String expected, String text, int longest) {
    try {
      return decoder.apply(text);
    } catch (EncodingException e) {
      throw of(field, expected, text, longest, e.getMessage());
    }
  }

  /** A refusal that does not show the value at all. */
  static ValidationException withoutValue(String field, String expected, String reason) {
    return new ValidationException(field + " must be " + expected + "; " + reason);
  }

  /** The value quoted for a message, or its length when it is longer than {@code longest}. */
  static String shown(String text, int longest) {
    if (text == null) {
      return "nothing";
    }
    if (text.isEmpty()) {
      return "an empty string";
    }
    if (text.length() > longest) {
      return text.length() + " characters";
    }
    StringBuilder sb = new StringBuilder(text.length() + 2).append('"');
    for (int i = 0; i < text.length(); i++) {
      char ch = text.charAt(i);
      if (ch < 0x20 || ch > 0x7e || ch == '"' || ch == '\\') {
        sb.append(String.format("\\u%04x", (int) ch));
      } else {
        sb.append(ch);
      }
    }
    return sb.append('"').toString();
  }
}
