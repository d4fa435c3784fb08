package org.walletstate.adapters.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.CreditLedger.Debit;
import org.walletstate.application.port.out.CreditLedger.DebitRequest;
import org.walletstate.application.tlog.LogQueryService;
import org.walletstate.application.tlog.port.in.LogQuery;
import org.walletstate.domain.tlog.LoggedStatement;

/**
 * Statements logged with a key's debit ({@link PgCreditLedger#debit} with statements): written in
 * the debit's own statement without an index when the credits are taken, not written when they are
 * short, written on their own when the debit is replayed; the log's batch then gives them indexes
 * after the appends already sequenced, and two replicas debiting, appending and integrating at once
 * keep one log whose every checkpoint is the RFC 9162 root of its entries.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class LoggedDebitsTest {

  private static final Duration WAIT = Duration.ofSeconds(60);

  @Inject Pool pool;

  @BeforeEach
  void emptyLog() {
    pool.query("truncate log_entry, log_node, log_checkpoint").execute().await().atMost(WAIT);
    pool.query("update log_sequence set next_index = 0").execute().await().atMost(WAIT);
  }

  private long account(long credits) {
    return TestAccounts.withCredits(pool, credits, 10_000).await().atMost(WAIT);
  }

  private static DebitRequest debit(
      long key, long credits, String id, List<LoggedStatement> statements) {
    return new DebitRequest(key, credits, "attest", id, id, Instant.now(), statements);
  }

  @Test
  void aDebitWritesItsStatementsUnsequencedOnlyWhenItTakesTheCredits() {
    PgCreditLedger ledger = new PgCreditLedger(pool);
    long key = account(3);
    List<LoggedStatement> paid =
        List.of(PgTransparencyLogTest.statement("d", 2), PgTransparencyLogTest.statement("d", 1));
    assertThat(ledger.debit(debit(key, 2, "r1", paid)).await().atMost(WAIT))
        .isInstanceOf(Debit.Applied.class);
    // the credits are short: the statement is not issued, so it is not logged
    assertThat(
            ledger
                .debit(debit(key, 5, "r2", List.of(PgTransparencyLogTest.statement("d", 3))))
                .await()
                .atMost(WAIT))
        .isEqualTo(new Debit.Insufficient(1, 5));
    // a replay of r1 (its statement rolls back on the idempotency key) still logs what it answers
    assertThat(
            ledger
                .debit(debit(key, 1, "r1", List.of(PgTransparencyLogTest.statement("d", 4))))
                .await()
                .atMost(WAIT))
        .isInstanceOf(Debit.Replayed.class);
    Map<String, Long> expected = new java.util.LinkedHashMap<>();
    expected.put("att_d2", null);
    expected.put("att_d1", null);
    expected.put("att_d4", null);
    assertThat(StoredLog.indexesById(pool)).containsExactlyEntriesOf(expected);
    TestAccounts.Books books = TestAccounts.books(pool, key).await().atMost(WAIT);
    assertThat(books.balance()).isOne().isEqualTo(books.ledgerSum());
  }

  @Test
  void theBatchSequencesEntriesWrittenWithDebitsAfterTheAppendsBeforeThem() {
    PgTransparencyLog log = new PgTransparencyLog(pool);
    PgCreditLedger ledger = new PgCreditLedger(pool);
    long key = account(10);
    LogQuery query = new LogQueryService(log, TestCheckpointKey.INSTANCE);
    assertThat(log.append(PgTransparencyLogTest.statement("s", 0))).hasValue(0);
    LoggedStatement withDebit = PgTransparencyLogTest.statement("s", 1);
    ledger
        .debit(debit(key, 1, "s1", List.of(withDebit, PgTransparencyLogTest.statement("s", 2))))
        .await()
        .atMost(WAIT);
    assertThat(log.append(PgTransparencyLogTest.statement("s", 3))).hasValue(1);
    // found at once by its id, pending and without an index until a batch sequences it
    assertThat(query.entry(withDebit.id()).await().atMost(WAIT))
        .isInstanceOfSatisfying(
            LogQuery.EntryAnswer.Pending.class,
            pending -> {
              assertThat(pending.index()).isEmpty();
              assertThat(pending.statement().leafHash()).isEqualTo(withDebit.leafHash());
            });
    assertThat(log.integrate(10, PgTransparencyLogTest::seal).await().atMost(WAIT)).isEqualTo(4);
    assertThat(StoredLog.indexesById(pool)).containsEntry("att_s0", 0L).containsEntry("att_s3", 1L);
    assertThat(StoredLog.indexesById(pool)).containsEntry("att_s1", 2L).containsEntry("att_s2", 3L);
    assertThat(query.entry(withDebit.id()).await().atMost(WAIT))
        .isInstanceOfSatisfying(
            LogQuery.EntryAnswer.Included.class,
            included -> {
              assertThat(included.index()).isEqualTo(2);
              assertThat(included.treeSize()).isEqualTo(4);
            });
    // nothing pending: a batch sequences nothing and seals nothing new
    assertThat(log.integrate(10, PgTransparencyLogTest::seal).await().atMost(WAIT)).isZero();
    assertThat(StoredLog.count(pool, "select next_index from log_sequence")).isEqualTo(4);
  }

  @Test
  void aBatchSequencesAtMostItsLimitInTheOrderTheEntriesWereWritten() {
    PgTransparencyLog log = new PgTransparencyLog(pool);
    PgCreditLedger ledger = new PgCreditLedger(pool);
    long key = account(10);
    for (int i = 0; i < 5; i++) {
      ledger
          .debit(debit(key, 1, "o" + i, List.of(PgTransparencyLogTest.statement("o", i))))
          .await()
          .atMost(WAIT);
    }
    assertThat(log.integrate(3, PgTransparencyLogTest::seal).await().atMost(WAIT)).isEqualTo(3);
    assertThat(log.integrate(3, PgTransparencyLogTest::seal).await().atMost(WAIT)).isEqualTo(2);
    Map<String, Long> rows = StoredLog.indexesById(pool);
    for (int i = 0; i < 5; i++) {
      assertThat(rows).containsEntry("att_o" + i, (long) i);
    }
  }

  @Test
  void twoReplicasDebitingAppendingAndIntegratingAtOnceKeepOneConsistentLog() throws Exception {
    int perReplica = 120;
    long key = account(10_000);
    List<PgTransparencyLog> logs =
        List.of(new PgTransparencyLog(pool), new PgTransparencyLog(pool));
    List<PgCreditLedger> ledgers = List.of(new PgCreditLedger(pool), new PgCreditLedger(pool));
    ExecutorService threads = Executors.newFixedThreadPool(6);
    AtomicBoolean writing = new AtomicBoolean(true);
    try {
      List<Future<?>> writers = new ArrayList<>();
      for (int r = 0; r < 2; r++) {
        String replica = "r" + r;
        PgTransparencyLog log = logs.get(r);
        PgCreditLedger ledger = ledgers.get(r);
        writers.add(
            threads.submit(
                () -> {
                  for (int i = 0; i < perReplica; i++) {
                    log.append(PgTransparencyLogTest.statement(replica + "a", i));
                  }
                }));
        writers.add(
            threads.submit(
                () -> {
                  List<Uni<Debit>> debits = new ArrayList<>();
                  for (int i = 0; i < perReplica; i++) {
                    debits.add(
                        ledger.debit(
                            debit(
                                key,
                                1,
                                replica + "d" + i,
                                List.of(PgTransparencyLogTest.statement(replica + "d", i)))));
                  }
                  Uni.join().all(debits).usingConcurrencyOf(8).andFailFast().await().atMost(WAIT);
                }));
      }
      List<Future<?>> integrators = new ArrayList<>();
      for (PgTransparencyLog log : logs) {
        integrators.add(
            threads.submit(
                () -> {
                  while (true) {
                    boolean more = writing.get();
                    int done = log.integrate(23, PgTransparencyLogTest::seal).await().atMost(WAIT);
                    if (!more && done == 0 && StoredLog.unintegrated(pool) == 0) {
                      return null;
                    }
                  }
                }));
      }
      for (Future<?> writer : writers) {
        writer.get();
      }
      writing.set(false);
      for (Future<?> integrator : integrators) {
        integrator.get();
      }
    } finally {
      threads.shutdownNow();
    }

    int total = 4 * perReplica;
    Set<String> ids = new HashSet<>();
    List<byte[]> leaves = StoredLog.denseLeaves(pool, (id, index) -> ids.add(id));
    assertThat(leaves).hasSize(total);
    assertThat(ids).hasSize(total);
    StoredLog.checkpointsAgreeWith(pool, StoredLog.MemoryTree.of(leaves));
    assertThat(logs.get(0).latest().await().atMost(WAIT))
        .hasValueSatisfying(c -> assertThat(c.size()).isEqualTo(total));
    TestAccounts.Books books = TestAccounts.books(pool, key).await().atMost(WAIT);
    assertThat(books.balance()).isEqualTo(10_000 - 2 * perReplica).isEqualTo(books.ledgerSum());
  }
}
