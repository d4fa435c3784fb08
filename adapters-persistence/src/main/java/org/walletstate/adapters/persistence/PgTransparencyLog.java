package org.walletstate.adapters.persistence;

import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.walletstate.application.port.out.LogStore;
import org.walletstate.application.port.out.StatementLog;
import org.walletstate.domain.tlog.LoggedStatement;
import org.walletstate.domain.tlog.NodeColumns;
import org.walletstate.domain.tlog.TreeAppend;
import org.walletstate.domain.tlog.TreeNode;

/**
 * The transparency log in PostgreSQL ({@code log_entry}, {@code log_node}, {@code log_checkpoint}).
 * An append is one insert, committed before {@link #append} returns. A batch runs in one
 * transaction under the advisory lock {@value #LOCK}, taken with {@code pg_try_advisory_xact_lock}:
 * a replica that does not get it does nothing this tick, so replicas never interleave batches and
 * the log is one sequence. Within the batch, the pending rows are read in arrival order and each
 * given the next index; the new perfect nodes, the indexes and the checkpoint are written together.
 */
public class PgTransparencyLog implements LogStore, StatementLog {

  /** The advisory lock key of the log's batches. */
  static final long LOCK = 0x746c6f67L; // "tlog"

  private static final Duration APPEND_WAIT = Duration.ofSeconds(10);

  private static final String APPEND =
      "insert into log_entry (statement_id, statement_hash, kind, kid, leaf_hash)"
          + " values ($1, $2, $3, $4, $5)";
  private static final String TRY_LOCK = "select pg_try_advisory_xact_lock($1) as locked";
  private static final String LATEST =
      "select size, root, note from log_checkpoint order by size desc limit 1";
  private static final String PENDING =
      "select seq, leaf_hash from log_entry where leaf_index is null order by seq limit $1";
  private static final String NODES =
      "select n.level, n.idx, n.hash from log_node n"
          + " join unnest($1::int[], $2::bigint[]) as w(level, idx)"
          + " on n.level = w.level and n.idx = w.idx";
  private static final String STORE_NODES =
      "insert into log_node (level, idx, hash)"
          + " select level, idx, hash from unnest($1::int[], $2::bigint[], $3::bytea[])"
          + " as v(level, idx, hash)";
  private static final String INDEXES =
      "update log_entry e set leaf_index = v.leaf_index"
          + " from unnest($1::bigint[], $2::bigint[]) as v(seq, leaf_index) where e.seq = v.seq";
  private static final String CHECKPOINT =
      "insert into log_checkpoint (size, root, note) values ($1, $2, $3)";
  private static final String ENTRY =
      "select statement_id, statement_hash, kind, kid, leaf_index from log_entry"
          + " where statement_id = $1 or statement_hash = $2 order by seq limit 1";

  private final Pool pool;

  public PgTransparencyLog(Pool pool) {
    this.pool = pool;
  }

  /** One insert, awaited: called on the signing threads, never on an event loop. */
  @Override
  public void append(LoggedStatement statement) {
    pool.preparedQuery(APPEND)
        .execute(
            Tuple.tuple()
                .addString(statement.id())
                .addValue(Buffer.buffer(statement.statementHash()))
                .addString(statement.kind())
                .addString(statement.kid())
                .addValue(Buffer.buffer(statement.leafHash())))
        .await()
        .atMost(APPEND_WAIT);
  }

  @Override
  public Uni<Integer> integrate(int limit, Sealer sealer) {
    return pool.withTransaction(
        connection ->
            connection
                .preparedQuery(TRY_LOCK)
                .execute(Tuple.of(LOCK))
                .flatMap(
                    rows ->
                        rows.iterator().next().getBoolean("locked")
                            ? locked(connection, limit, sealer)
                            : Uni.createFrom().item(0)));
  }

  private Uni<Integer> locked(SqlConnection connection, int limit, Sealer sealer) {
    return connection
        .query(LATEST)
        .execute()
        .flatMap(
            latest -> {
              boolean none = !latest.iterator().hasNext();
              long size = none ? 0 : latest.iterator().next().getLong("size");
              return connection
                  .preparedQuery(PENDING)
                  .execute(Tuple.of(limit))
                  .flatMap(
                      pending -> {
                        List<Long> seqs = new ArrayList<>();
                        List<byte[]> leaves = new ArrayList<>();
                        for (Row row : pending) {
                          seqs.add(row.getLong("seq"));
                          leaves.add(row.getBuffer("leaf_hash").getBytes());
                        }
                        if (leaves.isEmpty() && !none) {
                          return Uni.createFrom().item(0);
                        }
                        return nodes(connection, Set.copyOf(TreeAppend.edge(size)))
                            .flatMap(
                                edge ->
                                    seal(connection, sealer.seal(size, edge, leaves), seqs, size));
                      });
            });
  }

  private Uni<Integer> seal(SqlConnection connection, Sealed sealed, List<Long> seqs, long size) {
    int n = sealed.nodes().size();
    NodeColumns columns = NodeColumns.of(sealed.nodes().keySet());
    Buffer[] hashes = new Buffer[n];
    int i = 0;
    for (TreeNode node : sealed.nodes().keySet()) {
      hashes[i++] = Buffer.buffer(sealed.nodes().get(node));
    }
    Long[] leafIndexes = new Long[seqs.size()];
    for (int j = 0; j < leafIndexes.length; j++) {
      leafIndexes[j] = size + j;
    }
    Uni<Void> nodes =
        n == 0
            ? Uni.createFrom().voidItem()
            : connection
                .preparedQuery(STORE_NODES)
                .execute(
                    Tuple.tuple()
                        .addValue(columns.levels())
                        .addValue(columns.indexes())
                        .addValue(hashes))
                .replaceWithVoid();
    return nodes
        .flatMap(
            ignored ->
                seqs.isEmpty()
                    ? Uni.createFrom().voidItem()
                    : connection
                        .preparedQuery(INDEXES)
                        .execute(
                            Tuple.tuple().addValue(seqs.toArray(new Long[0])).addValue(leafIndexes))
                        .replaceWithVoid())
        .flatMap(
            ignored ->
                connection
                    .preparedQuery(CHECKPOINT)
                    .execute(
                        Tuple.tuple()
                            .addLong(sealed.size())
                            .addValue(Buffer.buffer(sealed.root()))
                            .addString(sealed.note())))
        .map(ignored -> seqs.size());
  }

  @Override
  public Uni<Optional<SealedCheckpoint>> latest() {
    return pool.query(LATEST)
        .execute()
        .map(
            rows -> {
              if (!rows.iterator().hasNext()) {
                return Optional.empty();
              }
              Row row = rows.iterator().next();
              return Optional.of(
                  new SealedCheckpoint(
                      row.getLong("size"),
                      row.getBuffer("root").getBytes(),
                      row.getString("note")));
            });
  }

  @Override
  public Uni<Optional<Entry>> entry(String id) {
    byte[] hash = hexHash(id);
    return pool.preparedQuery(ENTRY)
        .execute(Tuple.tuple().addString(id).addValue(Buffer.buffer(hash)))
        .map(
            rows -> {
              if (!rows.iterator().hasNext()) {
                return Optional.empty();
              }
              Row row = rows.iterator().next();
              LoggedStatement statement =
                  new LoggedStatement(
                      row.getString("statement_id"),
                      row.getString("kind"),
                      row.getString("kid"),
                      row.getBuffer("statement_hash").getBytes());
              return Optional.of(
                  new Entry(statement, Optional.ofNullable(row.getLong("leaf_index"))));
            });
  }

  @Override
  public Uni<Map<TreeNode, byte[]>> nodes(Set<TreeNode> nodes) {
    return nodes(pool, nodes);
  }

  private static Uni<Map<TreeNode, byte[]>> nodes(SqlClient connection, Set<TreeNode> wanted) {
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
