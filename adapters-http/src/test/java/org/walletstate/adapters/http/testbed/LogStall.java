package org.walletstate.adapters.http.testbed;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Transaction;
import java.time.Duration;

/**
 * A transparency log whose store cannot take entries: another transaction holds the log's counter
 * row ({@code log_sequence}), so no append commits until it is released. The first append made
 * meanwhile gives up after the append's bounded wait; later ones fail at once while that statement
 * is stalled.
 */
public final class LogStall {

  private static final Duration WAIT = Duration.ofSeconds(60);

  private LogStall() {}

  /** Work run while the log is stalled. */
  @FunctionalInterface
  public interface Work {
    void run() throws Exception;
  }

  /**
   * Runs {@code work} while the counter row is held, then releases it and waits until the stalled
   * statement has committed (its entries were never answered: the log over-approximates what was
   * issued) or, past its statement timeout, been cancelled, so that the next append is taken again.
   */
  public static void during(Pool pool, Work work) throws Exception {
    long next = nextIndex(pool);
    SqlConnection locker = pool.getConnection().await().atMost(WAIT);
    Transaction held = locker.begin().await().atMost(WAIT);
    try {
      locker
          .query("update log_sequence set next_index = next_index where id = 1")
          .execute()
          .await()
          .atMost(WAIT);
      work.run();
    } finally {
      held.rollback().await().atMost(WAIT);
      locker.close().await().atMost(WAIT);
    }
    // the stalled statement commits, or was cancelled by its statement timeout (5 s) meanwhile
    long deadline = System.nanoTime() + Duration.ofSeconds(6).toNanos();
    while (nextIndex(pool) == next && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    // the stalled statement's completion may not have been handled by its replica yet
    Thread.sleep(200);
  }

  /** The log's next leaf index. */
  public static long nextIndex(Pool pool) {
    return pool.query("select next_index from log_sequence where id = 1")
        .execute()
        .await()
        .atMost(WAIT)
        .iterator()
        .next()
        .getLong(0);
  }

  /** Whether the entry at {@code index} is committed under {@code statementId}. */
  public static boolean committed(Pool pool, long index, String statementId) {
    return rows(pool, "statement_id", index, statementId) == 1;
  }

  /** Whether the entry at {@code index} is committed, of {@code kind}. */
  public static boolean committedOfKind(Pool pool, long index, String kind) {
    return rows(pool, "kind", index, kind) == 1;
  }

  private static long rows(Pool pool, String column, long index, String value) {
    return pool.preparedQuery(
            "select count(*) from log_entry where leaf_index = $1 and " + column + " = $2")
        .execute(io.vertx.mutiny.sqlclient.Tuple.of(index, value))
        .await()
        .atMost(WAIT)
        .iterator()
        .next()
        .getLong(0);
  }
}
