package org.walletstate.domain.commerce;

import java.util.Objects;
import org.walletstate.domain.ValidationException;

/**
 * A scanner PIN: 4 to 8 ASCII digits. Never shown: {@link #toString} hides the digits, so a PIN
 * cannot reach a log through a value's text.
 */
public final class ScannerPin {

  public static final int MIN_DIGITS = 4;
  public static final int MAX_DIGITS = 8;

  private final String digits;

  private ScannerPin(String digits) {
    this.digits = digits;
  }

  /**
   * @throws ValidationException naming {@code field} when the text is not 4 to 8 digits
   */
  public static ScannerPin parse(String text, String field) {
    Objects.requireNonNull(text, "text");
    if (text.length() < MIN_DIGITS || text.length() > MAX_DIGITS || !text.matches("[0-9]+")) {
      throw new ValidationException(
          field + " must be " + MIN_DIGITS + " to " + MAX_DIGITS + " digits (0-9)");
    }
    return new ScannerPin(text);
  }

  /** The digits, for the hasher only. */
  public String digits() {
    return digits;
  }

  // equals and hashCode written out by design: a value compares its own parts.
  @Override
  public boolean equals(Object other) {
    return other instanceof ScannerPin that && digits.equals(that.digits);
  }

  @Override
  public int hashCode() {
    return digits.hashCode();
  }

  @Override
  public String toString() {
    return "ScannerPin[****]";
  }
}
