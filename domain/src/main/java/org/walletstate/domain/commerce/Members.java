package org.walletstate.domain.commerce;

import java.math.BigDecimal;
import java.util.Optional;
import java.util.regex.Pattern;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/** Member rules the commerce bodies share: whole numbers, booleans, bounded text. */
final class Members {

  private static final Pattern WHOLE_TEXT = Pattern.compile("[0-9]{1,6}(\\.0{1,6})?");

  private Members() {}

  /**
   * A whole number from {@code min} to {@code max}: a JSON number without a fraction ({@code 10.0}
   * is 10) or a digit string of the same form ({@code "10"}, {@code "10.0"}). A fraction such as
   * 10.5 is refused.
   */
  static int whole(RequestValue raw, String field, int min, int max) {
    String expected = field + " must be a whole number from " + min + " to " + max;
    BigDecimal value;
    String shown;
    if (raw instanceof RequestValue.Number n) {
      value = n.value();
      shown = abbreviate(n.literal());
      if (value.abs().compareTo(BigDecimal.valueOf(1_000_000)) > 0) {
        throw new ValidationException(expected + ", got " + shown);
      }
    } else if (raw instanceof RequestValue.Text t) {
      shown = '"' + abbreviate(t.value()) + '"';
      if (!WHOLE_TEXT.matcher(t.value()).matches()) {
        throw new ValidationException(expected + ", got " + shown);
      }
      value = new BigDecimal(t.value());
    } else if (raw.isMissing()) {
      throw new ValidationException(field + " is required");
    } else {
      throw new ValidationException(expected + ", not " + raw.kind());
    }
    if (value.stripTrailingZeros().scale() > 0) {
      throw new ValidationException(expected + " (fractions are not allowed), got " + shown);
    }
    int whole = value.intValueExact();
    if (whole < min || whole > max) {
      throw new ValidationException(expected + ", got " + shown);
    }
    return whole;
  }

  /** A boolean member; absent or null gives {@code absent}. */
  static boolean bool(Fields fields, String member, boolean absent) {
    RequestValue raw = fields.get(member);
    if (raw.isMissing()) {
      return absent;
    }
    if (raw instanceof RequestValue.Bool b) {
      return b.value();
    }
    throw new ValidationException(
        fields.path(member) + " must be a boolean (true or false), not " + raw.kind());
  }

  /** Optional text: trimmed, 1 to {@code max} characters, no control characters. */
  static Optional<String> text(Fields fields, String member, int max) {
    Optional<String> raw = fields.optionalText(member);
    if (raw.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(bounded(raw.get(), fields.path(member), max));
  }

  /** Required text: trimmed, 1 to {@code max} characters, no control characters. */
  static String requiredText(Fields fields, String member, int max) {
    return bounded(fields.requiredText(member), fields.path(member), max);
  }

  static String bounded(String raw, String field, int max) {
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

  /** An object member, or empty when absent or null. */
  static Optional<RequestValue.Obj> object(Fields fields, String member) {
    RequestValue raw = fields.get(member);
    if (raw.isMissing()) {
      return Optional.empty();
    }
    if (raw instanceof RequestValue.Obj o) {
      return Optional.of(o);
    }
    throw new ValidationException(fields.path(member) + " must be an object, not " + raw.kind());
  }

  /** An array member, or empty when absent or null. */
  static Optional<RequestValue.Arr> array(Fields fields, String member) {
    RequestValue raw = fields.get(member);
    if (raw.isMissing()) {
      return Optional.empty();
    }
    if (raw instanceof RequestValue.Arr a) {
      return Optional.of(a);
    }
    throw new ValidationException(fields.path(member) + " must be an array, not " + raw.kind());
  }

  /** The object at {@code index} of an array member. */
  static Fields element(RequestValue.Arr array, int index, String path) {
    RequestValue item = array.items().get(index);
    String at = path + "[" + index + "]";
    if (item instanceof RequestValue.Obj o) {
      return Fields.of(o, at);
    }
    throw new ValidationException(at + " must be an object, not " + item.kind());
  }

  static String abbreviate(String s) {
    return s.length() > 40 ? s.substring(0, 40) + "…" : s;
  }
}
