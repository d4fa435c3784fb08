package org.walletstate.verifier;

/** Why an artifact is being read. */
public enum Mode {
  /** A live access decision (default): the companion policy ({@code pqRequiredFrom}) applies. */
  ACCESS,
  /** Reading after the fact (audit, dispute): nothing is refused for lacking a companion. */
  EVIDENCE
}
