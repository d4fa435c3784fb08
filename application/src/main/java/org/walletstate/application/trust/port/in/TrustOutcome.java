package org.walletstate.application.trust.port.in;

import java.util.List;
import org.walletstate.domain.trust.TrustFailure;

/** How a one-wallet profile request ended. Only {@link Signed} was charged. */
public sealed interface TrustOutcome {

  /**
   * Signed and paid for.
   *
   * @param dataJson the signed {@code data} ({@code trust, sig, kid, pqSig, pqKid})
   * @param creditsCharged what the call cost in the end (the proof premium refunded)
   * @param creditsRemaining the key's balance after it
   */
  record Signed(String dataJson, long creditsCharged, long creditsRemaining)
      implements TrustOutcome {}

  /** A chain's reads did not complete: {@code rpc_failure}, nothing signed, nothing charged. */
  record Unavailable(List<TrustFailure> failures) implements TrustOutcome {
    public Unavailable {
      failures = List.copyOf(failures);
    }
  }

  /** The key cannot pay: 402, nothing done or charged. */
  record InsufficientCredits(long available, long required) implements TrustOutcome {

    /** The same refusal, for a batch. */
    public TrustBatchOutcome.InsufficientCredits asBatch() {
      return new TrustBatchOutcome.InsufficientCredits(available, required);
    }
  }
}
