package org.walletstate.adapters.persistence;

import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.walletstate.application.port.out.LogStore.Sealed;
import org.walletstate.application.port.out.LogStore.Sealer;
import org.walletstate.domain.tlog.NodeColumns;
import org.walletstate.domain.tlog.TreeAppend;
import org.walletstate.domain.tlog.TreeNode;

/**
 * {@link PgTransparencyLog}'s batches, under the advisory lock {@value PgTransparencyLog#LOCK} (a
 * replica that does not get it does nothing this tick): one transaction gives the entries written
 * with a debit their indexes, then one reads the sequenced entries from the newest checkpoint's
 * size on, keeps the contiguous prefix, and writes the new perfect nodes and the signed checkpoint
 * together.
 */
final class LogBatches {

  // The statements as constants, as every store keeps its own, by design: each is one step of a
  // batch, read beside the code that runs it.
  private static final String TRY_LOCK = "select pg_try_advisory_xact_lock($1) as locked";
  // Indexes for the entries written with a debit (leaf_index null), in the order they were written,
  // from the counter row the appends take theirs from: its lock orders them with the appends.
  private static final String SEQUENCE =
      "with pending as (select seq, row_number() over (order by seq) as n from"
          + " (select seq from log_entry where leaf_index is null order by seq limit $1) p),"
          + " counted as (select count(*) as n from pending),"
          + " taken as (update log_sequence set next_index = next_index + counted.n from counted"
          + " where id = 1 and counted.n > 0 returning next_index - counted.n as first)"
          + " update log_entry e set leaf_index = taken.first + pending.n - 1"
          + " from pending, taken where e.seq = pending.seq";
  private static final String PENDING =
      "select leaf_index, leaf_hash from log_entry where leaf_index >= $1"
          + " order by leaf_index limit $2";
  private static final String STORE_NODES =
      "insert into log_node (level, idx, hash)"
          + " select level, idx, hash from unnest($1::int[], $2::bigint[], $3::bytea[])"
          + " as v(level, idx, hash)";
  private static final String CHECKPOINT =
      "insert into log_checkpoint (size, root, note) values ($1, $2, $3)";

  private final Pool pool;

  LogBatches(Pool pool) {
    this.pool = pool;
  }

  /**
   * Sequences up to {@code limit} entries written without an index, then integrates: two
   * transactions under the lock, so that the counter row is held for the sequencing alone, not for
   * the batch's tree and signature.
   */
  Uni<Integer> integrate(int limit, Sealer sealer) {
    return underLock(
            connection ->
                connection.preparedQuery(SEQUENCE).execute(Tuple.of(limit)).map(rows -> 0))
        .flatMap(ignored -> underLock(connection -> locked(connection, limit, sealer)));
  }

  /**
   * {@code work} in a transaction holding the log's lock; nothing when another replica holds it.
   */
  private Uni<Integer> underLock(Function<SqlConnection, Uni<Integer>> work) {
    return pool.withTransaction(
        connection ->
            connection
                .preparedQuery(TRY_LOCK)
                .execute(Tuple.of(PgTransparencyLog.LOCK))
                .flatMap(
                    rows ->
                        rows.iterator().next().getBoolean("locked")
                            ? work.apply(connection)
                            : Uni.createFrom().item(0)));
  }

  private Uni<Integer> locked(SqlConnection connection, int limit, Sealer sealer) {
    return connection
        .query(PgTransparencyLog.LATEST)
        .execute()
        .flatMap(
            latest -> {
              boolean none = !latest.iterator().hasNext();
              long size = none ? 0 : latest.iterator().next().getLong("size");
              return connection
                  .preparedQuery(PENDING)
                  .execute(Tuple.of(size, limit))
                  .flatMap(
                      pending -> {
                        List<byte[]> leaves = contiguous(pending, size);
                        if (leaves.isEmpty() && !none) {
                          return Uni.createFrom().item(0);
                        }
                        return PgTransparencyLog.nodes(
                                connection, Set.copyOf(TreeAppend.edge(size)))
                            .flatMap(
                                edge ->
                                    seal(
                                        connection,
                                        sealer.seal(size, edge, leaves),
                                        leaves.size()));
                      });
            });
  }

  /**
   * The leaves of the rows from index {@code size} on, up to the first missing index. None is
   * missing while every append commits in index order; the check keeps a batch from sealing over a
   * hole if one ever appeared.
   */
  private static List<byte[]> contiguous(Iterable<Row> rows, long size) {
    List<byte[]> leaves = new ArrayList<>();
    for (Row row : rows) {
      if (row.getLong("leaf_index") != size + leaves.size()) {
        break;
      }
      leaves.add(row.getBuffer("leaf_hash").getBytes());
    }
    return leaves;
  }

  private Uni<Integer> seal(SqlConnection connection, Sealed sealed, int integrated) {
    int n = sealed.nodes().size();
    NodeColumns columns = NodeColumns.of(sealed.nodes().keySet());
    Buffer[] hashes = new Buffer[n];
    int i = 0;
    for (TreeNode node : sealed.nodes().keySet()) {
      hashes[i++] = Buffer.buffer(sealed.nodes().get(node));
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
                connection
                    .preparedQuery(CHECKPOINT)
                    .execute(
                        Tuple.tuple()
                            .addLong(sealed.size())
                            .addValue(Buffer.buffer(sealed.root()))
                            .addString(sealed.note())))
        .map(ignored -> integrated);
  }
}
