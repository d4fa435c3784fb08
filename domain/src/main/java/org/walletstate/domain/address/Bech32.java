package org.walletstate.domain.address;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Locale;

/**
 * Bech32 (BIP-173) and Bech32m (BIP-350) strings: a human-readable part, the separator {@code 1},
 * then 5-bit values in a 32-character alphabet ending in a six-character checksum. The two
 * encodings differ only in the constant the checksum must leave; decoding reports which one the
 * string carries, and the caller decides whether that is the one it needs.
 *
 * <p>Either all lower or all upper case; mixed case is refused. The decoded human-readable part is
 * lower case.
 */
public final class Bech32 {

  /** The checksum a string carries. */
  public enum Variant {
    /** BIP-173, for segwit version 0. */
    BECH32(1),
    /** BIP-350, for segwit version 1 and later. */
    BECH32M(0x2bc830a3);

    private final int constant;

    Variant(int constant) {
      this.constant = constant;
    }
  }

  /** A decoded string: its human-readable part, data values (0 to 31) and checksum kind. */
  public static final class Decoded {
    private final String hrp;
    private final byte[] data;
    private final Variant variant;

    private Decoded(String hrp, byte[] data, Variant variant) {
      this.hrp = hrp;
      this.data = data;
      this.variant = variant;
    }

    /** The human-readable part, lower case. */
    public String hrp() {
      return hrp;
    }

    /** The 5-bit values between the separator and the checksum. */
    public byte[] data() {
      return data.clone();
    }

    public Variant variant() {
      return variant;
    }
  }

  /** BIP-173's length limit, which BIP-350 keeps. */
  public static final int MAX_LENGTH = 90;

  private static final String CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
  private static final int CHECKSUM_LENGTH = 6;
  private static final int[] GENERATOR = {
    0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3
  };

  private Bech32() {}

  /**
   * Decodes and checks a string.
   *
   * @throws EncodingException for a wrong length, mixed case, a character outside the alphabet, a
   *     missing separator or a checksum that is neither Bech32 nor Bech32m
   */
  public static Decoded decode(String text) {
    if (text.length() > MAX_LENGTH) {
      throw new EncodingException("longer than " + MAX_LENGTH + " characters");
    }
    boolean lower = false;
    boolean upper = false;
    for (int i = 0; i < text.length(); i++) {
      char ch = text.charAt(i);
      if (ch < 33 || ch > 126) {
        throw new EncodingException("character at position " + (i + 1) + " is not printable ASCII");
      }
      lower |= ch >= 'a' && ch <= 'z';
      upper |= ch >= 'A' && ch <= 'Z';
    }
    if (lower && upper) {
      throw new EncodingException("mixes upper and lower case");
    }
    String folded = text.toLowerCase(Locale.ROOT);
    int separator = folded.lastIndexOf('1');
    if (separator < 1) {
      throw new EncodingException("has no human-readable part before the separator 1");
    }
    if (folded.length() - separator - 1 < CHECKSUM_LENGTH) {
      throw new EncodingException("is too short to hold a checksum");
    }
    String hrp = folded.substring(0, separator);
    byte[] values = new byte[folded.length() - separator - 1];
    for (int i = 0; i < values.length; i++) {
      int position = separator + 1 + i;
      int value = CHARSET.indexOf(folded.charAt(position));
      if (value < 0) {
        throw new EncodingException(
            "character '"
                + text.charAt(position)
                + "' at position "
                + (position + 1)
                + " is not in the bech32 alphabet");
      }
      values[i] = (byte) value;
    }
    int residue = polymod(hrp, values, values.length);
    Variant variant = null;
    for (Variant candidate : Variant.values()) {
      if (residue == candidate.constant) {
        variant = candidate;
      }
    }
    if (variant == null) {
      throw new EncodingException("checksum does not match");
    }
    return new Decoded(hrp, Arrays.copyOf(values, values.length - CHECKSUM_LENGTH), variant);
  }

  /** Encodes 5-bit values under a lower-case human-readable part. */
  public static String encode(String hrp, byte[] data, Variant variant) {
    for (byte value : data) {
      if (value < 0 || value > 31) {
        throw new IllegalArgumentException("bech32 data values are 0 to 31");
      }
    }
    byte[] values = Arrays.copyOf(data, data.length + CHECKSUM_LENGTH);
    int checksum = polymod(hrp, values, values.length) ^ variant.constant;
    for (int i = 0; i < CHECKSUM_LENGTH; i++) {
      values[data.length + i] = (byte) ((checksum >>> (5 * (CHECKSUM_LENGTH - 1 - i))) & 31);
    }
    StringBuilder sb = new StringBuilder(hrp.length() + 1 + values.length).append(hrp).append('1');
    for (byte value : values) {
      sb.append(CHARSET.charAt(value));
    }
    return sb.toString();
  }

  /**
   * Regroups bits, most significant first, from {@code fromBits}-bit values to {@code toBits}-bit
   * ones. With {@code pad} the last group is filled with zero bits; without it the leftover bits
   * must be fewer than {@code fromBits} and all zero, as BIP-173 requires when reading a witness
   * program.
   *
   * @throws EncodingException when the leftover bits break that rule
   */
  public static byte[] convertBits(byte[] in, int fromBits, int toBits, boolean pad) {
    int acc = 0;
    int bits = 0;
    int mask = (1 << toBits) - 1;
    ByteArrayOutputStream out = new ByteArrayOutputStream(in.length * fromBits / toBits + 1);
    for (byte b : in) {
      int value = b & 0xff;
      if (value >>> fromBits != 0) {
        throw new IllegalArgumentException("value wider than " + fromBits + " bits");
      }
      acc = ((acc << fromBits) | value) & 0xfffff;
      bits += fromBits;
      while (bits >= toBits) {
        bits -= toBits;
        out.write((acc >>> bits) & mask);
      }
    }
    if (pad) {
      if (bits > 0) {
        out.write((acc << (toBits - bits)) & mask);
      }
    } else if (bits >= fromBits) {
      throw new EncodingException("has more padding than a group of bits");
    } else if (((acc << (toBits - bits)) & mask) != 0) {
      throw new EncodingException("has padding bits that are not zero");
    }
    return out.toByteArray();
  }

  private static int polymod(String hrp, byte[] values, int count) {
    int chk = 1;
    for (int i = 0; i < hrp.length(); i++) {
      chk = step(chk, hrp.charAt(i) >>> 5);
    }
    chk = step(chk, 0);
    for (int i = 0; i < hrp.length(); i++) {
      chk = step(chk, hrp.charAt(i) & 31);
    }
    for (int i = 0; i < count; i++) {
      chk = step(chk, values[i]);
    }
    return chk;
  }

  private static int step(int chk, int value) {
    int top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    for (int i = 0; i < 5; i++) {
      if (((top >>> i) & 1) != 0) {
        chk ^= GENERATOR[i];
      }
    }
    return chk;
  }
}
