package org.walletstate.adapters.chain.evm.retry;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.evm.read.ReadOutcome;

/** One read attempt's outcomes sorted into the answered requests and the failed ones. */
final class ReadSettlement {

  private ReadSettlement() {}

  /**
   * Moves the answered requests into {@code done}; returns the failed ones (no outcome included).
   */
  static Map<EvmRequest, ReadOutcome.Failed> settle(
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
}
