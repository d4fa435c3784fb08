package org.walletstate.adapters.persistence;

import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Duration;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.walletstate.application.port.out.LogStore;
import org.walletstate.application.port.out.StatementLog;
import org.walletstate.domain.tlog.LoggedStatement;
import org.walletstate.domain.tlog.NodeColumns;
import org.walletstate.domain.tlog.TreeNode;

/**
 * The transparency log in PostgreSQL ({@code log_entry}, {@code log_sequence}, {@code log_node},
 * {@code log_checkpoint}). An append is committed before {@link #appendAll} returns or {@link
 * #submitAll}'s stage completes: its entries go in one statement with this replica's concurrent
 * appends ({@link GroupAppends}, group commit), which takes their leaf indexes from the counter row
 * ({@code update ... set next_index = next_index + n returning}) and inserts them. The row's lock
 * is held until that statement commits, so the indexes are dense and given in commit order across
 * replicas (an index is visible only after every smaller one is). A batch runs in one transaction
 * under the advisory lock {@value #LOCK}, taken with {@code pg_try_advisory_xact_lock}: a replica
 * that does not get it does nothing this tick. The batch reads the sequenced entries from the
 * newest checkpoint's size on, in index order, keeps the contiguous prefix, and writes the new
 * perfect nodes and the checkpoint together.
 */
public class PgTransparencyLog implements LogStore, StatementLog {

  /** The advisory lock key of the log's batches. */
  static final long LOCK = 0x746c6f67L; // "tlog"

  /** How long an append waits for its commit by default. */
  public static final Duration APPEND_WAIT = Duration.ofSeconds(2);

  /**
   * The sequencing statement's timeout by default: above the wait, so that a statement the database
   * does not finish is cancelled (the replica appends again) soon after its appends gave up.
   */
  public static final Duration STATEMENT_TIMEOUT = Duration.ofSeconds(5);

  static final String LATEST =
      "select size, root, note from log_checkpoint order by size desc limit 1";
  private static final String NODES =
      "select n.level, n.idx, n.hash from log_node n"
          + " join unnest($1::int[], $2::bigint[]) as w(level, idx)"
          + " on n.level = w.level and n.idx = w.idx";
  private static final String ENTRY =
      "select statement_id, statement_hash, kind, kid, leaf_index,"
          + " leaf_index < coalesce((select max(size) from log_checkpoint), 0) as integrated"
          + " from log_entry where statement_id = $1 or statement_hash = $2 order by seq limit 1";
  private static final String RANGE =
      "select statement_id, statement_hash, kind, kid from log_entry"
          + " where leaf_index >= $1 and leaf_index < $2 order by leaf_index";

  private final Pool pool;
  private final GroupAppends appends;
  private final LogBatches batches;

  public PgTransparencyLog(Pool pool) {
    this(pool, APPEND_WAIT);
  }

  /** With the default statement timeout; {@code wait} as below. */
  public PgTransparencyLog(Pool pool, Duration wait) {
    this(pool, wait, STATEMENT_TIMEOUT);
  }

  /**
   * @param wait how long an append waits for its commit before it fails with {@link
   *     StatementLog.Unavailable}; once the statement in flight has been waited on that long, new
   *     appends fail at once
   * @param statementTimeout the sequencing statement's {@code statement_timeout}: the database
   *     cancels a statement that runs longer, failing its appends with {@link
   *     StatementLog.Unavailable}
   */
  public PgTransparencyLog(Pool pool, Duration wait, Duration statementTimeout) {
    this.pool = pool;
    this.appends = new GroupAppends(pool, wait, statementTimeout);
    this.batches = new LogBatches(pool);
  }

  /**
   * Waits, on a signing thread, for the entries' statement ({@link GroupAppends}) to commit; a
   * failed statement fails every append in it. Bounded: see {@link GroupAppends#bounded}.
   */
  @Override
  public OptionalLong appendAll(List<LoggedStatement> statements) {
    return statements.isEmpty()
        ? OptionalLong.empty()
        : OptionalLong.of(appends.append(statements));
  }

  /** As {@link #appendAll}, but returns at once; no thread waits for the commit. */
  @Override
  public CompletionStage<OptionalLong> submitAll(List<LoggedStatement> statements) {
    return statements.isEmpty()
        ? CompletableFuture.completedFuture(OptionalLong.empty())
        : appends.bounded(statements).thenApply(OptionalLong::of);
  }

  /** How many sequencing statements this replica has sent (its appends share them). */
  public long appendStatements() {
    return appends.statements();
  }

  /** How many appends wait for this replica's statement in flight. */
  int queuedAppends() {
    return appends.queued();
  }

  /** Whether this replica has a sequencing statement in flight. */
  boolean statementInFlight() {
    return appends.inFlight();
  }

  @Override
  public Uni<Integer> integrate(int limit, Sealer sealer) {
    return batches.integrate(limit, sealer);
  }

  @Override
  public Uni<Optional<SealedCheckpoint>> latest() {
    return pool.query(LATEST)
        .execute()
        .map(
            rows ->
                SqlRows.first(
                    rows,
                    row ->
                        new SealedCheckpoint(
                            row.getLong("size"),
                            row.getBuffer("root").getBytes(),
                            row.getString("note"))));
  }

  @Override
  public Uni<Optional<Entry>> entry(String id) {
    byte[] hash = hexHash(id);
    return pool.preparedQuery(ENTRY)
        .execute(Tuple.tuple().addString(id).addValue(Buffer.buffer(hash)))
        .map(
            rows ->
                SqlRows.first(
                    rows,
                    row ->
                        new Entry(
                            statement(row),
                            row.getLong("leaf_index") == null
                                ? OptionalLong.empty()
                                : OptionalLong.of(row.getLong("leaf_index")),
                            Boolean.TRUE.equals(row.getBoolean("integrated")))));
  }

  // A range read into rows as every store reads its rows (SqlRows.each), by design: each store
  // names its own columns.
  @Override
  public Uni<List<LoggedStatement>> entries(long first, int count) {
    return pool.preparedQuery(RANGE)
        .execute(Tuple.of(first, first + count))
        .map(rows -> SqlRows.each(rows, PgTransparencyLog::statement));
  }

  private static LoggedStatement statement(Row row) {
    return new LoggedStatement(
        row.getString("statement_id"),
        row.getString("kind"),
        row.getString("kid"),
        row.getBuffer("statement_hash").getBytes());
  }

  @Override
  public Uni<Map<TreeNode, byte[]>> nodes(Set<TreeNode> nodes) {
    return nodes(pool, nodes);
  }

  static Uni<Map<TreeNode, byte[]>> nodes(SqlClient connection, Set<TreeNode> wanted) {
    if (wanted.isEmpty()) {
      return Uni.createFrom().item(Map.of());
    }
    NodeColumns columns = NodeColumns.of(wanted);
    return connection
        .preparedQuery(NODES)
        .execute(Tuple.tuple().addValue(columns.levels()).addValue(columns.indexes()))
        .map(
            rows -> {
              Map<TreeNode, byte[]> found = new HashMap<>();
              for (Row row : rows) {
                found.put(
                    new TreeNode(row.getInteger("level"), row.getLong("idx")),
                    row.getBuffer("hash").getBytes());
              }
              return found;
            });
  }

  /** The id as a 32-byte hash when it is 64 hex digits; otherwise no bytes, which match nothing. */
  private static byte[] hexHash(String id) {
    if (id.length() == 64 && id.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
      return HexFormat.of().parseHex(id);
    }
    return new byte[0];
  }
}
