package org.walletstate.domain.address;

import org.walletstate.domain.CanonicalText;

/**
 * The code of a Stellar classic asset, which together with the issuer account names the asset: 1 to
 * 12 characters from {@code A-Z a-z 0-9}, case-sensitive. The ledger stores codes of 1 to 4
 * characters as {@link Kind#ALPHANUM4} (zero-padded to 4 bytes) and codes of 5 to 12 as {@link
 * Kind#ALPHANUM12} (zero-padded to 12); Horizon names the two {@code credit_alphanum4} and {@code
 * credit_alphanum12}.
 */
public final class StellarAssetCode extends CanonicalText {

  /** The ledger's asset type for the code's length. */
  public enum Kind {
    ALPHANUM4,
    ALPHANUM12
  }

  private static final int MAX = 12;
  private static final String EXPECTED =
      "a Stellar asset code (1 to 12 characters, letters and digits)";

  private StellarAssetCode(String code) {
    super(code);
  }

  /**
   * Parses a code.
   *
   * @param field the field name used in the message on failure
   */
  public static StellarAssetCode parse(String text, String field) {
    if (text == null || text.isEmpty() || text.length() > MAX) {
      throw Refusal.of(field, EXPECTED, text, MAX, null);
    }
    for (int i = 0; i < text.length(); i++) {
      char ch = text.charAt(i);
      if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9'))) {
        throw Refusal.of(field, EXPECTED, text, MAX, null);
      }
    }
    return new StellarAssetCode(text);
  }

  /** A code known to be well formed (constants, values read from a ledger). */
  public static StellarAssetCode of(String text) {
    return parse(text, "assetCode");
  }

  public String text() {
    return canonical;
  }

  public Kind kind() {
    return canonical.length() <= 4 ? Kind.ALPHANUM4 : Kind.ALPHANUM12;
  }

  /** Horizon's {@code asset_type} for this code. */
  public String horizonAssetType() {
    return kind() == Kind.ALPHANUM4 ? "credit_alphanum4" : "credit_alphanum12";
  }
}
