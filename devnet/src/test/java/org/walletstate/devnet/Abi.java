package org.walletstate.devnet;

import java.math.BigInteger;
import java.util.Locale;

/** Just enough ABI encoding for the tests: static arguments and 32-byte words of the output. */
final class Abi {
  private Abi() {}

  /** Call data: a 4-byte selector followed by each argument as one 32-byte word. */
  static String call(String selector, Object... args) {
    StringBuilder sb = new StringBuilder(selector);
    for (Object a : args) {
      sb.append(word(a));
    }
    return sb.toString();
  }

  private static String word(Object a) {
    if (a instanceof Long l) {
      a = BigInteger.valueOf(l);
    } else if (a instanceof Integer i) {
      a = BigInteger.valueOf(i);
    }
    if (a instanceof BigInteger b) {
      return String.format("%64s", b.toString(16)).replace(' ', '0');
    }
    String hex = ((String) a).substring(2).toLowerCase(Locale.ROOT);
    if (hex.length() > 64) {
      throw new IllegalArgumentException("not a static word: " + a);
    }
    return "0".repeat(64 - hex.length()) + hex;
  }

  /** Word {@code index} of hex output, as an unsigned integer. */
  static BigInteger uint(String output, int index) {
    return new BigInteger(rawWord(output, index), 16);
  }

  /** Word {@code index} of hex output, as a lower-case 0x-address. */
  static String address(String output, int index) {
    return "0x" + rawWord(output, index).substring(24);
  }

  /** Word {@code index} of hex output, as 0x-hex of 32 bytes. */
  static String bytes32(String output, int index) {
    return "0x" + rawWord(output, index);
  }

  private static String rawWord(String output, int index) {
    String hex = output.substring(2);
    return hex.substring(index * 64, index * 64 + 64);
  }

  static String lower(String address) {
    return address.toLowerCase(Locale.ROOT);
  }

  /** The fields of an EAS {@code getAttestation} answer. */
  record EasAttestation(
      String uid,
      String schema,
      long time,
      long expirationTime,
      long revocationTime,
      String recipient,
      String attester,
      boolean revocable,
      String data) {

    /** Decodes {@code abi.encode(Attestation)}: a dynamic tuple ending in {@code bytes data}. */
    static EasAttestation decode(String output) {
      int base = uint(output, 0).intValueExact() / 32;
      int dataStart = base + uint(output, base + 9).intValueExact() / 32;
      int length = uint(output, dataStart).intValueExact();
      String hex = output.substring(2);
      String data = "0x" + hex.substring((dataStart + 1) * 64, (dataStart + 1) * 64 + length * 2);
      return new EasAttestation(
          bytes32(output, base),
          bytes32(output, base + 1),
          uint(output, base + 2).longValueExact(),
          uint(output, base + 3).longValueExact(),
          uint(output, base + 4).longValueExact(),
          address(output, base + 6),
          address(output, base + 7),
          uint(output, base + 8).signum() != 0,
          data);
    }
  }
}
