package org.walletstate.adapters.chain.evm.web3j;

import io.smallrye.mutiny.Uni;
import java.math.BigInteger;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import org.walletstate.adapters.chain.DaemonThreads;
import org.walletstate.adapters.chain.evm.AnchoredEvmChainState;
import org.walletstate.adapters.chain.evm.BalanceSlotCache;
import org.walletstate.adapters.chain.evm.BlockHead;
import org.walletstate.adapters.chain.evm.EvmChainState;
import org.walletstate.adapters.chain.evm.EvmRpc;
import org.walletstate.adapters.chain.evm.cache.CachingEvmRpc;
import org.walletstate.adapters.chain.evm.cache.ReadCache;
import org.walletstate.adapters.chain.evm.config.EvmChainConfig;
import org.walletstate.adapters.chain.evm.config.EvmChainsConfig;
import org.walletstate.adapters.chain.evm.config.EvmQuorum;
import org.walletstate.adapters.chain.evm.config.HeadFollowing;
import org.walletstate.adapters.chain.evm.head.FollowedHeadRpc;
import org.walletstate.application.port.out.ChainCallObserver;
import org.walletstate.application.port.out.ChainHeads;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.ReadOutcomes;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;
import org.walletstate.domain.proof.ProofTarget;

/**
 * The {@link EvmChainState} port on web3j, assembled from configuration. Per chain:
 *
 * <pre>
 * AnchoredEvmChainState        head once, round 1, follow-ups; deadline per observation
 *   └ FollowedHeadRpc          a fresh followed head answers the head without a round trip (optional)
 *   └ CachingEvmRpc            answers at a block, shared LRU keyed by (chain, block, request)
 *     └ RetryingEvmRpc         retries what failed, with backoff, failing over across endpoints
 *       └ Web3jEvmRpc × n      one per endpoint: one attempt, JSON-RPC batches, off the caller's thread
 * </pre>
 *
 * <p>Quorum queries go to a {@link org.walletstate.adapters.chain.evm.QuorumEvmChainState} whose k
 * providers each have the same stack over their own endpoints (their own followed head, their own
 * entries in the same read cache, keyed by provider as well; {@link QuorumAssembly}).
 *
 * <p>Owns its threads and connections: {@link #close()} it when the service stops.
 */
public final class Web3jEvmChainState implements EvmChainState, ChainHeads, AutoCloseable {

  private final ScheduledExecutorService timer;
  private final Web3jConnections connections;
  private final EvmChainState anchored;
  private final EvmChainState quorum;
  private final List<FollowedHeadRpc> followers = new ArrayList<>();
  private final List<ChainHeads.Listener> listeners = new CopyOnWriteArrayList<>();

  /** With jitter from {@link ThreadLocalRandom}. */
  public Web3jEvmChainState(EvmChainsConfig config, Clock clock) {
    this(config, clock, () -> ThreadLocalRandom.current().nextDouble());
  }

  /**
   * @param random uniform values in {@code [0, 1)} for the backoff jitter
   */
  public Web3jEvmChainState(EvmChainsConfig config, Clock clock, DoubleSupplier random) {
    this(config, clock, random, BalanceSlotCache.defaults(clock));
  }

  /**
   * @param random uniform values in {@code [0, 1)} for the backoff jitter
   * @param slots where ERC-20 balance slots found for proofs are kept
   */
  public Web3jEvmChainState(
      EvmChainsConfig config, Clock clock, DoubleSupplier random, BalanceSlotCache slots) {
    this(config, HeadFollowing.off(), clock, random, slots, ChainCallObserver.NONE);
  }

  /**
   * @param heads whether and how each chain's head is followed
   */
  public Web3jEvmChainState(EvmChainsConfig config, HeadFollowing heads, Clock clock) {
    this(config, heads, clock, ChainCallObserver.NONE);
  }

  /** Without head following; {@code observer} is told of every call. */
  public Web3jEvmChainState(EvmChainsConfig config, Clock clock, ChainCallObserver observer) {
    this(config, HeadFollowing.off(), clock, observer);
  }

  /**
   * With jitter from {@link ThreadLocalRandom}.
   *
   * @param heads whether and how each chain's head is followed
   * @param observer told how each head or read call ended (after retries) and how long it took
   */
  public Web3jEvmChainState(
      EvmChainsConfig config, HeadFollowing heads, Clock clock, ChainCallObserver observer) {
    this(
        config,
        heads,
        clock,
        () -> ThreadLocalRandom.current().nextDouble(),
        BalanceSlotCache.defaults(clock),
        observer);
  }

  /**
   * With each chain's default quorum (its endpoints grouped by vendor, k = 2).
   *
   * @param heads whether and how each chain's head is followed
   * @param random uniform values in {@code [0, 1)} for the backoff jitter
   * @param slots where ERC-20 balance slots found for proofs are kept
   * @param observer told how each head or read call ended (after retries) and how long it took
   */
  public Web3jEvmChainState(
      EvmChainsConfig config,
      HeadFollowing heads,
      Clock clock,
      DoubleSupplier random,
      BalanceSlotCache slots,
      ChainCallObserver observer) {
    this(config, QuorumAssembly.defaults(config), heads, clock, random, slots, observer);
  }

  /**
   * With jitter from {@link ThreadLocalRandom}.
   *
   * @param quorums how chains are read when a request asks for a quorum; a chain without k
   *     independent providers refuses quorum reads
   */
  public Web3jEvmChainState(
      EvmChainsConfig config,
      Map<ChainId, EvmQuorum> quorums,
      HeadFollowing heads,
      Clock clock,
      ChainCallObserver observer) {
    this(
        config,
        quorums,
        heads,
        clock,
        () -> ThreadLocalRandom.current().nextDouble(),
        BalanceSlotCache.defaults(clock),
        observer);
  }

  private Web3jEvmChainState(
      EvmChainsConfig config,
      Map<ChainId, EvmQuorum> quorums,
      HeadFollowing heads,
      Clock clock,
      DoubleSupplier random,
      BalanceSlotCache slots,
      ChainCallObserver observer) {
    // Checked one by one as ReaderSettings checks its values, by design: each constructor names
    // its own arguments.
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(heads, "heads");
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(random, "random");
    Objects.requireNonNull(observer, "observer");
    this.timer = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("evm-rpc-timer-"));
    this.connections =
        Web3jConnections.open(config.maxConcurrentCalls(), config.maxAnswerBytes(), timer);
    ReadCache cache = new ReadCache(config.cacheEntries());
    Map<ChainId, AnchoredEvmChainState.Chain> chains = new LinkedHashMap<>();
    RetryStacks stacks =
        new RetryStacks(connections, observer, config.failback(), clock, random, timer);
    for (EvmChainConfig chain : config.chains().values()) {
      EvmRpc rpc = new CachingEvmRpc(chain.chain(), stacks.over(chain, chain.endpoints()), cache);
      if (heads.enabled()) {
        ChainId id = chain.chain();
        FollowedHeadRpc follower =
            new FollowedHeadRpc(rpc, clock, heads, timer, head -> newHead(id, head));
        followers.add(follower);
        rpc = follower;
      }
      chains.put(chain.chain(), new AnchoredEvmChainState.Chain(rpc, chain.observationDeadline()));
    }
    this.anchored = new AnchoredEvmChainState(chains, clock, slots);
    this.quorum = QuorumAssembly.build(config, quorums, stacks, cache, slots, heads, followers);
  }

  /** A query asking for a quorum goes to the quorum reader; every other as before. */
  @Override
  public Uni<ChainObservation> observe(ChainId chain, ChainQuery query) {
    EvmChainState reader = query.assurance() == Assurance.QUORUM ? quorum : anchored;
    return reader.observe(chain, query);
  }

  // The port's signatures, as in AnchoredEvmChainState, by design: this reader hands each call to
  // the reader that answers it.
  @Override
  public Uni<ChainObservation> observe(
      ChainId chain,
      Set<EvmRead<?>> reads,
      Function<ReadOutcomes, Set<EvmRead<?>>> followUps,
      Set<ProofTarget> proofs,
      AnchorTag anchor) {
    return anchored.observe(chain, reads, followUps, proofs, anchor);
  }

  /** A past block is read by the single-provider reader only; a quorum query is refused. */
  @Override
  public Uni<ChainObservation> observeAt(ChainId chain, long block, ChainQuery query) {
    return query.assurance() == Assurance.QUORUM
        ? EvmChainState.super.observeAt(chain, block, query)
        : anchored.observeAt(chain, block, query);
  }

  @Override
  public Uni<ChainObservation> observeAt(
      ChainId chain,
      BigInteger block,
      Set<EvmRead<?>> reads,
      Function<ReadOutcomes, Set<EvmRead<?>>> followUps,
      Set<ProofTarget> proofs) {
    return anchored.observeAt(chain, block, reads, followUps, proofs);
  }

  /** Told of each higher head of every chain followed (none when head following is off). */
  @Override
  public void listen(ChainHeads.Listener listener) {
    listeners.add(Objects.requireNonNull(listener, "listener"));
  }

  private void newHead(ChainId chain, BlockHead head) {
    long block = head.number().longValueExact();
    for (ChainHeads.Listener listener : listeners) {
      listener.newHead(chain, block);
    }
  }

  @Override
  public void close() {
    followers.forEach(FollowedHeadRpc::close);
    connections.close();
    timer.shutdownNow();
  }
}
