package org.walletstate.domain.evm;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import org.walletstate.domain.address.EvmAddress;

/**
 * Strict reading of ABI-encoded data (return data, attestation data). Positions are byte offsets
 * into the data. Every read checks bounds and that a value fits its declared type (upper bytes of a
 * {@code uintN}, {@code address} or {@code bool} are zero, a bool is 0 or 1); anything else is an
 * {@link AbiDecodingException}.
 */
public final class AbiReader {

  private static final int WORD = 32;

  private final Bytes data;

  private AbiReader(Bytes data) {
    this.data = data;
  }

  public static AbiReader of(Bytes data) {
    return new AbiReader(data);
  }

  /** The word at byte position {@code at}. */
  public Bytes32 word(int at) {
    if (at < 0 || at > data.length() - WORD) {
      throw new AbiDecodingException(
          "a word at byte " + at + " lies outside " + data.length() + " bytes of data");
    }
    return new Bytes32(data.slice(at, at + WORD));
  }

  /** A {@code uint<bits>} at {@code at}. */
  public BigInteger uint(int at, int bits) {
    BigInteger value = word(at).toUnsigned();
    if (value.bitLength() > bits) {
      throw new AbiDecodingException("the word at byte " + at + " does not fit a uint" + bits);
    }
    return value;
  }

  public boolean bool(int at) {
    BigInteger value = word(at).toUnsigned();
    if (value.signum() == 0) {
      return false;
    }
    if (value.equals(BigInteger.ONE)) {
      return true;
    }
    throw new AbiDecodingException("the word at byte " + at + " is not a bool");
  }

  public EvmAddress address(int at) {
    uint(at, 160);
    return EvmAddress.ofBytes(word(at).bytes().slice(12, WORD).toArray());
  }

  /**
   * Follows an offset: reads the word at {@code at} as a position relative to {@code base} and
   * returns the absolute position, checked to lie inside the data.
   */
  public int follow(int at, int base) {
    BigInteger relative = uint(at, 256);
    BigInteger absolute = relative.add(BigInteger.valueOf(base));
    if (absolute.compareTo(BigInteger.valueOf(data.length())) > 0) {
      throw new AbiDecodingException("the offset at byte " + at + " points outside the data");
    }
    return absolute.intValueExact();
  }

  /** A length word at {@code at}, checked so that {@code unitSize * length} bytes follow it. */
  public int length(int at, int unitSize) {
    BigInteger length = uint(at, 256);
    BigInteger needed = length.multiply(BigInteger.valueOf(unitSize));
    if (needed.compareTo(BigInteger.valueOf(data.length() - at - WORD)) > 0) {
      throw new AbiDecodingException("the length at byte " + at + " runs past the data");
    }
    return length.intValueExact();
  }

  /** A {@code bytes} value whose length word is at {@code at}. */
  public Bytes bytes(int at) {
    int length = length(at, 1);
    return data.slice(at + WORD, at + WORD + length);
  }

  /** A {@code string} value (UTF-8) whose length word is at {@code at}. */
  public String string(int at) {
    byte[] utf8 = bytes(at).toArray();
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(utf8))
          .toString();
    } catch (CharacterCodingException e) {
      throw new AbiDecodingException("the string at byte " + at + " is not UTF-8");
    }
  }
}
