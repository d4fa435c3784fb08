package org.walletstate.domain.attest;

import java.util.Objects;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.FailureSource;

/**
 * One entry of an {@code rpc_failure}'s {@code failedConditions}.
 *
 * @param condition the condition's index in the request (for logs; not part of the entry)
 * @param source the kind of read that did not complete
 * @param chainId the chain it was read on
 * @param message a short phrase that names no data source
 */
public record FailedCondition(
    int condition, FailureSource source, ChainId chainId, String message) {
  // Null checks written out by design: a record validates its own components on construction.
  public FailedCondition {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(chainId, "chainId");
    Objects.requireNonNull(message, "message");
  }
}
