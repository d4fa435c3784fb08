package org.walletstate.domain.amount;

import java.math.BigDecimal;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.request.Digits;
import org.walletstate.domain.request.RequestValue;

/**
 * How many decimals separate a token's display unit from its base unit: an ERC-20 {@code uint8} (0
 * to 255) or a chain's native asset.
 *
 * <p>Callers may state the decimals they expect ({@link #parseDeclared}); that is a cross-check
 * only, limited to 0 to 100. The value evaluated with is always the token's own.
 */
public record TokenDecimals(int value) {

  /** The largest value a caller may state. */
  public static final int MAX_DECLARED = 100;

  public TokenDecimals {
    if (value < 0 || value > 255) {
      throw new IllegalArgumentException("token decimals are a uint8: " + value);
    }
  }

  public static TokenDecimals of(int value) {
    return new TokenDecimals(value);
  }

  /**
   * Reads the decimals a caller states: an integer from 0 to 100, as a JSON number (a zero fraction
   * such as {@code 6.0} is that integer) or a string of ASCII digits.
   */
  public static TokenDecimals parseDeclared(RequestValue raw, String field) {
    BigDecimal value;
    String shown;
    if (raw instanceof RequestValue.Number number) {
      value = number.value();
      shown = number.literal();
    } else if (raw instanceof RequestValue.Text text) {
      shown = '"' + text.value() + '"';
      String digits = text.value();
      if (!Digits.allAscii(digits)) {
        throw outOfRange(field, shown);
      }
      String significant = Digits.withoutLeadingZeros(digits);
      if (significant.length() > 3) {
        throw outOfRange(field, shown);
      }
      value = new BigDecimal(significant);
    } else {
      throw new ValidationException(
          field
              + " must be an integer from 0 to 100 (a number or a digit string), not "
              + raw.kind());
    }
    if (value.signum() < 0
        || value.compareTo(BigDecimal.valueOf(MAX_DECLARED)) > 0
        || value.stripTrailingZeros().scale() > 0) {
      throw outOfRange(field, shown);
    }
    return new TokenDecimals(value.intValue());
  }

  private static ValidationException outOfRange(String field, String shown) {
    return new ValidationException(
        field + " must be an integer from 0 to 100 (a number or a digit string), got " + shown);
  }

  @Override
  public String toString() {
    return Integer.toString(value);
  }
}
