package org.walletstate.domain.address;

import java.util.HexFormat;
import java.util.Locale;
import java.util.regex.Pattern;
import org.walletstate.domain.KeyedValue;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.digest.Keccak256;

/**
 * A 20-byte EVM account address. Accepted as {@code 0x} plus 40 hex digits; a mixed-case address
 * must carry a valid EIP-55 checksum (a mixed-case typo is refused rather than read as another
 * account), all-lower and all-upper forms are accepted as unchecksummed.
 */
public final class EvmAddress extends KeyedValue implements WalletAddress {

  private static final Pattern SHAPE = Pattern.compile("0x[0-9a-fA-F]{40}");
  private static final HexFormat HEX = HexFormat.of();

  private final String lower;

  /**
   * The EIP-55 form, computed on first use. Unsynchronized: two threads may both compute it, and
   * either equal result may be kept, since a String is immutable and safely published.
   */
  private String checksummed;

  private EvmAddress(String lower) {
    super(lower);
    this.lower = lower;
  }

  /**
   * Parses an address.
   *
   * @param field the field name used in the message on failure
   */
  public static EvmAddress parse(String text, String field) {
    if (text == null || !SHAPE.matcher(text).matches()) {
      throw new ValidationException(
          field + " must be an EVM address (0x followed by 40 hex digits), got " + quote(text));
    }
    String hex = text.substring(2);
    boolean hasLower = !hex.equals(hex.toUpperCase(Locale.ROOT));
    boolean hasUpper = !hex.equals(hex.toLowerCase(Locale.ROOT));
    EvmAddress address = new EvmAddress("0x" + hex.toLowerCase(Locale.ROOT));
    if (hasLower && hasUpper && !address.checksummed().equals(text)) {
      throw new ValidationException(
          field + " " + text + " has an invalid EIP-55 checksum (expected " + address + ")");
    }
    return address;
  }

  /** An address known to be well formed (constants, values read from a chain). */
  public static EvmAddress of(String text) {
    return parse(text, "address");
  }

  public static EvmAddress ofBytes(byte[] twentyBytes) {
    if (twentyBytes.length != 20) {
      throw new IllegalArgumentException("an EVM address has 20 bytes");
    }
    return new EvmAddress("0x" + HEX.formatHex(twentyBytes));
  }

  private static String quote(String text) {
    if (text == null) {
      return "nothing";
    }
    String shown = text.length() > 64 ? text.substring(0, 64) + "…" : text;
    return '"' + shown + '"';
  }

  @Override
  public ChainFamily family() {
    return ChainFamily.EVM;
  }

  /** The EIP-55 form. */
  @Override
  public String text() {
    return checksummed();
  }

  /** Lower-case {@code 0x}-prefixed form. */
  public String lowercase() {
    return lower;
  }

  /** EIP-55 mixed-case form. */
  public String checksummed() {
    String cached = checksummed;
    if (cached == null) {
      cached = eip55(lower);
      checksummed = cached;
    }
    return cached;
  }

  private static String eip55(String lower) {
    String hex = lower.substring(2);
    byte[] hash = Keccak256.hash(hex);
    StringBuilder sb = new StringBuilder("0x");
    for (int i = 0; i < 40; i++) {
      char ch = hex.charAt(i);
      int nibble = (hash[i / 2] >> (i % 2 == 0 ? 4 : 0)) & 0xf;
      sb.append(nibble >= 8 ? Character.toUpperCase(ch) : ch);
    }
    return sb.toString();
  }

  public byte[] bytes() {
    return HEX.parseHex(lower, 2, 42);
  }

  /** The checksummed form. */
  @Override
  public String toString() {
    return checksummed();
  }
}
