package org.walletstate.adapters.chain.evm.head;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.walletstate.adapters.chain.evm.BlockHead;
import org.walletstate.adapters.chain.evm.Deadline;
import org.walletstate.adapters.chain.evm.EvmRpc;
import org.walletstate.adapters.chain.evm.ForwardingEvmRpc;
import org.walletstate.adapters.chain.evm.HeadOutcome;
import org.walletstate.adapters.chain.evm.config.HeadFollowing;
import org.walletstate.domain.chain.AnchorTag;

/**
 * An {@link EvmRpc} whose {@link #head} answers from a followed head when it is fresh enough, so an
 * observation costs one round trip (its pinned reads) instead of two.
 *
 * <p>A poller reads the chain's head every {@code pollInterval} (through the same decorated stack
 * as requests: retries, failover) while requests keep asking for the chain. The head it keeps is a
 * real block ({@code eth_getBlockByNumber("latest")} answered it, with its number, timestamp, hash
 * and state root), and reads are still pinned to its number, so anchoring at it is anchoring at a
 * block the chain had as its latest at most {@code maxAge} ago. Its age is counted from the last
 * time an endpoint answered it (or a lower block) as latest. A head that is missing, or older than
 * {@code maxAge} because polls fail or lag, is never used: the request reads the head itself, as
 * without following, and what it read becomes the followed head when it is newer.
 *
 * <p>The followed head never moves backwards: an endpoint answering a lower block (a load-balanced
 * node behind the others) does not replace it, nor does it refresh its age. A head at the same
 * height with another hash (a reorganisation) replaces it.
 *
 * <p>Each time the followed head moves to a higher block, {@code onNewHead} is told (on the thread
 * that read it), whether a poll or a request read it.
 */
public final class FollowedHeadRpc extends ForwardingEvmRpc implements AutoCloseable {

  /** A head and when an endpoint last answered it as its latest block. */
  record Followed(BlockHead head, Instant confirmedAt) {}

  private final Clock clock;
  private final HeadFollowing settings;
  private final AtomicReference<Followed> followed = new AtomicReference<>();
  private final AtomicBoolean polling = new AtomicBoolean();
  private volatile Instant lastDemand = Instant.EPOCH;
  private final ScheduledFuture<?> task;
  private final Consumer<BlockHead> onNewHead;

  /**
   * @param timer runs the polls; the poll itself runs on the delegate's threads
   */
  public FollowedHeadRpc(
      EvmRpc delegate, Clock clock, HeadFollowing settings, ScheduledExecutorService timer) {
    this(delegate, clock, settings, timer, head -> {});
  }

  /**
   * @param timer runs the polls; the poll itself runs on the delegate's threads
   * @param onNewHead told of each higher block followed; must return at once
   */
  public FollowedHeadRpc(
      EvmRpc delegate,
      Clock clock,
      HeadFollowing settings,
      ScheduledExecutorService timer,
      Consumer<BlockHead> onNewHead) {
    super(delegate);
    this.onNewHead = Objects.requireNonNull(onNewHead, "onNewHead");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.settings = Objects.requireNonNull(settings, "settings");
    long every = settings.pollInterval().toMillis();
    this.task =
        timer == null
            ? null
            : timer.scheduleWithFixedDelay(this::poll, every, every, TimeUnit.MILLISECONDS);
  }

  /**
   * The followed head for {@code latest}; a {@code safe} or {@code finalized} block is never
   * followed, so it is read from the chain each time (and never offered as the followed head).
   */
  @Override
  public Uni<HeadOutcome> head(AnchorTag tag, Deadline deadline) {
    if (tag != AnchorTag.LATEST) {
      return delegate().head(tag, deadline);
    }
    Instant now = clock.instant();
    lastDemand = now;
    Followed current = followed.get();
    if (current != null && fresh(current, now)) {
      return Uni.createFrom().item(new HeadOutcome.Read(current.head()));
    }
    return delegate()
        .head(deadline)
        .invoke(
            outcome -> {
              if (outcome instanceof HeadOutcome.Read read) {
                offer(read.head(), clock.instant());
              }
            });
  }

  /**
   * One poll: reads the head unless no request asked for the chain for {@code idleAfter} or the
   * previous poll is still under way. The scheduler calls it every {@code pollInterval}.
   */
  void poll() {
    Instant now = clock.instant();
    if (Duration.between(lastDemand, now).compareTo(settings.idleAfter()) > 0) {
      return;
    }
    if (!polling.compareAndSet(false, true)) {
      return;
    }
    delegate()
        .head(Deadline.after(clock, settings.maxAge()))
        .subscribe()
        .with(
            outcome -> {
              if (outcome instanceof HeadOutcome.Read read) {
                offer(read.head(), clock.instant());
              }
              polling.set(false);
            },
            failure -> polling.set(false));
  }

  /** The followed head, whatever its age; empty before the first head was read. */
  Optional<Followed> followed() {
    return Optional.ofNullable(followed.get());
  }

  private boolean fresh(Followed current, Instant now) {
    return Duration.between(current.confirmedAt(), now).compareTo(settings.maxAge()) <= 0;
  }

  private void offer(BlockHead head, Instant at) {
    Followed before =
        followed.getAndUpdate(
            current -> {
              if (current == null || head.number().compareTo(current.head().number()) >= 0) {
                return new Followed(head, at);
              }
              return current; // an endpoint behind: keep the higher head, without refreshing its
              // age
            });
    if (before == null || head.number().compareTo(before.head().number()) > 0) {
      onNewHead.accept(head);
    }
  }

  @Override
  public void close() {
    if (task != null) {
      task.cancel(false);
    }
  }
}
