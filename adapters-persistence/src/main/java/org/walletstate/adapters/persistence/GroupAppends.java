package org.walletstate.adapters.persistence;

import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import io.vertx.pgclient.PgException;
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
 * its first index once the statement has committed, or fails with the statement's failure (every
 * group in it then fails, and the rolled-back counter gives every index back). The statement's
 * completion runs on the pool's event loop: it completes the futures and builds the next statement
 * (work in the statement's size, bounded by {@value #MAX_ENTRIES}); nothing here blocks.
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

  private static final String APPEND =
      "with taken as (update log_sequence set next_index = next_index + $6 where id = 1"
          + " returning next_index - $6 as first)"
          + " insert into log_entry (statement_id, statement_hash, kind, kid, leaf_hash, leaf_index)"
          + " select v.statement_id, v.statement_hash, v.kind, v.kid, v.leaf_hash, taken.first + v.n - 1"
          + " from taken, unnest($1::text[], $2::bytea[], $3::text[], $4::text[], $5::bytea[])"
          + " with ordinality as v(statement_id, statement_hash, kind, kid, leaf_hash, n)"
          + " returning leaf_index";

  /** The SQLSTATE of a statement cancelled by its statement timeout. */
  private static final String QUERY_CANCELED = "57014";

  /** A caller's group and where its first index goes. */
  private record Waiting(List<LoggedStatement> statements, CompletableFuture<Long> first) {}

  private final Pool pool;
  private final ArrayDeque<Waiting> queue = new ArrayDeque<>(); // guarded by this
  private boolean inFlight; // guarded by this
  private long sentAt; // System.nanoTime() of the statement in flight; guarded by this
  private final AtomicLong statements = new AtomicLong();
  private final long stallNanos;
  private final String statementTimeout;

  /**
   * @param stall how long a statement may be in flight before new appends fail at once
   * @param statementTimeout the sequencing statement's {@code statement_timeout} (set in its
   *     transaction): past it the database cancels the statement, which fails its appends with
   *     {@link StatementLog.Unavailable} and lets the next statement go
   */
  GroupAppends(Pool pool, Duration stall, Duration statementTimeout) {
    if (statementTimeout.isNegative() || statementTimeout.isZero()) {
      throw new IllegalArgumentException("the append's statement timeout must be positive");
    }
    this.pool = pool;
    this.stallNanos = stall.toNanos();
    this.statementTimeout =
        "set local statement_timeout = " + Math.max(1, statementTimeout.toMillis());
  }

  /**
   * Queues a non-empty group; the future completes with its first index once committed. Fails at
   * once ({@link StatementLog.Unavailable}) while the statement in flight has stalled.
   */
  CompletableFuture<Long> submit(List<LoggedStatement> group) {
    Waiting waiting = new Waiting(List.copyOf(group), new CompletableFuture<>());
    List<Waiting> batch;
    synchronized (this) {
      if (inFlight) {
        long stalled = System.nanoTime() - sentAt;
        if (stalled >= stallNanos) {
          waiting.first().completeExceptionally(stalled(stalled));
        } else {
          queue.add(waiting);
        }
        return waiting.first();
      }
      queue.add(waiting);
      inFlight = true;
      batch = take();
    }
    send(batch);
    return waiting.first();
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
    List<Waiting> batch = new ArrayList<>();
    int entries = 0;
    while (!queue.isEmpty()
        && (batch.isEmpty() || entries + queue.peek().statements().size() <= MAX_ENTRIES)) {
      Waiting next = queue.poll();
      if (next.first().isDone()) {
        continue; // its caller stopped waiting: the statement is not issued, so not logged
      }
      batch.add(next);
      entries += next.statements().size();
    }
    sentAt = System.nanoTime();
    return batch;
  }

  private void send(List<Waiting> batch) {
    try {
      statements.incrementAndGet();
      Tuple arguments = arguments(batch);
      pool.withTransaction(
              connection ->
                  connection
                      .query(statementTimeout)
                      .execute()
                      .flatMap(set -> connection.preparedQuery(APPEND).execute(arguments)))
          .subscribe()
          .with(rows -> completed(batch, rows, null), failure -> completed(batch, null, failure));
    } catch (RuntimeException e) {
      completed(batch, null, e);
    }
  }

  /** Starts the next statement if groups are queued, then answers this statement's groups. */
  private void completed(List<Waiting> batch, RowSet<Row> rows, Throwable failure) {
    List<Waiting> next;
    synchronized (this) {
      next = take();
      inFlight = !next.isEmpty();
    }
    if (!next.isEmpty()) {
      send(next);
    }
    Throwable refused = cancelled(failure) ? timedOut() : failure;
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

  /** Whether {@code failure} is the database cancelling the statement (its statement timeout). */
  private static boolean cancelled(Throwable failure) {
    return failure instanceof PgException pg && QUERY_CANCELED.equals(pg.getSqlState());
  }

  private StatementLog.Unavailable timedOut() {
    return new StatementLog.Unavailable(
        "the transparency log's sequencing statement was cancelled: " + statementTimeout);
  }

  private static Tuple arguments(List<Waiting> batch) {
    List<LoggedStatement> all = new ArrayList<>();
    for (Waiting waiting : batch) {
      all.addAll(waiting.statements());
    }
    int n = all.size();
    String[] ids = new String[n];
    Buffer[] hashes = new Buffer[n];
    String[] kinds = new String[n];
    String[] kids = new String[n];
    Buffer[] leaves = new Buffer[n];
    for (int i = 0; i < n; i++) {
      LoggedStatement statement = all.get(i);
      ids[i] = statement.id();
      hashes[i] = Buffer.buffer(statement.statementHash());
      kinds[i] = statement.kind();
      kids[i] = statement.kid();
      leaves[i] = Buffer.buffer(statement.leafHash());
    }
    return Tuple.tuple()
        .addValue(ids)
        .addValue(hashes)
        .addValue(kinds)
        .addValue(kids)
        .addValue(leaves)
        .addLong((long) n);
  }
}
