package org.walletstate.adapters.persistence;

import io.smallrye.mutiny.Context;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * One replica's flushes of the transparency log's statements, shared with its synchronous commits.
 * The log's sequencing statements commit without waiting for their WAL flush ({@link
 * GroupAppends}); their appends are answered once a commit sent after them has been flushed. That
 * commit is a flush barrier ({@link FlushBarrier}), or a debit's: a credit debit commits
 * synchronously anyway, and the WAL is flushed in order, so a debit sent after a statement
 * committed makes it durable too. A call paid with credits then makes one flush, not two.
 *
 * <p>So a debit ({@link #synchronousCommit}) made while other calls' appends or debits are in
 * flight first waits, for at most {@link #WAIT}, until every group of appends queued before it has
 * been sequenced (the call's own append among them), then sends its one statement. A debit made
 * alone (no append pending but, at most, its call's own, and no other debit waiting) goes at once,
 * and its append gets a barrier beside its flush: at one client that costs the call less than
 * waiting for the statement first. A statement that commits while such a debit is still waiting to
 * be sent is not given a barrier: it waits for the debit. When the debit wrote (its commit was
 * flushed), it answers every statement that committed before the debit was sent; when it wrote
 * nothing (a short balance, a replayed request: no commit record to flush) or failed, those
 * statements get a barrier at once. A statement committing while no debit waits to be sent gets a
 * barrier at once, as before. A statement therefore waits at most for one debit, never for a stream
 * of them, and debits that never write cannot hold the log's answers.
 */
public final class FlushCovers {

  /** How long a debit waits for the appends queued before it to be sequenced. */
  static final Duration WAIT = Duration.ofMillis(100);

  /** A statement committed and not yet known flushed, and who to tell. */
  private record Parked(long order, Consumer<Throwable> done) {}

  /** A debit waiting for the groups queued before it: its watermark and its go. */
  private record Waiter(long through, CompletableFuture<Void> go) {}

  private final FlushBarrier barrier;
  private final long waitNanos;
  private final Waits waits;
  private final ArrayDeque<Parked> parked = new ArrayDeque<>(); // guarded by this
  private final List<Waiter> waiters = new ArrayList<>(); // guarded by this
  private long queued; // groups queued so far; guarded by this
  private long sequencedThrough; // every group up to it sequenced or dropped; guarded by this
  private long commits; // statements committed so far; guarded by this
  private int unsent; // debits registered and not yet sent; guarded by this

  public FlushCovers(Pool pool) {
    this(pool, Waits.NONE);
  }

  /** As above, telling {@code waits} how long each debit waited for the log's appends. */
  public FlushCovers(Pool pool, Waits waits) {
    this(pool, FlushBarrier.BARRIER, WAIT, waits);
  }

  /**
   * As above, with {@code barrierSql} as the flush barrier's statement and {@code wait} as how long
   * a debit waits for the appends queued before it.
   */
  FlushCovers(Pool pool, String barrierSql, Duration wait) {
    this(pool, barrierSql, wait, Waits.NONE);
  }

  /** As above, telling {@code waits} how long each debit waited. */
  FlushCovers(Pool pool, String barrierSql, Duration wait, Waits waits) {
    this.barrier = new FlushBarrier(pool, barrierSql);
    this.waitNanos = wait.toNanos();
    this.waits = waits;
  }

  /** Told how long a debit waited for the log's appends queued before it (what the log cost it). */
  @FunctionalInterface
  public interface Waits {
    Waits NONE = (context, waited) -> {};

    /**
     * @param context the Mutiny context of the debit's subscription (where a request's timings
     *     travel)
     */
    void waited(Context context, Duration waited);
  }

  /**
   * Runs {@code commit}, one statement that commits synchronously (autocommit with the session's
   * {@code synchronous_commit}), once the log's groups queued before this call have been sequenced
   * or the wait ({@link #WAIT}) has passed. When {@code wrote} holds for its result, its commit was
   * flushed, and the log's statements committed before it was sent are answered without a barrier.
   */
  public <T> Uni<T> synchronousCommit(Supplier<Uni<T>> commit, Predicate<T> wrote) {
    return Uni.createFrom()
        .context(
            context -> {
              Cover cover = new Cover();
              long registered = System.nanoTime();
              return Uni.createFrom()
                  .completionStage(cover.ready)
                  .flatMap(
                      ready -> {
                        if (cover.waited) {
                          waits.waited(context, Duration.ofNanos(System.nanoTime() - registered));
                        }
                        cover.sent();
                        return commit.get();
                      })
                  .invoke(result -> cover.ended(wrote.test(result)))
                  .onTermination()
                  .invoke(() -> cover.ended(false));
            });
  }

  /** A debit's place among the log's flushes, from its registration to its end. */
  private final class Cover {
    private final CompletableFuture<Void> ready = new CompletableFuture<>();
    private final boolean waited; // whether appends queued before it were still unsequenced
    private long upTo = -1; // guarded by FlushCovers.this; the commits its statement follows
    private boolean ended; // guarded by FlushCovers.this

    Cover() {
      synchronized (FlushCovers.this) {
        // with no append pending it has nothing to wait for; alone (its own append at most, no
        // other debit waiting), it goes at once: the append's barrier then runs beside its flush
        long pending = queued - sequencedThrough;
        waited = pending > 1 || (pending == 1 && unsent > 0);
        unsent++;
        if (waited) {
          waiters.add(new Waiter(queued, ready));
        } else {
          ready.complete(null);
        }
      }
      ready.completeOnTimeout(null, waitNanos, TimeUnit.NANOSECONDS);
    }

    void sent() {
      synchronized (FlushCovers.this) {
        if (upTo < 0 && !ended) {
          upTo = commits;
          unsent--;
        }
      }
    }

    /** Tells the statements committed before it was sent: flushed, or in need of a barrier. */
    void ended(boolean flushed) {
      List<Parked> covered = new ArrayList<>();
      synchronized (FlushCovers.this) {
        if (ended) {
          return;
        }
        ended = true;
        if (upTo < 0) {
          unsent--;
          upTo = commits;
        }
        // parked in commit order; those after upTo wait for a debit sent later
        while (!parked.isEmpty() && parked.peek().order() <= upTo) {
          covered.add(parked.poll());
        }
      }
      answer(covered, flushed);
    }
  }

  private void answer(List<Parked> covered, boolean flushed) {
    for (Parked statement : covered) {
      if (flushed) {
        statement.done().accept(null);
      } else {
        barrier.await(statement.done());
      }
    }
  }

  /**
   * A group of appends queued for a statement: its number, for {@link #committed} and {@link
   * #settled}.
   */
  synchronized long queued() {
    return ++queued;
  }

  /**
   * Every group up to {@code through} has been sequenced, committed or failed, or dropped: the
   * debits waiting for them may be sent.
   */
  void settled(long through) {
    List<CompletableFuture<Void>> go = new ArrayList<>();
    synchronized (this) {
      settle(through, go);
    }
    go.forEach(ready -> ready.complete(null));
  }

  /**
   * A statement carrying the groups up to {@code through} committed without waiting for its flush:
   * {@code done} is called with {@code null} once the WAL is flushed through its commit, or with
   * the barrier's failure; on the pool's event loop.
   */
  void committed(long through, Consumer<Throwable> done) {
    List<CompletableFuture<Void>> go = new ArrayList<>();
    boolean wait;
    synchronized (this) {
      commits++;
      wait = unsent > 0;
      if (wait) {
        parked.add(new Parked(commits, done));
      }
      settle(through, go);
    }
    go.forEach(ready -> ready.complete(null));
    if (!wait) {
      barrier.await(done);
    }
  }

  private void settle(long through, List<CompletableFuture<Void>> go) {
    sequencedThrough = Math.max(sequencedThrough, through);
    for (Iterator<Waiter> it = waiters.iterator(); it.hasNext(); ) {
      Waiter waiter = it.next();
      if (waiter.through() <= sequencedThrough) {
        go.add(waiter.go());
        it.remove();
      }
    }
  }

  /** How long the flush barrier in flight has been out, in nanoseconds; 0 when none is. */
  long stalledNanos() {
    return barrier.stalledNanos();
  }
}
