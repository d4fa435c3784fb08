package org.walletstate.adapters.persistence;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.pgclient.PgBuilder;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.PoolOptions;
import java.time.Duration;
import java.util.Optional;

/**
 * Where a replica's sequencing statements run ({@link GroupAppends}): each is one statement in
 * autocommit, sent as one exchange with the database (bind, execute, sync), atomic on its own.
 *
 * <p>In production it is a connection of its own ({@link #open}): a pool of one connection, opened
 * with {@code statement_timeout} as a startup parameter, so the database cancels a statement that
 * runs longer without a transaction block or a {@code SET} before it, and the statement never waits
 * for a connection of the pool the requests share. One connection suffices: a replica has at most
 * one sequencing statement in flight. Its prepared statement is cached on the connection, so only
 * the first statement also parses.
 *
 * <p>{@link #on} runs the statements on a pool given by the caller with that pool's own settings
 * (no statement timeout of its own): for tests and for an adapter that does not append.
 */
public final class LogSequencer implements AutoCloseable {

  private final Pool pool;
  private final Duration statementTimeout; // null: the pool's own setting
  private final boolean owned;

  private LogSequencer(Pool pool, Duration statementTimeout, boolean owned) {
    this.pool = pool;
    this.statementTimeout = statementTimeout;
    this.owned = owned;
  }

  /**
   * A connection of its own to the database at {@code url} ({@code postgresql://host:port/db}),
   * whose statements the database cancels after {@code statementTimeout}.
   */
  public static LogSequencer open(
      Vertx vertx,
      String url,
      Optional<String> user,
      Optional<String> password,
      Duration statementTimeout) {
    if (statementTimeout.isNegative() || statementTimeout.isZero()) {
      throw new IllegalArgumentException("the append's statement timeout must be positive");
    }
    PgConnectOptions options = PgConnectOptions.fromUri(url);
    user.ifPresent(options::setUser);
    password.ifPresent(options::setPassword);
    options.addProperty(
        "statement_timeout", Long.toString(Math.max(1, statementTimeout.toMillis())));
    options.addProperty("application_name", "walletstate-log-sequencer");
    options.setCachePreparedStatements(true);
    Pool pool =
        PgBuilder.pool()
            .with(new PoolOptions().setMaxSize(1).setName("log-sequencer"))
            .connectingTo(options)
            .using(vertx)
            .build();
    return new LogSequencer(pool, statementTimeout, true);
  }

  /** The statements on {@code pool}, under its connections' settings; closing leaves it open. */
  public static LogSequencer on(Pool pool) {
    return new LogSequencer(pool, null, false);
  }

  /** Runs one statement in autocommit. */
  Uni<RowSet<Row>> run(String sql, Tuple arguments) {
    return pool.preparedQuery(sql).execute(arguments);
  }

  /** The statement timeout this connection was opened with, if it has its own. */
  public Optional<Duration> statementTimeout() {
    return Optional.ofNullable(statementTimeout);
  }

  @Override
  public void close() {
    if (owned) {
      pool.closeAndAwait();
    }
  }
}
