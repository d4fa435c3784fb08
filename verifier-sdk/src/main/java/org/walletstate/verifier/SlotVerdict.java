package org.walletstate.verifier;

import java.util.Optional;

/**
 * One envelope slot's verdict. An expired slot reads {@code signatureValid: false} because its
 * signature was never examined; only {@link #error()} tells it from a forged one.
 */
public record SlotVerdict(
    String issuerOrNull,
    String typeOrNull,
    String kidOrNull,
    boolean signatureValid,
    boolean expired,
    String errorOrNull) {

  public Optional<String> issuer() {
    return Optional.ofNullable(issuerOrNull);
  }

  public Optional<String> type() {
    return Optional.ofNullable(typeOrNull);
  }

  public Optional<String> kid() {
    return Optional.ofNullable(kidOrNull);
  }

  /** Why the slot is not live: the exact text of the envelope format's errors. */
  public Optional<String> error() {
    return Optional.ofNullable(errorOrNull);
  }
}
