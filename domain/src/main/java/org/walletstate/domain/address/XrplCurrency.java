package org.walletstate.domain.address;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Locale;
import org.walletstate.domain.KeyedValue;

/**
 * The currency of an XRP Ledger trust-line token, which together with the issuer names the token.
 * Case-sensitive. Entered in one of three forms:
 *
 * <ul>
 *   <li>{@link Form#STANDARD}: exactly three characters from letters, digits and {@code
 *       ?!@#$%^&*<>(){}[]|}, sent as entered. {@code XRP} is refused (XRP is the native asset, not
 *       a token); the ledger's rules reserve only the all-upper-case code, so {@code xrp} is a
 *       different, valid code. A three-character text with any other character is refused rather
 *       than read as a name: hex-encoding a three-character name gives a different currency from
 *       the standard code of the same letters.
 *   <li>{@link Form#NAME}: 1 to 20 printable ASCII characters (space to tilde), other than three.
 *       On the ledger this is the hex of its bytes, right-padded with zero bytes to 40 hex digits
 *       ({@code DOLLARYDOO} is {@code 444F4C4C415259444F4F00000000000000000000}).
 *   <li>{@link Form#HEX}: 40 hex digits, either case. The first byte must not be 00: the ledger
 *       reserves that byte for the standard form, and a node shows such a code as its three
 *       letters, not as hex. First byte 01 marks a legacy demurrage code, which still appears in
 *       ledger data and is accepted.
 * </ul>
 *
 * <p>{@link #entered()} is the text as given, for echoing and storing; {@link #queryForm()} is the
 * text a node uses for this currency in its answers ({@code account_lines} {@code currency}): the
 * three characters of a standard code, otherwise 40 upper-case hex digits. Two values are equal
 * when they name the same currency, so a name and its hex form are equal.
 */
public final class XrplCurrency extends KeyedValue {

  /** How the currency was entered. */
  public enum Form {
    STANDARD,
    NAME,
    HEX
  }

  private static final String STANDARD_SYMBOLS = "?!@#$%^&*<>(){}[]|";
  private static final int MAX_NAME = 20;
  private static final int HEX_LENGTH = 40;
  private static final String EXPECTED =
      "an XRP Ledger currency (a 3-character code, a 1 to 20 character ASCII name, or 40 hex"
          + " digits)";

  private final String entered;
  private final String queryForm;
  private final Form form;

  private XrplCurrency(String entered, String queryForm, Form form) {
    super(queryForm);
    this.entered = entered;
    this.queryForm = queryForm;
    this.form = form;
  }

  /**
   * Parses a currency.
   *
   * @param field the field name used in the message on failure
   */
  public static XrplCurrency parse(String text, String field) {
    if (text == null || text.isEmpty() || text.length() > HEX_LENGTH) {
      throw Refusal.of(field, EXPECTED, text, HEX_LENGTH, null);
    }
    if (text.length() == 3) {
      return standard(text, field);
    }
    if (text.length() == HEX_LENGTH) {
      return hex(text, field);
    }
    if (text.length() > MAX_NAME) {
      throw Refusal.of(field, EXPECTED, text, HEX_LENGTH, null);
    }
    for (int i = 0; i < text.length(); i++) {
      char ch = text.charAt(i);
      if (ch < 0x20 || ch > 0x7e) {
        throw Refusal.of(
            field,
            EXPECTED,
            text,
            HEX_LENGTH,
            "a name may use printable ASCII only (character " + (i + 1) + " is not)");
      }
    }
    byte[] bytes = new byte[HEX_LENGTH / 2];
    byte[] ascii = text.getBytes(StandardCharsets.US_ASCII);
    System.arraycopy(ascii, 0, bytes, 0, ascii.length);
    return new XrplCurrency(text, HexFormat.of().withUpperCase().formatHex(bytes), Form.NAME);
  }

  /** A currency known to be well formed (constants, values read from a ledger). */
  public static XrplCurrency of(String text) {
    return parse(text, "currency");
  }

  private static XrplCurrency standard(String text, String field) {
    if (text.equals("XRP")) {
      throw Refusal.of(
          field,
          EXPECTED,
          text,
          HEX_LENGTH,
          "XRP is the native asset, not a trust-line currency; use contractAddress native");
    }
    for (int i = 0; i < 3; i++) {
      char ch = text.charAt(i);
      boolean letterOrDigit =
          (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9');
      if (!letterOrDigit && STANDARD_SYMBOLS.indexOf(ch) < 0) {
        throw Refusal.of(
            field,
            EXPECTED,
            text,
            HEX_LENGTH,
            "a 3-character code may use letters, digits and " + STANDARD_SYMBOLS + " only");
      }
    }
    return new XrplCurrency(text, text, Form.STANDARD);
  }

  private static XrplCurrency hex(String text, String field) {
    for (int i = 0; i < HEX_LENGTH; i++) {
      char ch = text.charAt(i);
      boolean hexDigit =
          (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F');
      if (!hexDigit) {
        throw Refusal.of(
            field, EXPECTED, text, HEX_LENGTH, "a 40-character code must be hex digits only");
      }
    }
    String upper = text.toUpperCase(Locale.ROOT);
    if (upper.startsWith("00")) {
      throw Refusal.of(
          field,
          EXPECTED,
          text,
          HEX_LENGTH,
          "a hex code may not start with byte 00, which the ledger reserves for 3-character codes");
    }
    return new XrplCurrency(text, upper, Form.HEX);
  }

  // Accessors written out by design: a KeyedValue, equal by its key only.
  /** The text as entered. */
  public String entered() {
    return entered;
  }

  /** The three characters of a standard code, otherwise 40 upper-case hex digits. */
  public String queryForm() {
    return queryForm;
  }

  public Form form() {
    return form;
  }

  /**
   * Whether a node's {@code currency} text names this currency: a 3-character code exactly, hex
   * digits in either case.
   */
  public boolean matches(String currencyFromLedger) {
    if (currencyFromLedger == null) {
      return false;
    }
    return currencyFromLedger.length() == HEX_LENGTH
        ? queryForm.equalsIgnoreCase(currencyFromLedger)
        : queryForm.equals(currencyFromLedger);
  }

  /** The text as entered. */
  @Override
  public String toString() {
    return entered;
  }
}
