package org.walletstate.adapters.chain.evm.web3j;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.walletstate.adapters.chain.ReadProvider;
import org.walletstate.adapters.chain.evm.BalanceSlotCache;
import org.walletstate.adapters.chain.evm.EvmRpc;
import org.walletstate.adapters.chain.evm.QuorumEvmChainState;
import org.walletstate.adapters.chain.evm.cache.CachingEvmRpc;
import org.walletstate.adapters.chain.evm.cache.ReadCache;
import org.walletstate.adapters.chain.evm.cache.ReadCacheSource;
import org.walletstate.adapters.chain.evm.config.EvmChainConfig;
import org.walletstate.adapters.chain.evm.config.EvmChainsConfig;
import org.walletstate.adapters.chain.evm.config.EvmQuorum;
import org.walletstate.adapters.chain.evm.config.HeadFollowing;
import org.walletstate.adapters.chain.evm.head.FollowedHeadRpc;
import org.walletstate.domain.chain.ChainId;

/**
 * The quorum reader assembled from configuration: per chain, the first k independent providers,
 * each its own retrying, failing-over stack over its own endpoints with the chain's policy, its own
 * entries in the shared read cache (keyed by provider, block number and hash, and request) and,
 * when heads are followed, its own followed head: no provider ever answers with another's value or
 * head.
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
      RetryStacks stacks,
      ReadCache cache,
      BalanceSlotCache slots,
      HeadFollowing heads,
      List<FollowedHeadRpc> followers) {
    Map<ChainId, QuorumEvmChainState.Chain> chains = new LinkedHashMap<>();
    for (EvmQuorum quorum : quorums.values()) {
      EvmChainConfig chain = config.chains().get(quorum.chain());
      List<ReadProvider> independent = quorum.independent();
      if (chain == null || independent.size() < quorum.size()) {
        continue; // refused at request time: too few independent providers
      }
      List<QuorumEvmChainState.Provider> read = new ArrayList<>();
      for (ReadProvider provider : independent.subList(0, quorum.size())) {
        // reads are made at the block all k agreed on by hash, so an entry is reused only for
        // this provider at that same block
        EvmRpc rpc =
            new CachingEvmRpc(
                ReadCacheSource.provider(quorum.chain(), provider.name()),
                stacks.over(chain, provider.endpoints()),
                cache);
        if (heads.enabled()) {
          // each provider follows its own head: a followed head is never another provider's
          FollowedHeadRpc follower =
              new FollowedHeadRpc(rpc, stacks.clock(), heads, stacks.timer());
          followers.add(follower);
          rpc = follower;
        }
        read.add(new QuorumEvmChainState.Provider(provider.name(), rpc));
      }
      chains.put(
          quorum.chain(),
          new QuorumEvmChainState.Chain(
              read,
              independent.size(),
              quorum.maxLagBlocks(),
              chain.observationDeadline(),
              quorum.signsNames()));
    }
    return new QuorumEvmChainState(chains, stacks.clock(), slots, stacks.observer());
  }
}
