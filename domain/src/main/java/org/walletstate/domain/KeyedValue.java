package org.walletstate.domain;

import java.util.Objects;

/**
 * A value that is equal to another of its type exactly when their keys are equal: the key is what
 * makes two values one, whatever else they keep (the text entered, a cached form). By default the
 * key's text is what the value shows.
 */
public abstract class KeyedValue {

  private final Object key;

  protected KeyedValue(Object key) {
    this.key = Objects.requireNonNull(key, "key");
  }

  @Override
  public final boolean equals(Object o) {
    return o != null && o.getClass() == getClass() && ((KeyedValue) o).key.equals(key);
  }

  @Override
  public final int hashCode() {
    return key.hashCode();
  }

  /** The key's text. */
  @Override
  public String toString() {
    return key.toString();
  }
}
