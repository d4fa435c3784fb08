package org.walletstate.adapters.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.walletstate.domain.tlog.TreeAppend;
import org.walletstate.domain.tlog.TreeHashes;
import org.walletstate.domain.tlog.TreeNode;

/** What the log's tests read back from PostgreSQL, and the same tree built in memory. */
final class StoredLog {

  private static final Duration WAIT = Duration.ofSeconds(60);

  private StoredLog() {}

  /** The leaves appended one at a time in memory: every node, and the root of every size. */
  record MemoryTree(Map<TreeNode, byte[]> nodes, List<byte[]> roots) {
    static MemoryTree of(List<byte[]> leaves) {
      Map<TreeNode, byte[]> memory = new HashMap<>();
      List<byte[]> roots = new ArrayList<>();
      roots.add(TreeHashes.EMPTY_ROOT);
      for (int i = 0; i < leaves.size(); i++) {
        Map<TreeNode, byte[]> edge = new HashMap<>();
        TreeAppend.edge(i).forEach(node -> edge.put(node, memory.get(node)));
        TreeAppend.Appended appended = TreeAppend.append(i, edge, List.of(leaves.get(i)));
        memory.putAll(appended.nodes());
        roots.add(appended.root());
      }
      return new MemoryTree(memory, roots);
    }
  }

  /**
   * Asserts that every stored checkpoint's root is {@code tree}'s at its size; how many there are.
   */
  static int checkpointsAgreeWith(Pool pool, MemoryTree tree) {
    int checkpoints = 0;
    for (Row row :
        pool.query("select size, root from log_checkpoint order by size")
            .execute()
            .await()
            .atMost(WAIT)) {
      assertThat(row.getBuffer("root").getBytes())
          .isEqualTo(tree.roots().get((int) (long) row.getLong("size")));
      checkpoints++;
    }
    return checkpoints;
  }

  /** The entries no checkpoint covers yet: unsequenced, or at or past the newest size. */
  static long unintegrated(Pool pool) {
    return count(
        pool,
        "select count(*) from log_entry where leaf_index is null or leaf_index >="
            + " coalesce((select max(size) from log_checkpoint), 0)");
  }

  /**
   * The leaf hashes in index order, asserting that the indexes are 0..n-1 without gap or duplicate;
   * {@code each} is told every entry's statement id and index.
   */
  static List<byte[]> denseLeaves(Pool pool, BiConsumer<String, Long> each) {
    List<byte[]> leaves = new ArrayList<>();
    for (Row row :
        pool.query("select statement_id, leaf_index, leaf_hash from log_entry order by leaf_index")
            .execute()
            .await()
            .atMost(WAIT)) {
      assertThat(row.getLong("leaf_index")).isEqualTo((long) leaves.size());
      each.accept(row.getString("statement_id"), row.getLong("leaf_index"));
      leaves.add(row.getBuffer("leaf_hash").getBytes());
    }
    return leaves;
  }

  /** Statement id → leaf index (null while unsequenced), in the order the rows were written. */
  static Map<String, Long> indexesById(Pool pool) {
    Map<String, Long> rows = new LinkedHashMap<>();
    for (Row row :
        pool.query("select statement_id, leaf_index from log_entry order by seq")
            .execute()
            .await()
            .atMost(WAIT)) {
      rows.put(row.getString("statement_id"), row.getLong("leaf_index"));
    }
    return rows;
  }

  /** The one number {@code sql} answers. */
  static long count(Pool pool, String sql) {
    return pool.query(sql).execute().await().atMost(WAIT).iterator().next().getLong(0);
  }
}
