package org.walletstate.verifier;

import java.util.Optional;

/**
 * The companion verdict: a status (evidence) and whether it passes under the verifier's policy.
 * {@code refuted} always fails; {@code verified} passes; {@code absent} and {@code unverifiable}
 * fail only in {@link Mode#ACCESS} once the verifier's own {@code pqRequiredFrom} has arrived.
 */
public final class PqVerdict {

  private final PqStatus status;
  private final boolean passed;
  private final String reason;
  private final String kid;
  private final Boolean existedAtIssuance;

  PqVerdict(PqStatus status, boolean passed, String reason, String kid, Boolean existedAtIssuance) {
    // Same field wiring as VerifiedAttestation's by design: each public type holds its own members.
    this.status = status;
    this.passed = passed;
    this.reason = reason;
    this.kid = kid;
    this.existedAtIssuance = existedAtIssuance;
  }

  public PqStatus status() {
    return status;
  }

  public boolean passed() {
    return passed;
  }

  // Optional accessors, as SlotVerdict's, by design.
  public Optional<String> reason() {
    return Optional.ofNullable(reason);
  }

  /** The companion kid it was checked under, when one was named. */
  public Optional<String> kid() {
    return Optional.ofNullable(kid);
  }

  /**
   * Whether the artifact was issued at or after the verifier's {@code pqActivatedAt}; only when
   * that date was configured. Reporting only.
   */
  public Optional<Boolean> existedAtIssuance() {
    return Optional.ofNullable(existedAtIssuance);
  }

  @Override
  public String toString() {
    return status.wireName()
        + (passed ? ", passed" : ", FAILED")
        + (reason == null ? "" : " (" + reason + ")");
  }
}
