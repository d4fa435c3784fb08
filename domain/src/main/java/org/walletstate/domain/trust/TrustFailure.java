package org.walletstate.domain.trust;

import java.util.Objects;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.FailureSource;

/**
 * A read that did not complete, as an {@code rpc_failure}'s {@code failedConditions} entry (or a
 * batch error entry) names it.
 *
 * @param source the kind of read
 * @param chainId the chain it was on
 * @param message a short phrase that names no data source
 */
public record TrustFailure(FailureSource source, ChainId chainId, String message) {
  public TrustFailure {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(chainId, "chainId");
    Objects.requireNonNull(message, "message");
  }
}
