package org.walletstate.adapters.chain.evm.web3j;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.DoubleSupplier;
import org.walletstate.adapters.chain.evm.EvmRpc;
import org.walletstate.adapters.chain.evm.config.EvmChainConfig;
import org.walletstate.adapters.chain.evm.retry.Backoff;
import org.walletstate.adapters.chain.evm.retry.RetryingEvmRpc;
import org.walletstate.application.port.out.ChainCallObserver;

/**
 * How a chain's endpoints become one retrying, failing-over reader with the chain's policy: the
 * same for the single reader's endpoints and for each quorum provider's.
 */
record RetryStacks(
    Web3jConnections connections,
    ChainCallObserver observer,
    Duration failback,
    Clock clock,
    DoubleSupplier random,
    ScheduledExecutorService timer) {

  RetryingEvmRpc over(EvmChainConfig chain, Collection<URI> uris) {
    List<EvmRpc> endpoints = new ArrayList<>();
    for (URI endpoint : uris) {
      endpoints.add(
          connections.endpoint(endpoint, chain.requestTimeout(), chain.maxBatchSize(), observer));
    }
    return new RetryingEvmRpc(
        chain.chain(),
        observer,
        endpoints,
        chain.attempts(),
        new Backoff(chain.initialBackoff(), chain.maxBackoff(), random),
        failback,
        clock,
        timer);
  }
}
