package org.walletstate.domain.address;

import java.util.Arrays;

/**
 * Stellar's StrKey: RFC 4648 base32 (upper case, unpadded) of a version byte, a payload and the
 * payload's CRC-16/XMODEM, low byte first. The version byte's top five bits pick the first
 * character: 6 gives {@code G} (an ed25519 account key), 12 {@code M} (a muxed account), 18 {@code
 * S} (a secret seed), 2 {@code C} (a contract).
 */
final class StrKey {

  static final int ACCOUNT_ID = 6 << 3;

  private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

  private StrKey() {}

  /**
   * Decodes text whose length is a whole number of bytes (a multiple of 8 characters) and checks
   * its CRC.
   *
   * @return the version byte followed by the payload, without the CRC
   * @throws EncodingException for a character outside the alphabet, a length that leaves spare
   *     bits, or a CRC that does not match
   */
  static byte[] decode(String text) {
    if (text.length() % 8 != 0) {
      throw new EncodingException("is not a whole number of base32 groups");
    }
    byte[] bytes = new byte[text.length() * 5 / 8];
    int acc = 0;
    int bits = 0;
    int next = 0;
    for (int i = 0; i < text.length(); i++) {
      int value = ALPHABET.indexOf(text.charAt(i));
      if (value < 0) {
        throw new EncodingException(
            "character at position " + (i + 1) + " is not in the base32 alphabet (A-Z, 2-7)");
      }
      acc = (acc << 5) | value;
      bits += 5;
      if (bits >= 8) {
        bits -= 8;
        bytes[next++] = (byte) (acc >>> bits);
        acc &= (1 << bits) - 1;
      }
    }
    if (bytes.length < 3) {
      throw new EncodingException("is too short to hold a version byte and a checksum");
    }
    int end = bytes.length - 2;
    int crc = Crc16Xmodem.of(bytes, 0, end);
    int stored = (bytes[end] & 0xff) | (bytes[end + 1] & 0xff) << 8;
    if (crc != stored) {
      throw new EncodingException("checksum does not match");
    }
    return Arrays.copyOf(bytes, end);
  }

  /** Encodes a version byte and payload with their CRC; the total must fill whole groups. */
  static String encode(int version, byte[] payload) {
    byte[] bytes = new byte[payload.length + 3];
    bytes[0] = (byte) version;
    System.arraycopy(payload, 0, bytes, 1, payload.length);
    int crc = Crc16Xmodem.of(bytes, 0, payload.length + 1);
    bytes[payload.length + 1] = (byte) crc;
    bytes[payload.length + 2] = (byte) (crc >>> 8);
    if (bytes.length % 5 != 0) {
      throw new IllegalArgumentException("a StrKey fills whole base32 groups of 5 bytes");
    }
    StringBuilder sb = new StringBuilder(bytes.length * 8 / 5);
    int acc = 0;
    int bits = 0;
    for (byte b : bytes) {
      acc = (acc << 8) | (b & 0xff);
      bits += 8;
      while (bits >= 5) {
        bits -= 5;
        sb.append(ALPHABET.charAt((acc >>> bits) & 31));
      }
      acc &= (1 << bits) - 1;
    }
    return sb.toString();
  }
}
