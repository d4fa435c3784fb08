package org.walletstate.domain.attest;

/** Whether delegation results carry the decoded {@code declaredLimits} ({@code include}). */
public enum DeclaredLimits {
  INCLUDE,
  OMIT
}
