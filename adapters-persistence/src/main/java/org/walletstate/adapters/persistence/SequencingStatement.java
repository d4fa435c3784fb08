package org.walletstate.adapters.persistence;

import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import io.vertx.pgclient.PgException;
import java.time.Duration;
import java.util.List;
import org.walletstate.application.port.out.StatementLog;
import org.walletstate.domain.tlog.LoggedStatement;

/**
 * The log's sequencing statement and its flush barrier, as {@link GroupAppends} sends them.
 *
 * <p>The statement takes a group's indexes from the counter row ({@code update ... set next_index =
 * next_index + n returning}) and inserts the entries, in one transaction that sets its own {@code
 * statement_timeout} and commits with {@code synchronous_commit = off}: the counter row is held for
 * the transaction's exchanges only, never for a WAL flush. The barrier, run after it in autocommit
 * with the session's {@code synchronous_commit} (on), assigns a transaction id, so its commit
 * writes a commit record and waits for the WAL to be flushed through it, and with it through the
 * statement's commit, which came before.
 */
final class SequencingStatement {

  private static final String APPEND =
      "with taken as (update log_sequence set next_index = next_index + $6 where id = 1"
          + " returning next_index - $6 as first)"
          + " insert into log_entry (statement_id, statement_hash, kind, kid, leaf_hash, leaf_index)"
          + " select v.statement_id, v.statement_hash, v.kind, v.kid, v.leaf_hash, taken.first + v.n - 1"
          + " from taken, unnest($1::text[], $2::bytea[], $3::text[], $4::text[], $5::bytea[])"
          + " with ordinality as v(statement_id, statement_hash, kind, kid, leaf_hash, n)"
          + " returning leaf_index";

  /** The flush barrier's statement. */
  static final String BARRIER = "select txid_current()";

  /** The SQLSTATE of a statement cancelled by its statement timeout. */
  private static final String QUERY_CANCELED = "57014";

  private final long timeoutMillis;
  private final String settings;
  private final String barrier;

  /**
   * @param statementTimeout the statement's {@code statement_timeout}: past it the database cancels
   *     it
   * @param barrier the flush barrier's statement ({@link #BARRIER})
   */
  SequencingStatement(Duration statementTimeout, String barrier) {
    if (statementTimeout.isNegative() || statementTimeout.isZero()) {
      throw new IllegalArgumentException("the append's statement timeout must be positive");
    }
    this.timeoutMillis = Math.max(1, statementTimeout.toMillis());
    // one exchange sets both, for the statement's transaction only
    this.settings =
        "select set_config('statement_timeout', '"
            + timeoutMillis
            + "', true), set_config('synchronous_commit', 'off', true)";
    this.barrier = barrier;
  }

  /** Sequences {@code entries} at consecutive indexes: the rows' {@code leaf_index}. */
  Uni<RowSet<Row>> sequence(Pool pool, List<LoggedStatement> entries) {
    Tuple arguments = arguments(entries);
    return pool.withTransaction(
        connection ->
            connection
                .query(settings)
                .execute()
                .flatMap(set -> connection.preparedQuery(APPEND).execute(arguments)));
  }

  /**
   * Completes once the WAL is flushed through every commit made before it; fails with {@link
   * StatementLog.Unavailable} when the barrier fails.
   */
  Uni<Void> flushed(Pool pool) {
    return pool.query(barrier)
        .execute()
        .replaceWithVoid()
        .onFailure()
        .transform(SequencingStatement::notFlushed);
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

  /**
   * The barrier after a committed statement failed: its entries may not be durable, so none of its
   * statements is issued (their entries, if they stay, are statements signed and never answered).
   */
  static StatementLog.Unavailable notFlushed(Throwable failure) {
    return new StatementLog.Unavailable(
        "the transparency log's store did not confirm the append flushed: " + failure.getMessage());
  }

  private static Tuple arguments(List<LoggedStatement> all) {
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
