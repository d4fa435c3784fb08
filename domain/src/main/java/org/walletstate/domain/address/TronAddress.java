package org.walletstate.domain.address;

import java.util.HexFormat;
import org.walletstate.domain.chain.ChainFamily;

/**
 * A Tron account or contract address (wallets and TRC-20 tokens alike): 21 bytes, the prefix 0x41
 * and a 20-byte account, written as Base58Check in the Bitcoin alphabet, 34 characters starting
 * with {@code T}. The checksum is verified. The node API also shows the bytes as 42 hex digits
 * starting with {@code 41} ({@link #hex()}, {@link #parseHex}).
 */
public final class TronAddress extends EncodedKey implements WalletAddress {

  private static final int LENGTH = 21;
  private static final byte PREFIX = 0x41;
  private static final int TEXT_LENGTH = 34;
  private static final int HEX_LENGTH = 42;
  private static final HexFormat HEX = HexFormat.of();
  private static final String EXPECTED =
      "a Tron address (T followed by base58, 34 characters, checksum verified)";
  private static final String EXPECTED_HEX = "a Tron address in hex (41 followed by 40 hex digits)";

  private TronAddress(String text, byte[] bytes) {
    super(text, bytes);
  }

  /**
   * Parses the {@code T...} form.
   *
   * @param field the field name used in the message on failure
   */
  public static TronAddress parse(String text, String field) {
    if (text == null || text.length() != TEXT_LENGTH || text.charAt(0) != 'T') {
      throw Refusal.of(field, EXPECTED, text, TEXT_LENGTH, null);
    }
    byte[] payload =
        Refusal.decoded(Base58.BITCOIN::decodeChecked, field, EXPECTED, text, TEXT_LENGTH);
    if (payload.length != LENGTH || payload[0] != PREFIX) {
      throw Refusal.of(field, EXPECTED, text, TEXT_LENGTH, "it does not encode a Tron account");
    }
    return new TronAddress(text, payload);
  }

  /** An address known to be well formed (constants, values read from a chain). */
  public static TronAddress of(String text) {
    return parse(text, "address");
  }

  /**
   * Parses the hex form the node API shows without {@code visible: true}: {@code 41} and 40 hex
   * digits, either case.
   *
   * @param field the field name used in the message on failure
   */
  public static TronAddress parseHex(String hex, String field) {
    if (hex == null || hex.length() != HEX_LENGTH || !hex.startsWith("41")) {
      throw Refusal.of(field, EXPECTED_HEX, hex, HEX_LENGTH, null);
    }
    byte[] bytes;
    try {
      bytes = HEX.parseHex(hex);
    } catch (IllegalArgumentException e) {
      throw Refusal.of(field, EXPECTED_HEX, hex, HEX_LENGTH, null);
    }
    return new TronAddress(Base58.BITCOIN.encodeChecked(bytes), bytes);
  }

  // Alike by design: each family's address names its family and gives its own forms.
  @Override
  public ChainFamily family() {
    return ChainFamily.TRON;
  }

  /** The 21 bytes, 0x41 first. */
  public byte[] bytes() {
    return key();
  }

  /** The 21 bytes as 42 lower-case hex digits, starting with {@code 41}. */
  public String hex() {
    return HEX.formatHex(key());
  }

  /**
   * The 20-byte account without the 0x41 prefix, left-padded with zeros to 64 hex digits: an {@code
   * address} argument of a contract call such as {@code balanceOf(address)}.
   */
  public String abiWord() {
    return "000000000000000000000000" + HEX.formatHex(key(), 1, LENGTH);
  }
}
