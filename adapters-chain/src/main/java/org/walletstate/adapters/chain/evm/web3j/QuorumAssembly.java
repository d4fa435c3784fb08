package org.walletstate.adapters.chain.evm.web3j;

import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.DoubleSupplier;
import org.walletstate.adapters.chain.evm.BalanceSlotCache;
import org.walletstate.adapters.chain.evm.EvmRpc;
import org.walletstate.adapters.chain.evm.QuorumEvmChainState;
import org.walletstate.adapters.chain.evm.config.EvmChainConfig;
import org.walletstate.adapters.chain.evm.config.EvmChainsConfig;
import org.walletstate.adapters.chain.evm.config.EvmProvider;
import org.walletstate.adapters.chain.evm.config.EvmQuorum;
import org.walletstate.adapters.chain.evm.retry.Backoff;
import org.walletstate.adapters.chain.evm.retry.RetryingEvmRpc;
import org.walletstate.application.port.out.ChainCallObserver;
import org.walletstate.domain.chain.ChainId;

/**
 * The quorum reader assembled from configuration: per chain, the first k independent providers,
 * each its own retrying, failing-over stack over its own endpoints (no read cache and no followed
 * head, so no provider ever answers with another's value), with the chain's policy.
 */
final class QuorumAssembly {

  private QuorumAssembly() {}

  /** The default quorum of every configured chain: its endpoints grouped by vendor, k = 2. */
  static Map<ChainId, EvmQuorum> defaults(EvmChainsConfig config) {
    Map<ChainId, EvmQuorum> quorums = new LinkedHashMap<>();
    config
        .chains()
        .forEach((id, chain) -> quorums.put(id, EvmQuorum.ofEndpoints(id, chain.endpoints())));
    return quorums;
  }

  static QuorumEvmChainState build(
      EvmChainsConfig config,
      Map<ChainId, EvmQuorum> quorums,
      Web3jConnections connections,
      Clock clock,
      DoubleSupplier random,
      ScheduledExecutorService timer,
      BalanceSlotCache slots,
      ChainCallObserver observer) {
    Map<ChainId, QuorumEvmChainState.Chain> chains = new LinkedHashMap<>();
    for (EvmQuorum quorum : quorums.values()) {
      EvmChainConfig chain = config.chains().get(quorum.chain());
      List<EvmProvider> independent = quorum.independent();
      if (chain == null || independent.size() < quorum.size()) {
        continue; // refused at request time: too few independent providers
      }
      List<QuorumEvmChainState.Provider> read = new ArrayList<>();
      for (EvmProvider provider : independent.subList(0, quorum.size())) {
        List<EvmRpc> endpoints = new ArrayList<>();
        for (URI endpoint : provider.endpoints()) {
          endpoints.add(
              connections.endpoint(
                  endpoint, chain.requestTimeout(), chain.maxBatchSize(), observer));
        }
        read.add(
            new QuorumEvmChainState.Provider(
                provider.name(),
                new RetryingEvmRpc(
                    chain.chain(),
                    observer,
                    endpoints,
                    chain.attempts(),
                    new Backoff(chain.initialBackoff(), chain.maxBackoff(), random),
                    config.failback(),
                    clock,
                    timer)));
      }
      chains.put(
          quorum.chain(),
          new QuorumEvmChainState.Chain(
              read, independent.size(), quorum.maxLagBlocks(), chain.observationDeadline()));
    }
    return new QuorumEvmChainState(chains, clock, slots, observer);
  }
}
