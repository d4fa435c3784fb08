package org.walletstate.adapters.chain.evm;

import io.smallrye.mutiny.Uni;
import java.math.BigInteger;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.evm.read.ReadOutcome;

/**
 * An {@link EvmRpc} decorator that passes every call to its delegate; a decorator overrides only
 * the calls it changes. A block by number is always read from the chain (a quorum asks for the
 * agreed anchor).
 */
public abstract class ForwardingEvmRpc implements EvmRpc {

  private final EvmRpc delegate;

  protected ForwardingEvmRpc(EvmRpc delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  /** The decorated JSON-RPC. */
  protected final EvmRpc delegate() {
    return delegate;
  }

  @Override
  public Uni<HeadOutcome> head(AnchorTag tag, Deadline deadline) {
    return delegate.head(tag, deadline);
  }

  @Override
  public Uni<HeadOutcome> block(BigInteger number, Deadline deadline) {
    return delegate.block(number, deadline);
  }

  @Override
  public Uni<Map<EvmRequest, ReadOutcome>> read(
      BlockHead block, Set<EvmRequest> requests, Deadline deadline) {
    return delegate.read(block, requests, deadline);
  }
}
