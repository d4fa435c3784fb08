package org.walletstate.domain.address;

import java.util.Arrays;
import java.util.Objects;

/**
 * The bytes that name an account (a 32-byte public key, a Tron address's 21 bytes, an XRPL
 * AccountID) and the one text that encodes them (Base58, Base58Check, StrKey). Two values are equal
 * when they are of the same type and hold the same bytes; the text is what is signed and echoed.
 */
abstract class EncodedKey {

  private final String text;
  private final byte[] key;

  EncodedKey(String text, byte[] key) {
    this.text = Objects.requireNonNull(text, "text");
    this.key = key.clone();
  }

  /** The encoded text. */
  public String text() {
    return text;
  }

  /** The bytes, as a copy. */
  byte[] key() {
    return key.clone();
  }

  @Override
  public final boolean equals(Object o) {
    return o != null && o.getClass() == getClass() && Arrays.equals(((EncodedKey) o).key, key);
  }

  @Override
  public final int hashCode() {
    return Arrays.hashCode(key);
  }

  @Override
  public final String toString() {
    return text;
  }
}
