package org.walletstate.domain.evm;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * An immutable byte string: call data, return data, account code. Equal contents are equal values,
 * so reads that carry bytes can be de-duplicated. The hash is computed once, as {@link String}'s
 * is: a batch's {@code aggregate3} call data (tens of kilobytes) is a map key in several layers of
 * the read path.
 */
public final class Bytes {

  private static final HexFormat HEX = HexFormat.of();

  public static final Bytes EMPTY = new Bytes(new byte[0]);

  private final byte[] value;

  /** The content hash, 0 until computed (racy but idempotent, as {@code String.hash}). */
  private int hash;

  private Bytes(byte[] value) {
    this.value = value;
  }

  public static Bytes of(byte... value) {
    return new Bytes(value.clone());
  }

  /**
   * Reads {@code 0x}-prefixed hex with an even number of digits, either case ({@code 0x} alone is
   * empty).
   */
  public static Bytes fromHex(String hex) {
    if (hex == null || !hex.startsWith("0x") || hex.length() % 2 != 0) {
      throw new IllegalArgumentException("not 0x-prefixed hex of whole bytes: " + hex);
    }
    return new Bytes(HEX.parseHex(hex, 2, hex.length()));
  }

  /** The concatenation of {@code parts}. */
  public static Bytes concat(Bytes... parts) {
    int length = Arrays.stream(parts).mapToInt(Bytes::length).sum();
    byte[] joined = new byte[length];
    int at = 0;
    for (Bytes part : parts) {
      System.arraycopy(part.value, 0, joined, at, part.value.length);
      at += part.value.length;
    }
    return new Bytes(joined);
  }

  public int length() {
    return value.length;
  }

  public boolean isEmpty() {
    return value.length == 0;
  }

  /** The bytes from {@code from} (inclusive) to {@code to} (exclusive). */
  public Bytes slice(int from, int to) {
    return new Bytes(Arrays.copyOfRange(value, from, to));
  }

  public boolean startsWith(Bytes prefix) {
    return value.length >= prefix.value.length
        && Arrays.equals(value, 0, prefix.value.length, prefix.value, 0, prefix.value.length);
  }

  public byte[] toArray() {
    return value.clone();
  }

  /** Lower-case {@code 0x}-prefixed hex. */
  public String toHex() {
    return "0x" + HEX.formatHex(value);
  }

  @Override
  public boolean equals(Object o) {
    if (o == this) {
      return true;
    }
    if (!(o instanceof Bytes other) || other.value.length != value.length) {
      return false;
    }
    int h = hash;
    int otherHash = other.hash;
    if (h != 0 && otherHash != 0 && h != otherHash) {
      return false;
    }
    return Arrays.equals(other.value, value);
  }

  @Override
  public int hashCode() {
    int h = hash;
    if (h == 0) {
      h = Arrays.hashCode(value);
      hash = h;
    }
    return h;
  }

  @Override
  public String toString() {
    return toHex();
  }
}
