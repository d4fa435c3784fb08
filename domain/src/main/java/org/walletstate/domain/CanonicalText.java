package org.walletstate.domain;

import java.util.Objects;

/**
 * A value that is its canonical text: two are equal when they are of the same type and their texts
 * are equal, and the text is what they show.
 */
public abstract class CanonicalText extends KeyedValue {

  /** The canonical text. */
  protected final String canonical;

  protected CanonicalText(String canonical) {
    super(Objects.requireNonNull(canonical, "canonical"));
    this.canonical = canonical;
  }

  /** The canonical text. */
  @Override
  public final String toString() {
    return canonical;
  }
}
