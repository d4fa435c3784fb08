package org.walletstate.adapters.chain.jsonrpc;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import java.util.function.Supplier;
import org.walletstate.adapters.chain.DaemonThreads;
import org.walletstate.adapters.chain.evm.Deadline;
import org.walletstate.application.port.out.ChainCallObserver;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;

/**
 * The {@link ChainState} of one chain whose nodes serve current state only, over blocking JSON-RPC:
 * a query is answered by one snapshot, taken on a thread of the reader's own pool within the
 * chain's observation deadline. Such a chain has no second round of reads. Each family says what
 * its reads are and how its snapshot is taken.
 *
 * @param <R> the family's read type
 */
public abstract class SnapshotChainState<R extends ChainRead<?>>
    implements ChainState, AutoCloseable {

  private final String family;
  private final Function<Collection<? extends ChainRead<?>>, Set<R>> readsOf;
  private final JsonRpcChainConfig config;
  private final Clock clock;
  private final JsonRpcTransport transport;
  private final ExecutorService executor;
  private final ChainCallObserver observer;

  /**
   * Uniform values in {@code [0, 1)} from {@link ThreadLocalRandom}: the jitter readers run with.
   */
  protected static final DoubleSupplier JITTER = () -> ThreadLocalRandom.current().nextDouble();

  /**
   * @param family the family's name, for thread names and messages
   * @param readsOf the query's reads as the family's reads; throws {@link IllegalArgumentException}
   *     when one is a read of another family
   * @param random uniform values in {@code [0, 1)} for the backoff jitter
   * @param observer told how each upstream exchange ended and how long it took
   */
  // Null checks written out by design: a value checks its own parts on construction.
  protected SnapshotChainState(
      String family,
      Function<Collection<? extends ChainRead<?>>, Set<R>> readsOf,
      JsonRpcChainConfig config,
      Clock clock,
      DoubleSupplier random,
      ChainCallObserver observer) {
    this.family = Objects.requireNonNull(family, "family");
    this.readsOf = Objects.requireNonNull(readsOf, "readsOf");
    this.config = Objects.requireNonNull(config, "config");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.observer = Objects.requireNonNull(observer, "observer");
    this.transport = JsonRpcTransport.ownClient(config, clock, random, observer);
    this.executor = Executors.newCachedThreadPool(DaemonThreads.named(family + "-rpc-"));
  }

  /** The transport every call of the family goes through (retries, failover, deadlines). */
  protected final JsonRpcTransport transport() {
    return transport;
  }

  /**
   * The query's reads as the family's reads.
   *
   * @throws IllegalArgumentException when one is a read of another family
   */
  final Set<R> readsOf(Collection<? extends ChainRead<?>> reads) {
    return readsOf.apply(reads);
  }

  /** Takes one snapshot that answers {@code reads}, blocking, within {@code deadline}. */
  protected abstract ChainObservation observeNow(Set<R> reads, Deadline deadline);

  /**
   * How a quorum of this family's providers is anchored ({@link QuorumSnapshotChainState}); {@link
   * QuorumPinning#NONE}, the default, when the family has no quorum reads.
   */
  protected QuorumPinning pinning() {
    return QuorumPinning.NONE;
  }

  /**
   * Where {@code anchor} lies on the chain (a ledger index, a slot, a height): quorum providers'
   * anchors are compared by it. Families with quorum reads override it.
   */
  protected long position(Anchor anchor) {
    throw new UnsupportedOperationException(family + " has no quorum reads");
  }

  /**
   * {@link QuorumPinning#PINNED} and {@link QuorumPinning#BRACKETED} families: the anchor this
   * provider would read at now.
   */
  protected Anchor latest(Deadline deadline) throws RpcFailure {
    throw new UnsupportedOperationException(family + " reads cannot be pinned");
  }

  /**
   * {@link QuorumPinning#PINNED} families: this provider's anchor at {@code position} (its hash
   * there), which need not be its latest.
   */
  protected Anchor at(long position, Deadline deadline) throws RpcFailure {
    throw new UnsupportedOperationException(family + " reads cannot be pinned");
  }

  /**
   * {@link QuorumPinning#PINNED} families: one snapshot of {@code reads} pinned at {@code anchor};
   * {@link QuorumPinning#BRACKETED} families: one snapshot of the current state that starts at
   * {@code anchor}, this provider's {@link #latest}.
   */
  protected ChainObservation observeAt(Set<R> reads, Anchor anchor, Deadline deadline) {
    throw new UnsupportedOperationException(family + " reads cannot be pinned");
  }

  /** Runs {@code task} on this reader's own pool, in the caller's context. */
  final <T> CompletableFuture<T> offCaller(Supplier<T> task) {
    return CompletableFuture.supplyAsync(task, work -> executor.execute(observer.carry(work)));
  }

  /** The family's name, for messages. */
  final String family() {
    return family;
  }

  /** How this chain is read. */
  final JsonRpcChainConfig config() {
    return config;
  }

  @Override
  public final Uni<ChainObservation> observe(ChainId chain, ChainQuery query) {
    if (!chain.equals(config.chain())) {
      throw new IllegalArgumentException("this reader reads " + config.chain() + ", not " + chain);
    }
    Set<R> reads = readsOf(query.reads());
    return observeOffCaller(
        query, () -> observeNow(reads, Deadline.after(clock, config.observationDeadline())));
  }

  /**
   * What {@code snapshot} observes, taken on this reader's pool when subscribed; a query with a
   * second round is refused, as the family has none.
   */
  final Uni<ChainObservation> observeOffCaller(
      ChainQuery query, Supplier<ChainObservation> snapshot) {
    return Uni.createFrom()
        .item(
            () -> {
              ChainObservation observation = snapshot.get();
              if (observation instanceof ChainObservation.Observed observed
                  && !query.followUps().apply(observed.readings()).isEmpty()) {
                throw new IllegalArgumentException(family + " reads have no second round");
              }
              return observation;
            })
        // the snapshot runs in the caller's context, so its round trips join the caller's trace
        .runSubscriptionOn(task -> executor.execute(observer.carry(task)));
  }

  /** A clock for deadlines. */
  final Clock clock() {
    return clock;
  }

  /** The most one observation may take, as configured. */
  public Duration observationDeadline() {
    return config.observationDeadline();
  }

  @Override
  public void close() {
    executor.shutdownNow();
  }
}
