package org.walletstate.adapters.http.observability;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;

/**
 * The chain-state port, answering on the caller's request context: the chain readers finish on
 * their own threads (HTTP clients, timers), and what the use case does next (evaluate, log an
 * {@code rpc_failure}) would otherwise run there without the request's log context (its request
 * id). Outside a request it changes nothing.
 */
public final class OnCallerContext implements ChainState {

  // The same decorator shape as TimedChainState by design: each wraps the port for one concern.
  private final ChainState chains;

  public OnCallerContext(ChainState chains) {
    this.chains = chains;
  }

  @Override
  public Uni<ChainObservation> observe(ChainId chain, ChainQuery query) {
    return onCaller(chains.observe(chain, query));
  }

  @Override
  public Uni<ChainObservation> observeAt(ChainId chain, long block, ChainQuery query) {
    return onCaller(chains.observeAt(chain, block, query));
  }

  private static Uni<ChainObservation> onCaller(Uni<ChainObservation> observed) {
    Context caller = Vertx.currentContext();
    if (caller == null) {
      return observed;
    }
    return observed.emitOn(task -> caller.runOnContext(ignored -> task.run()));
  }
}
