package org.walletstate.domain.address;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

/**
 * Base58 over one of two alphabets, and Base58Check on top of it.
 *
 * <p>The text is the big-endian number of the bytes written in base 58, preceded by one zero digit
 * (the alphabet's first character) for every leading zero byte. Each byte string has exactly one
 * text and each text one byte string, so a decoded value re-encodes to the text it came from.
 *
 * <p>Base58Check appends the first four bytes of SHA-256(SHA-256(payload)) before encoding; Bitcoin
 * and Tron use it with the {@link #BITCOIN} alphabet, the XRP Ledger with the {@link #RIPPLE} one.
 * Solana uses plain Base58 with the Bitcoin alphabet.
 */
public final class Base58 {

  /** Bitcoin's alphabet: digits and letters without {@code 0}, {@code O}, {@code I}, {@code l}. */
  public static final Base58 BITCOIN =
      new Base58("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz");

  /** The XRP Ledger's alphabet: the same characters in another order, {@code r} first. */
  public static final Base58 RIPPLE =
      new Base58("rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz");

  private static final int CHECKSUM_LENGTH = 4;

  private final String alphabet;
  private final int[] digitOf = new int[128];

  private Base58(String alphabet) {
    if (alphabet.length() != 58) {
      throw new IllegalArgumentException("a base58 alphabet has 58 characters");
    }
    this.alphabet = alphabet;
    Arrays.fill(digitOf, -1);
    for (int i = 0; i < alphabet.length(); i++) {
      digitOf[alphabet.charAt(i)] = i;
    }
  }

  /** The alphabet, zero digit first. */
  public String alphabet() {
    return alphabet;
  }

  public String encode(byte[] bytes) {
    int zeros = 0;
    while (zeros < bytes.length && bytes[zeros] == 0) {
      zeros++;
    }
    // Base-58 digits of the number, least significant first; log(256)/log(58) < 1.37.
    byte[] digits = new byte[(bytes.length - zeros) * 137 / 100 + 1];
    int used = 0;
    for (int i = zeros; i < bytes.length; i++) {
      int carry = bytes[i] & 0xff;
      for (int j = 0; j < used; j++) {
        carry += (digits[j] & 0xff) << 8;
        digits[j] = (byte) (carry % 58);
        carry /= 58;
      }
      while (carry > 0) {
        digits[used++] = (byte) (carry % 58);
        carry /= 58;
      }
    }
    StringBuilder sb = new StringBuilder(zeros + used);
    for (int i = 0; i < zeros; i++) {
      sb.append(alphabet.charAt(0));
    }
    for (int i = used - 1; i >= 0; i--) {
      sb.append(alphabet.charAt(digits[i]));
    }
    return sb.toString();
  }

  /**
   * Decodes text in this alphabet.
   *
   * @throws EncodingException naming the first character outside the alphabet
   */
  public byte[] decode(String text) {
    int zeros = 0;
    while (zeros < text.length() && text.charAt(zeros) == alphabet.charAt(0)) {
      zeros++;
    }
    // Bytes of the number, least significant first; log(58)/log(256) < 0.74.
    byte[] bytes = new byte[(text.length() - zeros) * 74 / 100 + 1];
    int used = 0;
    for (int i = zeros; i < text.length(); i++) {
      char ch = text.charAt(i);
      int carry = ch < 128 ? digitOf[ch] : -1;
      if (carry < 0) {
        throw new EncodingException(
            "character "
                + shown(ch)
                + " at position "
                + (i + 1)
                + " is not in the base58 alphabet");
      }
      for (int j = 0; j < used; j++) {
        carry += (bytes[j] & 0xff) * 58;
        bytes[j] = (byte) carry;
        carry >>>= 8;
      }
      while (carry > 0) {
        bytes[used++] = (byte) carry;
        carry >>>= 8;
      }
    }
    byte[] out = new byte[zeros + used];
    for (int i = 0; i < used; i++) {
      out[zeros + i] = bytes[used - 1 - i];
    }
    return out;
  }

  /** Encodes the payload followed by its four-byte double-SHA-256 checksum. */
  public String encodeChecked(byte[] payload) {
    byte[] hash = doubleSha256(payload, payload.length);
    byte[] full = Arrays.copyOf(payload, payload.length + CHECKSUM_LENGTH);
    System.arraycopy(hash, 0, full, payload.length, CHECKSUM_LENGTH);
    return encode(full);
  }

  /**
   * Decodes Base58Check text and returns the payload without its checksum.
   *
   * @throws EncodingException for a character outside the alphabet or a checksum that does not
   *     match
   */
  public byte[] decodeChecked(String text) {
    byte[] full = decode(text);
    if (full.length < CHECKSUM_LENGTH) {
      throw new EncodingException("too short to hold a checksum");
    }
    int payloadLength = full.length - CHECKSUM_LENGTH;
    byte[] hash = doubleSha256(full, payloadLength);
    if (!Arrays.equals(
        hash, 0, CHECKSUM_LENGTH, full, payloadLength, payloadLength + CHECKSUM_LENGTH)) {
      throw new EncodingException("checksum does not match");
    }
    return Arrays.copyOf(full, payloadLength);
  }

  private static byte[] doubleSha256(byte[] data, int length) {
    MessageDigest sha256;
    try {
      sha256 = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform provides SHA-256", e);
    }
    sha256.update(data, 0, length);
    return sha256.digest(sha256.digest());
  }

  private static String shown(char ch) {
    return ch >= 0x21 && ch <= 0x7e ? "'" + ch + "'" : String.format("U+%04X", (int) ch);
  }
}
