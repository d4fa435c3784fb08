package org.walletstate.adapters.persistence;

import io.smallrye.mutiny.CompositeException;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import io.vertx.pgclient.PgException;
import java.time.Duration;
import java.util.List;
import org.walletstate.application.port.out.StatementLog;
import org.walletstate.domain.tlog.LoggedStatement;

/**
 * The log's sequencing statement, as {@link GroupAppends} sends it.
 *
 * <p>The statement takes a group's indexes from the counter row ({@code update ... set next_index =
 * next_index + n returning}) and inserts the entries, in one transaction that sets its own {@code
 * statement_timeout} and commits with {@code synchronous_commit = off}: the counter row is held for
 * one exchange with the database, never for a WAL flush: {@code begin}, the settings, the statement
 * and {@code commit} are written together and the database runs them in order. A commit sent after
 * it that waits for its flush makes it durable ({@link FlushBarrier}).
 */
final class SequencingStatement {

  private static final String APPEND =
      "with taken as (update log_sequence set next_index = next_index + $6 where id = 1"
          + " returning next_index - $6 as first)"
          + " insert into log_entry (statement_id, statement_hash, kind, kid, leaf_hash, leaf_index)"
          + " select v.statement_id, v.statement_hash, v.kind, v.kid, v.leaf_hash, taken.first + v.n - 1"
          + " from taken, "
          + EntryColumns.unnested(1)
          + " returning leaf_index";

  /** The SQLSTATE of a statement cancelled by its statement timeout. */
  private static final String QUERY_CANCELED = "57014";

  private final long timeoutMillis;
  private final String settings;

  /**
   * @param statementTimeout the statement's {@code statement_timeout}: past it the database cancels
   *     it
   */
  SequencingStatement(Duration statementTimeout) {
    if (statementTimeout.isNegative() || statementTimeout.isZero()) {
      throw new IllegalArgumentException("the append's statement timeout must be positive");
    }
    this.timeoutMillis = Math.max(1, statementTimeout.toMillis());
    // one exchange sets both, for the statement's transaction only
    this.settings =
        "select set_config('statement_timeout', '"
            + timeoutMillis
            + "', true), set_config('synchronous_commit', 'off', true)";
  }

  /** Sequences {@code entries} at consecutive indexes: the rows' {@code leaf_index}. */
  Uni<RowSet<Row>> sequence(Pool pool, List<LoggedStatement> entries) {
    Tuple arguments = arguments(entries);
    return pool.withConnection(connection -> pipelined(connection, arguments));
  }

  /**
   * The transaction's four commands sent without waiting for each other's answers (the connection
   * pipelines them), every answer awaited before the connection goes back to the pool. A statement
   * that fails aborts the transaction, whose {@code commit} then rolls it back; the statement's
   * failure is the sequencing's failure.
   */
  private Uni<RowSet<Row>> pipelined(SqlConnection connection, Tuple arguments) {
    List<Uni<RowSet<Row>>> commands =
        List.of(
            connection.query("begin").execute(),
            connection.query(settings).execute(),
            connection.preparedQuery(APPEND).execute(arguments),
            connection.query("commit").execute());
    return Uni.combine()
        .all()
        .unis(commands)
        .collectFailures()
        .with(results -> rows(results.get(2)))
        .onFailure()
        .transform(
            failure -> failure instanceof CompositeException c ? c.getCauses().get(0) : failure);
  }

  @SuppressWarnings("unchecked") // the third command's answer: the statement's rows
  private static RowSet<Row> rows(Object answer) {
    return (RowSet<Row>) answer;
  }

  /**
   * What a group of a failed statement fails with: {@link StatementLog.Unavailable} when the
   * database cancelled it (its statement timeout), otherwise the failure itself.
   */
  Throwable refusal(Throwable failure) {
    if (failure instanceof PgException pg && QUERY_CANCELED.equals(pg.getSqlState())) {
      return new StatementLog.Unavailable(
          "the transparency log's sequencing statement was cancelled after its statement_timeout"
              + " of "
              + timeoutMillis
              + " ms");
    }
    return failure;
  }

  private static Tuple arguments(List<LoggedStatement> all) {
    return EntryColumns.added(Tuple.tuple(), all).addLong((long) all.size());
  }
}
