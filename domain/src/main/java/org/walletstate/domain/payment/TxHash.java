package org.walletstate.domain.payment;

import java.util.Locale;
import org.walletstate.domain.ValidationException;

/** A transaction hash: {@code 0x} and 64 hex digits, kept in lower case. */
public record TxHash(String hex) {

  public TxHash {
    if (hex == null || !hex.matches("0x[0-9a-f]{64}")) {
      throw new IllegalArgumentException("not a transaction hash: " + hex);
    }
  }

  /**
   * Reads a hash sent by a caller.
   *
   * @throws ValidationException naming {@code field} when it is not {@code 0x} and 64 hex digits
   */
  public static TxHash parse(String text, String field) {
    String t = text == null ? "" : text.strip();
    if (!t.matches("0[xX][0-9a-fA-F]{64}")) {
      throw new ValidationException(
          field
              + " \""
              + (t.length() > 80 ? t.substring(0, 80) + "…" : t)
              + "\" is not a transaction hash (0x followed by 64 hex digits)");
    }
    return new TxHash("0x" + t.substring(2).toLowerCase(Locale.ROOT));
  }

  @Override
  public String toString() {
    return hex;
  }
}
