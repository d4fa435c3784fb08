package org.walletstate.application.attest.port.in;

import java.util.List;
import org.walletstate.domain.attest.FailedCondition;
import org.walletstate.domain.attest.attestation.Attestation;

/** How an attest request ended. Only {@link Signed} was charged. */
public sealed interface AttestOutcome {

  /**
   * Signed and paid for.
   *
   * @param attestation what was signed
   * @param dataJson the signed {@code data}, as it is answered
   * @param creditsCharged what the call cost in the end (the proof premium refunded)
   * @param creditsRemaining the key's balance after it
   */
  record Signed(
      Attestation attestation, String dataJson, long creditsCharged, long creditsRemaining)
      implements AttestOutcome {}

  /** Reads did not complete: {@code rpc_failure}, nothing signed, nothing charged. */
  record Unavailable(List<FailedCondition> failedConditions) implements AttestOutcome {
    public Unavailable {
      failedConditions = List.copyOf(failedConditions);
    }
  }

  /** The chain showed the request to be wrong: a 400 with this message, nothing charged. */
  record Refused(String message) implements AttestOutcome {}

  /** The key cannot pay: 402, nothing done or charged. */
  record InsufficientCredits(long available, long required) implements AttestOutcome {}
}
