package org.walletstate.domain.address;

import org.walletstate.domain.ValidationException;

/**
 * An XRP Ledger NFT taxon: an unsigned 32-bit integer, 0 to 4294967295, that an issuer uses to
 * group its NFTs. Given as a JSON number or a digit string; either reaches {@link #parse} as the
 * digits. Only plain decimal digits are accepted: no sign, no spaces, no fraction (not even {@code
 * 5.0}), no exponent.
 */
public final class XrplTaxon {

  public static final long MAX = 0xFFFF_FFFFL;

  private static final int LONGEST_SHOWN = 20;
  private static final String EXPECTED = "an integer from 0 to 4294967295";

  private final long value;

  private XrplTaxon(long value) {
    this.value = value;
  }

  /**
   * Parses the decimal digits of a taxon.
   *
   * @param field the field name used in the message on failure
   */
  public static XrplTaxon parse(String text, String field) {
    if (text == null || text.isEmpty()) {
      throw Refusal.of(field, EXPECTED, text, LONGEST_SHOWN, null);
    }
    int firstSignificant = 0;
    for (int i = 0; i < text.length(); i++) {
      char ch = text.charAt(i);
      if (ch < '0' || ch > '9') {
        throw Refusal.of(field, EXPECTED, text, LONGEST_SHOWN, null);
      }
      if (ch == '0' && firstSignificant == i && i < text.length() - 1) {
        firstSignificant++;
      }
    }
    if (text.length() - firstSignificant > 10) {
      throw Refusal.of(field, EXPECTED, text, LONGEST_SHOWN, "it is too large");
    }
    long value = Long.parseLong(text.substring(firstSignificant));
    if (value > MAX) {
      throw Refusal.of(field, EXPECTED, text, LONGEST_SHOWN, "it is too large");
    }
    return new XrplTaxon(value);
  }

  /**
   * A taxon from a number.
   *
   * @param field the field name used in the message on failure
   */
  public static XrplTaxon of(long value, String field) {
    if (value < 0 || value > MAX) {
      throw new ValidationException(field + " must be " + EXPECTED + ", got " + value);
    }
    return new XrplTaxon(value);
  }

  public long value() {
    return value;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof XrplTaxon other && other.value == value;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(value);
  }

  @Override
  public String toString() {
    return Long.toString(value);
  }
}
