package org.walletstate.verifier;

import java.util.List;
import java.util.Optional;

/**
 * The verdict on an envelope: valid when no required type is missing and, if no type is required,
 * every slot is live (verified and unexpired).
 */
public final class EnvelopeReport {

  private final boolean valid;
  private final List<SlotVerdict> slots;
  private final EnvelopeSummary summary;
  private final String error;

  EnvelopeReport(boolean valid, List<SlotVerdict> slots, EnvelopeSummary summary, String error) {
    this.valid = valid;
    this.slots = List.copyOf(slots);
    this.summary = summary;
    this.error = error;
  }

  static EnvelopeReport malformed(String error) {
    return new EnvelopeReport(false, List.of(), new EnvelopeSummary(0, 0, 0, 0, List.of()), error);
  }

  // Accessors in the same shape as VerifiedAttestation's by design: each public type names its own
  // members.
  public boolean valid() {
    return valid;
  }

  public List<SlotVerdict> slots() {
    return slots;
  }

  public EnvelopeSummary summary() {
    return summary;
  }

  /** Set when the envelope itself could not be read. */
  public Optional<String> error() {
    return Optional.ofNullable(error);
  }
}
