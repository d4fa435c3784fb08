package org.walletstate.adapters.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Transaction;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.LogStore;
import org.walletstate.application.port.out.StatementLog;
import org.walletstate.application.tlog.LogQueryService;
import org.walletstate.application.tlog.port.in.LogQuery;
import org.walletstate.domain.tlog.LoggedStatement;
import org.walletstate.domain.tlog.TreeAppend;
import org.walletstate.domain.tlog.TreeHashes;
import org.walletstate.domain.tlog.TreeNode;
import org.walletstate.domain.tlog.TreeProofs;

/**
 * The log in PostgreSQL: two replicas (two adapters, each appending and integrating on its own
 * connections) working at once keep one log: every entry gets exactly one index when it is appended
 * (the one its append answered), the indexes are 0..n-1 with no gap or duplicate, a batch trust
 * request's entries are consecutive, every checkpoint's root is the RFC 9162 root of the entries
 * before it, and the proofs read back from the stored nodes are the proofs of the tree built in
 * memory from the same leaves.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class PgTransparencyLogTest {

  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final int PER_REPLICA = 150;

  @Inject Pool pool;

  @BeforeEach
  void emptyLog() {
    pool.query("truncate log_entry, log_node, log_checkpoint").execute().await().atMost(WAIT);
    pool.query("update log_sequence set next_index = 0").execute().await().atMost(WAIT);
  }

  /** The sealer a replica uses; its note only names the size and root (no key in this module). */
  static LogStore.Sealed seal(long size, Map<TreeNode, byte[]> edge, List<byte[]> leaves) {
    TreeAppend.Appended appended = TreeAppend.append(size, edge, leaves);
    String note =
        "test/log\n"
            + appended.size()
            + "\n"
            + Base64.getEncoder().encodeToString(appended.root())
            + "\n";
    return new LogStore.Sealed(appended.nodes(), appended.size(), appended.root(), note);
  }

  static LoggedStatement statement(String replica, int i) {
    byte[] hash = TreeHashes.sha256((replica + "/" + i).getBytes(StandardCharsets.UTF_8));
    return new LoggedStatement("att_" + replica + i, "attestation", "ws-attest-v2", hash);
  }

  @Test
  void twoReplicasAppendingAndIntegratingAtOnceKeepOneConsistentLog() throws Exception {
    PgTransparencyLog first = new PgTransparencyLog(pool);
    PgTransparencyLog second = new PgTransparencyLog(pool);
    ExecutorService threads = Executors.newFixedThreadPool(4);
    AtomicBoolean appending = new AtomicBoolean(true);
    Map<String, Long> answered = new ConcurrentHashMap<>();
    try {
      Future<?> a =
          threads.submit(
              () -> {
                for (int i = 0; i < PER_REPLICA; i++) {
                  LoggedStatement statement = statement("a", i);
                  answered.put(statement.id(), first.append(statement).orElseThrow());
                }
              });
      Future<?> b =
          threads.submit(
              () -> {
                // the second replica appends in groups of five, as a batch trust request does
                for (int i = 0; i < PER_REPLICA; i += 5) {
                  List<LoggedStatement> group = new ArrayList<>();
                  for (int j = i; j < i + 5; j++) {
                    group.add(statement("b", j));
                  }
                  long firstIndex = second.appendAll(group).orElseThrow();
                  for (int j = 0; j < group.size(); j++) {
                    answered.put(group.get(j).id(), firstIndex + j);
                  }
                }
              });
      List<Future<Integer>> integrators = new ArrayList<>();
      for (PgTransparencyLog replica : List.of(first, second)) {
        integrators.add(
            threads.submit(
                () -> {
                  int total = 0;
                  while (true) {
                    boolean more = appending.get();
                    int done =
                        replica.integrate(17, PgTransparencyLogTest::seal).await().atMost(WAIT);
                    total += done;
                    if (!more && done == 0 && StoredLog.unintegrated(pool) == 0) {
                      return total;
                    }
                  }
                }));
      }
      a.get();
      b.get();
      appending.set(false);
      int integrated = 0;
      for (Future<Integer> integrator : integrators) {
        integrated += integrator.get();
      }
      assertThat(integrated).isEqualTo(2 * PER_REPLICA);
    } finally {
      threads.shutdownNow();
    }

    List<byte[]> leaves =
        StoredLog.denseLeaves(pool, (id, index) -> assertThat(answered.get(id)).isEqualTo(index));
    assertThat(leaves).hasSize(2 * PER_REPLICA);
    assertThat(answered).hasSize(2 * PER_REPLICA);
    assertThat(Set.copyOf(answered.values())).hasSize(2 * PER_REPLICA);

    // the same leaves appended in memory, one at a time: every root along the way
    StoredLog.MemoryTree tree = StoredLog.MemoryTree.of(leaves);
    Map<TreeNode, byte[]> memory = tree.nodes();
    int checkpoints = StoredLog.checkpointsAgreeWith(pool, tree);
    assertThat(checkpoints).isGreaterThan(2 * PER_REPLICA / 17);

    LogQuery query = new LogQueryService(first, TestCheckpointKey.INSTANCE);
    LoggedStatement some = statement("b", 77);
    var answer = query.entry(some.id()).await().atMost(WAIT);
    assertThat(answer).isInstanceOf(LogQuery.EntryAnswer.Included.class);
    var included = (LogQuery.EntryAnswer.Included) answer;
    assertThat(leaves.get((int) included.index())).isEqualTo(some.leafHash());
    assertThat(included.treeSize()).isEqualTo(2 * PER_REPLICA);
    assertThat(included.proof())
        .usingRecursiveFieldByFieldElementComparator()
        .isEqualTo(
            TreeProofs.hashes(TreeProofs.inclusion(included.index(), included.treeSize()), memory));
    // by the hash of the signed bytes as well
    assertThat(query.entry(some.hashHex()).await().atMost(WAIT))
        .isInstanceOf(LogQuery.EntryAnswer.Included.class);
    assertThat(query.entry("att_nothing").await().atMost(WAIT))
        .isInstanceOf(LogQuery.EntryAnswer.Unknown.class);

    var consistency = query.consistency(100, 2 * PER_REPLICA).await().atMost(WAIT);
    assertThat(((LogQuery.ConsistencyAnswer.Proof) consistency).proof())
        .usingRecursiveFieldByFieldElementComparator()
        .isEqualTo(TreeProofs.hashes(TreeProofs.consistency(100, 2 * PER_REPLICA), memory));
    assertThat(query.consistency(100, 2 * PER_REPLICA + 1).await().atMost(WAIT))
        .isInstanceOf(LogQuery.ConsistencyAnswer.Refused.class);
  }

  @Test
  void concurrentAppendsOfOneReplicaShareStatementsAndGetDistinctDenseIndexes() throws Exception {
    PgTransparencyLog log = new PgTransparencyLog(pool);
    int appends = 120;
    ExecutorService threads = Executors.newFixedThreadPool(appends);
    // another transaction holds the counter row: the replica's first statement waits for it, and
    // every append made meanwhile queues for the next statement
    SqlConnection holder = pool.getConnection().await().atMost(WAIT);
    Transaction held = holder.begin().await().atMost(WAIT);
    Map<String, Long> answered = new ConcurrentHashMap<>();
    try {
      holder
          .query("update log_sequence set next_index = next_index where id = 1")
          .execute()
          .await()
          .atMost(WAIT);
      List<Future<?>> calls = new ArrayList<>();
      for (int i = 0; i < appends; i++) {
        LoggedStatement statement = statement("g", i);
        calls.add(
            threads.submit(
                () -> answered.put(statement.id(), log.append(statement).orElseThrow())));
      }
      long deadline = System.nanoTime() + WAIT.toNanos();
      while (log.queuedAppends() < appends - 1 && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      assertThat(log.queuedAppends()).isEqualTo(appends - 1);
      held.rollback().await().atMost(WAIT);
      for (Future<?> call : calls) {
        call.get();
      }
    } finally {
      holder.close().await().atMost(WAIT);
      threads.shutdownNow();
    }
    // the first statement carried one append, the second every other
    assertThat(log.appendStatements()).isEqualTo(2);
    assertThat(Set.copyOf(answered.values()))
        .containsExactlyInAnyOrderElementsOf(
            java.util.stream.LongStream.range(0, appends).boxed().toList());
    for (Row row :
        pool.query("select statement_id, leaf_index from log_entry")
            .execute()
            .await()
            .atMost(WAIT)) {
      assertThat(answered.get(row.getString("statement_id"))).isEqualTo(row.getLong("leaf_index"));
    }
  }

  @Test
  void aRefusedStatementFailsEveryAppendItCarried() throws Exception {
    PgTransparencyLog log = new PgTransparencyLog(pool);
    ExecutorService threads = Executors.newFixedThreadPool(3);
    SqlConnection holder = pool.getConnection().await().atMost(WAIT);
    Transaction held = holder.begin().await().atMost(WAIT);
    pool.query("alter table log_entry add constraint no_f2 check (statement_id <> 'att_f2')")
        .execute()
        .await()
        .atMost(WAIT);
    try {
      holder
          .query("update log_sequence set next_index = next_index where id = 1")
          .execute()
          .await()
          .atMost(WAIT);
      Future<Long> first = threads.submit(() -> log.append(statement("f", 0)).orElseThrow());
      long deadline = System.nanoTime() + WAIT.toNanos();
      while (log.appendStatements() < 1 && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      // these two queue behind the first and go in one statement, which the table refuses
      Future<Long> second = threads.submit(() -> log.append(statement("f", 1)).orElseThrow());
      Future<Long> third = threads.submit(() -> log.append(statement("f", 2)).orElseThrow());
      while (log.queuedAppends() < 2 && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      held.rollback().await().atMost(WAIT);
      assertThat(first.get()).isZero();
      assertThatThrownBy(second::get).hasCauseInstanceOf(RuntimeException.class);
      assertThatThrownBy(third::get).hasCauseInstanceOf(RuntimeException.class);
    } finally {
      pool.query("alter table log_entry drop constraint no_f2").execute().await().atMost(WAIT);
      holder.close().await().atMost(WAIT);
      threads.shutdownNow();
    }
    assertThat(log.appendStatements()).isEqualTo(2);
    // their indexes were given back
    assertThat(log.append(statement("f", 3))).hasValue(1);
  }

  @Test
  void aStoreThatDoesNotCommitFailsAppendsWithinTheWaitThenAtOnceAndLogsNoGivenUpGroup()
      throws Exception {
    // the database lets the statement run (its statement timeout far above the wait)
    PgTransparencyLog log = new PgTransparencyLog(pool, Duration.ofMillis(1500), WAIT);
    ExecutorService threads = Executors.newFixedThreadPool(2);
    // another transaction holds the counter row: the store cannot commit an append meanwhile
    SqlConnection holder = pool.getConnection().await().atMost(WAIT);
    Transaction held = holder.begin().await().atMost(WAIT);
    try {
      holder
          .query("update log_sequence set next_index = next_index where id = 1")
          .execute()
          .await()
          .atMost(WAIT);
      Future<Long> first = threads.submit(() -> log.append(statement("s", 0)).orElseThrow());
      long deadline = System.nanoTime() + WAIT.toNanos();
      while (log.appendStatements() < 1 && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      // queued behind the statement in flight
      Future<Long> second = threads.submit(() -> log.append(statement("s", 1)).orElseThrow());
      while (log.queuedAppends() < 1 && !second.isDone() && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      assertThat(log.queuedAppends()).isOne();
      // each gives up after the wait
      assertThatThrownBy(first::get)
          .hasCauseInstanceOf(StatementLog.Unavailable.class)
          .hasMessageContaining("did not commit the append within 1500 ms");
      assertThatThrownBy(second::get)
          .hasCauseInstanceOf(StatementLog.Unavailable.class)
          .hasMessageContaining("did not commit the append within 1500 ms");
      // the statement in flight has been waited on for longer than the wait: a new append fails
      // at once instead of holding its thread
      assertThatThrownBy(() -> log.append(statement("s", 2)))
          .isInstanceOf(StatementLog.Unavailable.class)
          .hasMessageContaining("has not committed an append for");
      assertThat(log.appendStatements()).isOne();
      held.rollback().await().atMost(WAIT);
      while (log.statementInFlight() && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
    } finally {
      holder.close().await().atMost(WAIT);
      threads.shutdownNow();
    }
    assertThat(log.statementInFlight()).isFalse();
    // the statement in flight committed its entry once the row was free (a statement not issued
    // that the log holds: it over-approximates); the group given up before it was sent was dropped
    assertThat(log.appendStatements()).isOne();
    assertThat(log.append(statement("s", 3))).hasValue(1);
    Map<String, Long> rows = StoredLog.indexesById(pool);
    assertThat(rows).isEqualTo(Map.of("att_s0", 0L, "att_s3", 1L));
  }

  @Test
  void aSequencingStatementPastItsStatementTimeoutIsCancelledAndItsAppendFailsWithinTheWait()
      throws Exception {
    // the wait far above the statement timeout: only the database's cancel can end the append
    PgTransparencyLog log =
        new PgTransparencyLog(pool, Duration.ofSeconds(30), Duration.ofMillis(300));
    SqlConnection holder = pool.getConnection().await().atMost(WAIT);
    Transaction held = holder.begin().await().atMost(WAIT);
    try {
      holder
          .query("update log_sequence set next_index = next_index where id = 1")
          .execute()
          .await()
          .atMost(WAIT);
      long start = System.nanoTime();
      assertThatThrownBy(() -> log.append(statement("t", 0)))
          .isInstanceOf(StatementLog.Unavailable.class)
          .hasMessageContaining("cancelled")
          .hasMessageContaining("statement_timeout of 300 ms");
      long took = Duration.ofNanos(System.nanoTime() - start).toMillis();
      assertThat(took).isBetween(250L, 10_000L);
      // the cancelled statement is no longer in flight: the next append is sent, and cancelled too
      assertThat(log.statementInFlight()).isFalse();
      assertThatThrownBy(() -> log.append(statement("t", 1)))
          .isInstanceOf(StatementLog.Unavailable.class)
          .hasMessageContaining("cancelled");
      assertThat(log.appendStatements()).isEqualTo(2);
    } finally {
      held.rollback().await().atMost(WAIT);
      holder.close().await().atMost(WAIT);
    }
    // nothing of the cancelled statements was kept; their indexes were given back
    assertThat(log.append(statement("t", 2))).hasValue(0);
    assertThat(
            pool.query("select count(*) as n from log_entry")
                .execute()
                .await()
                .atMost(WAIT)
                .iterator()
                .next()
                .getLong("n"))
        .isOne();
  }

  @Test
  void aGroupAppendedTogetherGetsConsecutiveIndexesInItsOrderInOneStatement() {
    PgTransparencyLog log = new PgTransparencyLog(pool);
    assertThat(log.append(statement("b", 0))).hasValue(0);
    List<LoggedStatement> batch = List.of(statement("b", 3), statement("b", 1), statement("b", 2));
    assertThat(log.appendAll(batch)).hasValue(1);
    assertThat(log.appendStatements()).isEqualTo(2);
    Map<String, Long> rows = StoredLog.indexesById(pool);
    assertThat(rows).isEqualTo(Map.of("att_b0", 0L, "att_b3", 1L, "att_b1", 2L, "att_b2", 3L));
  }

  @Test
  void anAppendedEntryHasItsIndexAndIsPendingUntilABatchIntegratesIt() {
    PgTransparencyLog log = new PgTransparencyLog(pool);
    log.integrate(10, PgTransparencyLogTest::seal).await().atMost(WAIT);
    LoggedStatement statement = statement("p", 1);
    assertThat(log.append(statement)).hasValue(0);
    assertThat(log.append(statement("p", 2))).hasValue(1);
    LogQuery query = new LogQueryService(log, TestCheckpointKey.INSTANCE);
    assertThat(query.entry(statement.id()).await().atMost(WAIT))
        .isInstanceOfSatisfying(
            LogQuery.EntryAnswer.Pending.class,
            pending -> {
              assertThat(pending.index()).hasValue(0);
              assertThat(pending.statement().leafHash()).isEqualTo(statement.leafHash());
            });
    assertThat(query.checkpoint().await().atMost(WAIT))
        .hasValueSatisfying(note -> assertThat(note).startsWith("test/log\n0\n"));
    assertThat(log.integrate(10, PgTransparencyLogTest::seal).await().atMost(WAIT)).isEqualTo(2);
    assertThat(query.entry(statement.id()).await().atMost(WAIT))
        .isInstanceOfSatisfying(
            LogQuery.EntryAnswer.Included.class, included -> assertThat(included.index()).isZero());
  }

  @Test
  void aFailedAppendGivesItsIndexBackAndABatchNeverSealsOverAHole() {
    PgTransparencyLog log = new PgTransparencyLog(pool);
    assertThat(log.append(statement("h", 0))).hasValue(0);
    // the second statement of a group is refused by the table: the whole group is not appended
    pool.query("alter table log_entry add constraint no_h1 check (statement_id <> 'att_h1')")
        .execute()
        .await()
        .atMost(WAIT);
    try {
      assertThatThrownBy(() -> log.appendAll(List.of(statement("h", 2), statement("h", 1))))
          .isInstanceOf(RuntimeException.class);
    } finally {
      pool.query("alter table log_entry drop constraint no_h1").execute().await().atMost(WAIT);
    }
    assertThat(log.append(statement("h", 3))).hasValue(1);
    // a hole (which committed appends never leave) stops a batch before it
    pool.query(
            "update log_sequence set next_index = next_index + 1;"
                + " update log_entry set leaf_index = 3 where statement_id = 'att_h3'")
        .execute()
        .await()
        .atMost(WAIT);
    assertThat(log.integrate(10, PgTransparencyLogTest::seal).await().atMost(WAIT)).isEqualTo(1);
    assertThat(log.latest().await().atMost(WAIT))
        .hasValueSatisfying(c -> assertThat(c.size()).isOne());
  }
}
