package org.walletstate.verifier.internal;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Recursive Length Prefix, the Ethereum serialization of trie nodes, account leaves and block
 * headers. Decoding is strict: canonical lengths only, and nothing may follow the item.
 */
public final class Rlp {

  /** A decoded item: a byte string or a list of items. */
  public sealed interface Item permits Bytes, Items {}

  public record Bytes(byte[] value) implements Item {
    public Bytes {
      value = value.clone();
    }

    @Override
    public byte[] value() {
      return value.clone();
    }

    /** The bytes as an unsigned big-endian integer (empty is zero); no leading zero allowed. */
    public BigInteger unsigned() {
      if (value.length > 0 && value[0] == 0) {
        throw new RlpException("an integer with a leading zero byte");
      }
      return new BigInteger(1, value);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Bytes b && Arrays.equals(value, b.value);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(value);
    }

    @Override
    public String toString() {
      return "Bytes[" + value.length + "]";
    }
  }

  public record Items(List<Item> items) implements Item {
    public Items {
      items = List.copyOf(items);
    }
  }

  /** Malformed RLP. */
  public static final class RlpException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public RlpException(String message) {
      super(message);
    }
  }

  private Rlp() {}

  /** Decodes exactly one item spanning all of {@code input}. */
  public static Item decode(byte[] input) {
    int[] end = new int[1];
    Item item = decode(input, 0, input.length, end);
    if (end[0] != input.length) {
      throw new RlpException("bytes after the item");
    }
    return item;
  }

  private static Item decode(byte[] in, int at, int limit, int[] end) {
    if (at >= limit) {
      throw new RlpException("input ends before an item");
    }
    int prefix = in[at] & 0xff;
    if (prefix < 0x80) {
      end[0] = at + 1;
      return new Bytes(new byte[] {in[at]});
    }
    if (prefix <= 0xb7) {
      int length = prefix - 0x80;
      int start = at + 1;
      check(start, length, limit);
      if (length == 1 && (in[start] & 0xff) < 0x80) {
        throw new RlpException("a single byte below 0x80 must encode itself");
      }
      end[0] = start + length;
      return new Bytes(Arrays.copyOfRange(in, start, start + length));
    }
    if (prefix <= 0xbf) {
      int lengthOfLength = prefix - 0xb7;
      int length = longLength(in, at + 1, lengthOfLength, limit);
      int start = at + 1 + lengthOfLength;
      check(start, length, limit);
      end[0] = start + length;
      return new Bytes(Arrays.copyOfRange(in, start, start + length));
    }
    int length;
    int start;
    if (prefix <= 0xf7) {
      length = prefix - 0xc0;
      start = at + 1;
    } else {
      int lengthOfLength = prefix - 0xf7;
      length = longLength(in, at + 1, lengthOfLength, limit);
      start = at + 1 + lengthOfLength;
    }
    check(start, length, limit);
    List<Item> items = new ArrayList<>();
    int position = start;
    int stop = start + length;
    while (position < stop) {
      int[] itemEnd = new int[1];
      items.add(decode(in, position, stop, itemEnd));
      position = itemEnd[0];
    }
    end[0] = stop;
    return new Items(items);
  }

  private static int longLength(byte[] in, int at, int lengthOfLength, int limit) {
    if (lengthOfLength > 4 || at + lengthOfLength > limit) {
      throw new RlpException("length of length out of range");
    }
    if ((in[at] & 0xff) == 0) {
      throw new RlpException("a length with a leading zero byte");
    }
    long length = 0;
    for (int i = 0; i < lengthOfLength; i++) {
      length = (length << 8) | (in[at + i] & 0xff);
    }
    if (length < 56 || length > Integer.MAX_VALUE) {
      throw new RlpException("a long form length that fits the short form, or too large");
    }
    return (int) length;
  }

  private static void check(int start, int length, int limit) {
    if (length < 0 || start + (long) length > limit) {
      throw new RlpException("an item longer than its input");
    }
  }

  /** The encoding of a byte string. */
  public static byte[] encodeBytes(byte[] value) {
    if (value.length == 1 && (value[0] & 0xff) < 0x80) {
      return value.clone();
    }
    return withPrefix(0x80, value);
  }

  /** The encoding of an unsigned integer: minimal big-endian bytes, zero as the empty string. */
  public static byte[] encodeUnsigned(BigInteger value) {
    if (value.signum() < 0) {
      throw new IllegalArgumentException("RLP integers are unsigned");
    }
    if (value.signum() == 0) {
      return encodeBytes(new byte[0]);
    }
    byte[] bytes = value.toByteArray();
    if (bytes[0] == 0) {
      bytes = Arrays.copyOfRange(bytes, 1, bytes.length);
    }
    return encodeBytes(bytes);
  }

  /** The encoding of a list whose items are already encoded. */
  public static byte[] encodeList(List<byte[]> encodedItems) {
    ByteArrayOutputStream payload = new ByteArrayOutputStream();
    encodedItems.forEach(payload::writeBytes);
    return withPrefix(0xc0, payload.toByteArray());
  }

  private static byte[] withPrefix(int base, byte[] payload) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    if (payload.length < 56) {
      out.write(base + payload.length);
    } else {
      byte[] length = BigInteger.valueOf(payload.length).toByteArray();
      int skip = length[0] == 0 ? 1 : 0;
      out.write(base + 0x37 + length.length - skip);
      out.write(length, skip, length.length - skip);
    }
    out.writeBytes(payload);
    return out.toByteArray();
  }
}
