package org.walletstate.domain;

import java.util.Objects;

/**
 * A value that is its canonical text: two are equal when they are of the same type and their texts
 * are equal, and the text is what they show.
 */
public abstract class CanonicalText {

  /** The canonical text. */
  protected final String canonical;

  protected CanonicalText(String canonical) {
    this.canonical = Objects.requireNonNull(canonical, "canonical");
  }

  @Override
  public final boolean equals(Object o) {
    return o != null
        && o.getClass() == getClass()
        && ((CanonicalText) o).canonical.equals(canonical);
  }

  @Override
  public final int hashCode() {
    return canonical.hashCode();
  }

  /** The canonical text. */
  @Override
  public final String toString() {
    return canonical;
  }
}
