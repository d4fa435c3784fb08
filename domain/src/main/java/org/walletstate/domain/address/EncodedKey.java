package org.walletstate.domain.address;

import java.util.Arrays;
import java.util.Objects;

/**
 * A 32-byte public key and the one text that encodes it (Base58, StrKey). Two values are equal when
 * they are of the same type and hold the same key; the text is what is signed and echoed.
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

  /** The 32-byte key, as a copy. */
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
