package org.walletstate.domain.amount;

import java.math.BigDecimal;
import java.util.Objects;
import java.util.regex.Pattern;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.request.RequestValue;

/**
 * A positive exact decimal a caller stated: a threshold, a multiple, an amount or a fraction.
 *
 * <p>On the wire it is a plain decimal string ({@code "1"}, {@code "0.000001"}), on every key. v1
 * keys may also send a JSON number. The value is kept exactly and normalised ({@code "01.50"} is
 * 1.5); the form it was sent in is kept too, because the signed condition echoes it: a string
 * becomes the {@linkplain #canonical() canonical decimal string}, a number stays a number.
 *
 * @param value the exact value, positive, without trailing zeros and never with a negative scale
 * @param sentAsNumber whether the caller sent a JSON number (only possible on v1 keys)
 */
public record DecimalAmount(BigDecimal value, boolean sentAsNumber) {

  /** The longest decimal string accepted, in characters. */
  public static final int MAX_TEXT_LENGTH = 400;

  /**
   * Significant digits a v1 number may have. Up to 15 digits every decimal survives the trip
   * through an IEEE double and back, so the number signed (written as JavaScript writes numbers) is
   * exactly the number evaluated.
   */
  public static final int MAX_NUMBER_DIGITS = 15;

  /** The smallest and largest magnitudes a v1 number may have: well inside a double's range. */
  private static final BigDecimal SMALLEST_NUMBER = new BigDecimal("1e-307");

  private static final BigDecimal LARGEST_NUMBER = new BigDecimal("1e308");

  private static final Pattern PLAIN_DECIMAL = Pattern.compile("[0-9]+(\\.[0-9]+)?");
  private static final Pattern NEGATIVE_DECIMAL = Pattern.compile("-[0-9]+(\\.[0-9]+)?");

  public DecimalAmount {
    Objects.requireNonNull(value, "value");
    if (value.signum() <= 0) {
      throw new IllegalArgumentException("an amount is positive: " + value);
    }
    value = normalise(value);
    if (sentAsNumber && !fitsAJsonNumber(value)) {
      throw new IllegalArgumentException("not exactly a JSON number: " + value);
    }
  }

  /**
   * Reads an amount member under the rules of the caller's key.
   *
   * @param raw the member as sent
   * @param field its path in messages
   * @param key the caller's key version: v2 keys take decimal strings only
   * @throws ValidationException when the member is missing, of the wrong kind, malformed, too long,
   *     not representable as a signed number, or not greater than zero
   */
  public static DecimalAmount parse(RequestValue raw, String field, KeyVersion key) {
    if (raw.isMissing()) {
      throw new ValidationException(field + " is required");
    }
    if (raw instanceof RequestValue.Text text) {
      return fromText(text.value(), field);
    }
    if (raw instanceof RequestValue.Number number) {
      if (key != KeyVersion.V1) {
        throw new ValidationException(
            field + " must be a decimal string on this key (numbers are accepted only on v1 keys)");
      }
      return fromNumber(number, field);
    }
    throw new ValidationException(
        field
            + (key == KeyVersion.V1
                ? " must be a decimal string or a number, not "
                : " must be a decimal string, not ")
            + raw.kind());
  }

  /**
   * Reads a decimal string.
   *
   * <p>Grammar: one or more ASCII digits, optionally followed by a point and one or more digits.
   * Leading zeros and trailing fractional zeros are accepted and normalised away. No sign, no
   * exponent, no spaces, no leading or trailing point, no digit grouping.
   */
  public static DecimalAmount fromText(String text, String field) {
    if (text.length() > MAX_TEXT_LENGTH) {
      throw new ValidationException(
          field
              + " must be at most "
              + MAX_TEXT_LENGTH
              + " characters long (got "
              + text.length()
              + ")");
    }
    if (NEGATIVE_DECIMAL.matcher(text).matches()) {
      throw new ValidationException(field + " must be greater than 0, got \"" + text + "\"");
    }
    if (!PLAIN_DECIMAL.matcher(text).matches()) {
      throw new ValidationException(
          field
              + " must be a plain decimal string such as \"1.5\" (digits with an optional"
              + " fractional part; no sign, exponent or spaces), got \""
              + text
              + "\"");
    }
    BigDecimal value = new BigDecimal(text);
    if (value.signum() == 0) {
      throw new ValidationException(field + " must be greater than 0, got \"" + text + "\"");
    }
    return new DecimalAmount(value, false);
  }

  private static DecimalAmount fromNumber(RequestValue.Number number, String field) {
    BigDecimal value = number.value();
    if (value.signum() <= 0) {
      throw new ValidationException(field + " must be greater than 0, got " + number.literal());
    }
    if (!fitsAJsonNumber(normalise(value))) {
      throw new ValidationException(
          field
              + " "
              + number.literal()
              + " cannot be signed exactly as a JSON number (at most "
              + MAX_NUMBER_DIGITS
              + " significant digits, from 1e-307 to 1e308); send it as a decimal string");
    }
    return new DecimalAmount(value, true);
  }

  /**
   * True when the number a signer writes for {@code value} (the shortest form that reads back as
   * the same IEEE double, as JavaScript writes numbers) is {@code value} itself.
   */
  private static boolean fitsAJsonNumber(BigDecimal value) {
    return value.stripTrailingZeros().precision() <= MAX_NUMBER_DIGITS
        && value.compareTo(SMALLEST_NUMBER) >= 0
        && value.compareTo(LARGEST_NUMBER) <= 0;
  }

  private static BigDecimal normalise(BigDecimal value) {
    BigDecimal stripped = value.stripTrailingZeros();
    return stripped.scale() < 0 ? stripped.setScale(0) : stripped;
  }

  /**
   * The canonical decimal string: no exponent, no leading zeros (one {@code 0} before a point), no
   * trailing fractional zeros, no point when there is no fraction. {@code "01.50"} is {@code
   * "1.5"}, {@code "1000.0"} is {@code "1000"}.
   */
  public String canonical() {
    return value.toPlainString();
  }

  /** The number of digits after the point in the canonical form. */
  public int decimalPlaces() {
    return value.scale();
  }

  /** The value in base units of a token with {@code decimals}: exact, possibly fractional. */
  public BigDecimal inBaseUnits(TokenDecimals decimals) {
    return value.movePointRight(decimals.value());
  }

  /** How the signed condition carries it: the canonical string, or the number a v1 key sent. */
  public PayloadValue payload() {
    return sentAsNumber ? PayloadValue.number(value) : PayloadValue.text(canonical());
  }

  @Override
  public String toString() {
    return canonical();
  }
}
