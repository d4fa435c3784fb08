package org.walletstate.application.trust.port.in;

import java.util.List;
import org.walletstate.domain.trust.TrustFailure;

/** How a batch ended. */
public sealed interface TrustBatchOutcome {

  /** One wallet's entry in {@code results}. */
  sealed interface Entry {}

  /** The wallet's signed profile: its {@code data}-shaped text. */
  record Profiled(String dataJson) implements Entry {}

  /** The wallet's reads did not complete: nothing signed or charged for it. */
  record Failed(String wallet, List<TrustFailure> failures) implements Entry {
    public Failed {
      failures = List.copyOf(failures);
    }
  }

  /**
   * Answered (200), whatever became of each wallet.
   *
   * @param results one entry per wallet, in request order
   * @param creditsCharged credits taken for the signed profiles (premium refunded when no proof)
   * @param creditsRemaining the key's balance after it
   */
  record Answered(List<Entry> results, long creditsCharged, long creditsRemaining)
      implements TrustBatchOutcome {
    public Answered {
      results = List.copyOf(results);
    }

    public long succeeded() {
      return results.stream().filter(Profiled.class::isInstance).count();
    }
  }

  /** The key cannot pay for every wallet asked: 402, nothing done or charged. */
  record InsufficientCredits(long available, long required) implements TrustBatchOutcome {}
}
