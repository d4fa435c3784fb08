package org.walletstate.domain.address;

import java.util.HexFormat;
import java.util.Locale;
import org.walletstate.domain.CanonicalText;
import org.walletstate.domain.chain.ChainFamily;

/**
 * A Sui account address: 32 bytes (a BLAKE2b-256 hash) written as {@code 0x} and 64 hex digits. Sui
 * addresses carry no checksum and letter case means nothing, so either case is accepted and the
 * canonical text is lower case.
 *
 * <p>{@link #parse} takes the full 64 digits, as the interface requires of {@code suiWallet}. Sui's
 * own tools also write addresses short, without leading zeros ({@code 0x2} for the framework
 * package); {@link #parseNormalizing} accepts 1 to 64 digits and left-pads them with zeros, as
 * Mysten's {@code normalizeSuiAddress} does, for the address inside a coin type. Text starting with
 * {@code suiprivkey} is a private key; it is refused without being repeated.
 */
public final class SuiAddress extends CanonicalText implements WalletAddress {

  private static final int HEX_DIGITS = 64;
  private static final int TEXT_LENGTH = 2 + HEX_DIGITS;
  private static final String EXPECTED = "a Sui address (0x followed by 64 hex digits)";
  private static final String EXPECTED_SHORT = "a Sui address (0x followed by 1 to 64 hex digits)";

  private SuiAddress(String lower) {
    super(lower);
  }

  /**
   * Parses the full form, {@code 0x} and 64 hex digits.
   *
   * @param field the field name used in the message on failure
   */
  public static SuiAddress parse(String text, String field) {
    refuseKeys(text, field, EXPECTED);
    if (text == null || text.length() != TEXT_LENGTH || !hexAfterPrefix(text)) {
      throw Refusal.of(field, EXPECTED, text, TEXT_LENGTH, null);
    }
    return new SuiAddress(text.toLowerCase(Locale.ROOT));
  }

  /** An address known to be well formed (constants, values read from a chain). */
  public static SuiAddress of(String text) {
    return parse(text, "address");
  }

  /**
   * Parses the full or the short form, {@code 0x} and 1 to 64 hex digits, padding the short form.
   *
   * @param field the field name used in the message on failure
   */
  public static SuiAddress parseNormalizing(String text, String field) {
    refuseKeys(text, field, EXPECTED_SHORT);
    if (text == null || text.length() < 3 || text.length() > TEXT_LENGTH || !hexAfterPrefix(text)) {
      throw Refusal.of(field, EXPECTED_SHORT, text, TEXT_LENGTH, null);
    }
    String digits = text.substring(2).toLowerCase(Locale.ROOT);
    return new SuiAddress("0x" + "0".repeat(HEX_DIGITS - digits.length()) + digits);
  }

  private static void refuseKeys(String text, String field, String expected) {
    if (text != null && text.regionMatches(true, 0, "suiprivkey", 0, 10)) {
      throw Refusal.withoutValue(
          field, expected, "the value looks like a private key and is not shown");
    }
  }

  private static boolean hexAfterPrefix(String text) {
    if (!text.startsWith("0x")) {
      return false;
    }
    for (int i = 2; i < text.length(); i++) {
      if (!HexFormat.isHexDigit(text.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public ChainFamily family() {
    return ChainFamily.SUI;
  }

  /** {@code 0x} and 64 lower-case hex digits. */
  @Override
  public String text() {
    return canonical;
  }

  /** The 32 bytes. */
  public byte[] bytes() {
    return HexFormat.of().parseHex(canonical, 2, TEXT_LENGTH);
  }
}
