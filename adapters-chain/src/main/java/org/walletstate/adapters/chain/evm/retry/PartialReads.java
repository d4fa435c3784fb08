package org.walletstate.adapters.chain.evm.retry;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.evm.read.ReadOutcome;

/** One attempt's outcomes split into what is kept (answers and reverts) and what is retried. */
final class PartialReads {

  private PartialReads() {}

  /**
   * Puts every kept outcome of {@code pending} into {@code done} and returns the failed ones, in
   * request order; a request the endpoint reported nothing for counts as failed.
   */
  static Map<EvmRequest, ReadOutcome.Failed> keepAnswers(
      Set<EvmRequest> pending,
      Map<EvmRequest, ReadOutcome> outcomes,
      Map<EvmRequest, ReadOutcome> done) {
    Map<EvmRequest, ReadOutcome.Failed> failed = new LinkedHashMap<>();
    for (EvmRequest request : pending) {
      ReadOutcome outcome = outcomes.get(request);
      if (outcome == null) {
        failed.put(request, new ReadOutcome.Failed("the endpoint reported no outcome"));
      } else if (outcome instanceof ReadOutcome.Failed f) {
        failed.put(request, f);
      } else {
        done.put(request, outcome);
      }
    }
    return failed;
  }

  /**
   * Whether another try may change an attempt's failures: not when one of them is of a kind no
   * retry changes (an answer over the size bound, which every node would give).
   */
  static boolean retryable(Map<EvmRequest, ReadOutcome.Failed> failed) {
    return failed.values().stream().allMatch(f -> f.kind().retryable());
  }

  /** What a retry log line says about the failures of an attempt over {@code pending}. */
  static String describe(Map<EvmRequest, ReadOutcome.Failed> failed, Set<EvmRequest> pending) {
    return failed.size()
        + " of "
        + pending.size()
        + " requests failed, first: "
        + failed.values().iterator().next().detail();
  }
}
