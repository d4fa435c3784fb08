package org.walletstate.domain.evm;

import java.math.BigInteger;
import java.util.Objects;
import java.util.regex.Pattern;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;

/**
 * One 32-byte word: an ABI argument or result, an EAS schema or attestation UID.
 *
 * @param bytes exactly 32 bytes
 */
public record Bytes32(Bytes bytes) {

  public static final Bytes32 ZERO = new Bytes32(Bytes.of(new byte[32]));

  private static final Pattern SHAPE = Pattern.compile("0x[0-9a-fA-F]{64}");

  public Bytes32 {
    Objects.requireNonNull(bytes, "bytes");
    if (bytes.length() != 32) {
      throw new IllegalArgumentException("a word has 32 bytes, not " + bytes.length());
    }
  }

  /**
   * Reads a caller's 32-byte value: {@code 0x} and 64 hex digits, either case.
   *
   * @param field the member's path in messages
   */
  public static Bytes32 parse(String text, String field) {
    if (text == null || !SHAPE.matcher(text).matches()) {
      throw new ValidationException(
          field
              + " must be 32 bytes as 0x followed by 64 hex digits, got \""
              + (text != null && text.length() > 80 ? text.substring(0, 80) + "…" : text)
              + "\"");
    }
    return new Bytes32(Bytes.fromHex(text));
  }

  /** An address, left-padded with zeros as the ABI encodes it. */
  public static Bytes32 of(EvmAddress address) {
    byte[] word = new byte[32];
    System.arraycopy(address.bytes(), 0, word, 12, 20);
    return new Bytes32(Bytes.of(word));
  }

  /** An unsigned integer of at most 256 bits, big-endian. */
  public static Bytes32 of(BigInteger unsigned) {
    if (unsigned.signum() < 0 || unsigned.bitLength() > 256) {
      throw new IllegalArgumentException("not a uint256: " + unsigned);
    }
    byte[] magnitude = unsigned.toByteArray();
    byte[] word = new byte[32];
    int copy = Math.min(magnitude.length, 32);
    System.arraycopy(magnitude, magnitude.length - copy, word, 32 - copy, copy);
    return new Bytes32(Bytes.of(word));
  }

  public boolean isZero() {
    return equals(ZERO);
  }

  /** The word read as an unsigned big-endian integer. */
  public BigInteger toUnsigned() {
    return new BigInteger(1, bytes.toArray());
  }

  /** Lower-case {@code 0x}-prefixed hex, the form signed conditions carry. */
  public String hex() {
    return bytes.toHex();
  }

  @Override
  public String toString() {
    return hex();
  }
}
