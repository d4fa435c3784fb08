package org.walletstate.adapters.http.timing;

import io.smallrye.mutiny.Uni;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;

/**
 * The chain-state port, each observation timed into the request's {@link ServerTimings} as {@code
 * chain;desc="<chain id>"} (anchoring and every read of the query on that chain, retries included).
 */
public final class TimedChainState implements ChainState {

  private final ChainState chains;

  public TimedChainState(ChainState chains) {
    this.chains = chains;
  }

  @Override
  public Uni<ChainObservation> observe(ChainId chain, ChainQuery query) {
    return ServerTimings.timed(chains.observe(chain, query), "chain", chain.wireValue().toString());
  }

  /** Timed as {@link #observe}. */
  @Override
  public Uni<ChainObservation> observeAt(ChainId chain, long block, ChainQuery query) {
    return ServerTimings.timed(
        chains.observeAt(chain, block, query), "chain", chain.wireValue().toString());
  }
}
