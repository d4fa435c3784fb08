package org.walletstate.application.attest;

import java.util.List;
import org.walletstate.application.port.AttestationSigner;
import org.walletstate.domain.attest.FailedCondition;

/** How an attest request ended. Only {@link Signed} was charged. */
public sealed interface AttestOutcome {

  /**
   * Signed and paid for.
   *
   * @param attestation the signed {@code data}
   * @param creditsCharged what the call cost in the end (the proof premium refunded)
   * @param creditsRemaining the key's balance after it
   */
  record Signed(
      AttestationSigner.SignedAttestation attestation, long creditsCharged, long creditsRemaining)
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
