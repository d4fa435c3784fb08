package org.walletstate.adapters.persistence;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.walletstate.application.port.out.StatementLog;
import org.walletstate.domain.tlog.LoggedStatement;

/**
 * Group commit of one replica's appends: at most one sequencing statement of this replica is in
 * flight; appends made meanwhile queue, and when it completes the next statement carries every
 * queued group (up to {@value #MAX_ENTRIES} entries, a larger group alone), each group at
 * consecutive indexes. The statement takes the indexes from the counter row ({@code update ... set
 * next_index = next_index + n returning}) and inserts the rows; each group's future completes with
 * its first index once the statement's commit is flushed (below), or fails with the statement's
 * failure (every group in it then fails, and the rolled-back counter gives every index back). The
 * statement's completion runs on the pool's event loop: it completes the futures and builds the
 * next statement (work in the statement's size, bounded by {@value #MAX_ENTRIES}); nothing here
 * blocks.
 *
 * <p>The statement commits without waiting for its WAL flush, so the counter row is held for the
 * statement's exchanges only, never for a flush: the replicas' statements do not queue behind each
 * other's flushes. Its groups are answered only after a flush barrier sent after it on another
 * connection has committed ({@link FlushBarrier}): the WAL is flushed in order, so that makes the
 * statement's commit durable before any of its appends is answered; meanwhile the next statement
 * may already run. A crash before that flush loses the statement together with every later WAL
 * record, the counter row's update included, so no index is lost or given twice; nothing had been
 * answered with it, and no checkpoint covers it (a batch that integrated it commits synchronously,
 * so its own flush would have made it durable first).
 *
 * <p>A statement that has been in flight for the stall time (the appends' bounded wait) means the
 * store is not answering: an append submitted then fails at once with {@link
 * StatementLog.Unavailable} instead of queueing, so a stuck database gathers no more waiting
 * appends than the ones already queued, and those for at most the wait. A group whose caller gave
 * up before its statement was sent is dropped from the queue (never appended).
 */
final class GroupAppends {

  /** The most entries one statement carries. */
  static final int MAX_ENTRIES = 256;

  /** A caller's group, and where its first index goes. */
  private record Waiting(List<LoggedStatement> statements, CompletableFuture<Long> first) {}

  private final Pool pool;
  private final ArrayDeque<Waiting> queue = new ArrayDeque<>(); // guarded by this
  private boolean inFlight; // guarded by this
  private long sentAt; // System.nanoTime() of the statement in flight; guarded by this
  private final AtomicLong statements = new AtomicLong();
  private final long stallNanos;
  private final SequencingStatement statement;
  private final FlushBarrier barrier;

  /**
   * @param stall how long a statement may be in flight before new appends fail at once
   * @param statementTimeout the sequencing statement's {@code statement_timeout} (set in its
   *     transaction): past it the database cancels the statement, which fails its appends with
   *     {@link StatementLog.Unavailable} and lets the next statement go
   */
  GroupAppends(Pool pool, Duration stall, Duration statementTimeout) {
    this(pool, stall, statementTimeout, new FlushBarrier(pool, FlushBarrier.BARRIER));
  }

  /** As above, with {@code barrier} making each statement's commit durable. */
  GroupAppends(Pool pool, Duration stall, Duration statementTimeout, FlushBarrier barrier) {
    this.pool = pool;
    this.stallNanos = stall.toNanos();
    this.statement = new SequencingStatement(statementTimeout);
    this.barrier = barrier;
  }

  /**
   * Queues a non-empty group; the future completes with its first index once committed and flushed.
   * Fails at once ({@link StatementLog.Unavailable}) while the statement or the flush barrier in
   * flight has stalled.
   */
  CompletableFuture<Long> submit(List<LoggedStatement> group) {
    CompletableFuture<Long> first = new CompletableFuture<>();
    List<Waiting> batch;
    synchronized (this) {
      long stalled = Math.max(inFlight ? System.nanoTime() - sentAt : 0, barrier.stalledNanos());
      if (stalled >= stallNanos) {
        first.completeExceptionally(stalled(stalled));
        return first;
      }
      Waiting waiting = new Waiting(List.copyOf(group), first);
      if (inFlight) {
        queue.add(waiting);
        return waiting.first();
      }
      queue.add(waiting);
      inFlight = true;
      batch = take();
    }
    send(batch);
    return first;
  }

  /**
   * Queues a non-empty group for at most the stall time, without waiting: the future completes with
   * its first index once its statement has committed. No thread waits meanwhile: the commit
   * completes it on the pool's event loop, the bound on the JDK's delay thread.
   *
   * @return the group's first index, or the failure {@link StatementLog.Unavailable} when it did
   *     not commit in time (a group not yet sent is then dropped from the queue; one in flight may
   *     still commit) or the store has stalled, or the statement's failure
   */
  CompletableFuture<Long> bounded(List<LoggedStatement> group) {
    CompletableFuture<Long> first = submit(group);
    // completing the group's own future with the timeout drops it from the queue if not yet sent
    first.orTimeout(stallNanos, TimeUnit.NANOSECONDS);
    return first.handle(
        (index, failure) -> {
          if (failure == null) {
            return index;
          }
          Throwable cause = failure instanceof CompletionException c ? c.getCause() : failure;
          if (cause instanceof TimeoutException) {
            throw new StatementLog.Unavailable(
                "the transparency log's store did not commit the append within "
                    + Duration.ofNanos(stallNanos).toMillis()
                    + " ms");
          }
          throw cause instanceof RuntimeException r ? r : new CompletionException(cause);
        });
  }

  /**
   * Queues a non-empty group and waits, at most the stall time, for its statement to commit ({@link
   * #bounded}).
   *
   * @return the group's first index
   * @throws StatementLog.Unavailable when it did not commit in time or the store has stalled
   */
  long append(List<LoggedStatement> group) {
    try {
      return bounded(group).join();
    } catch (CompletionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : e;
    }
  }

  /** How many sequencing statements this replica has sent. */
  long statements() {
    return statements.get();
  }

  /** Whether a statement is in flight. */
  synchronized boolean inFlight() {
    return inFlight;
  }

  /** How many groups wait for the statement in flight to complete. */
  synchronized int queued() {
    return queue.size();
  }

  private static StatementLog.Unavailable stalled(long nanos) {
    return new StatementLog.Unavailable(
        "the transparency log's store has not committed an append for "
            + Duration.ofNanos(nanos).toMillis()
            + " ms");
  }

  /**
   * The queued groups the next statement carries, without those whose callers gave up; called
   * holding the monitor, and marks the statement sent.
   */
  private List<Waiting> take() {
    List<Waiting> groups = new ArrayList<>();
    int entries = 0;
    while (!queue.isEmpty()
        && (groups.isEmpty() || entries + queue.peek().statements().size() <= MAX_ENTRIES)) {
      Waiting next = queue.poll();
      if (next.first().isDone()) {
        continue; // its caller stopped waiting: the statement is not issued, so not logged
      }
      groups.add(next);
      entries += next.statements().size();
    }
    sentAt = System.nanoTime();
    return groups;
  }

  private void send(List<Waiting> batch) {
    try {
      statements.incrementAndGet();
      List<LoggedStatement> entries = new ArrayList<>();
      for (Waiting waiting : batch) {
        entries.addAll(waiting.statements());
      }
      statement
          .sequence(pool, entries)
          .subscribe()
          .with(rows -> sequenced(batch, rows), failure -> completed(batch, failure));
    } catch (RuntimeException e) {
      completed(batch, e);
    }
  }

  /**
   * A statement committed (not yet flushed): the next statement starts at once, and this one's
   * groups are answered once a flush barrier sent after it has committed ({@link FlushBarrier}).
   */
  private void sequenced(List<Waiting> batch, RowSet<Row> rows) {
    sendNext();
    barrier.await(failure -> answer(batch, failure == null ? rows : null, failure));
  }

  /** A statement that failed: the next statement starts, and this one's groups fail. */
  private void completed(List<Waiting> batch, Throwable failure) {
    sendNext();
    answer(batch, null, failure);
  }

  /** Starts the next statement if groups are queued; otherwise none is in flight. */
  private void sendNext() {
    List<Waiting> next;
    synchronized (this) {
      next = take();
      inFlight = !next.isEmpty();
    }
    if (!next.isEmpty()) {
      send(next);
    }
  }

  /** Completes each group of a statement with its first index, or fails them all. */
  private void answer(List<Waiting> batch, RowSet<Row> rows, Throwable failure) {
    Throwable refused = failure == null ? null : statement.refusal(failure);
    long first = Long.MAX_VALUE;
    if (rows != null) {
      for (Row row : rows) {
        first = Math.min(first, row.getLong("leaf_index"));
      }
      if (first == Long.MAX_VALUE) {
        refused = new IllegalStateException("the log's counter row is missing");
      }
    }
    long offset = 0;
    for (Waiting waiting : batch) {
      if (refused != null) {
        waiting.first().completeExceptionally(refused);
      } else {
        waiting.first().complete(first + offset);
      }
      offset += waiting.statements().size();
    }
  }
}
