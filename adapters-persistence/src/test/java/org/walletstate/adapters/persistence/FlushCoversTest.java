package org.walletstate.adapters.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.subscription.Cancellable;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Transaction;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.CreditLedger.Debit;
import org.walletstate.application.port.out.CreditLedger.DebitRequest;
import org.walletstate.domain.tlog.LoggedStatement;
import org.walletstate.domain.tlog.TreeHashes;

/**
 * A debit sent after a log statement committed makes it durable: the statement's appends are then
 * answered without a flush barrier. The barriers here wait on an advisory lock the test holds, so
 * an append answered while it is held was answered by the debit's flush; the sequencing statement
 * is held on the counter row, so the debit is seen waiting for it.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class FlushCoversTest {

  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final long LOCK = 0x636f7672L;
  private static final String HELD_BARRIER =
      "select pg_advisory_xact_lock(" + LOCK + "), txid_current()";

  @Inject Pool pool;

  private final List<Duration> waited = new CopyOnWriteArrayList<>();
  private FlushCovers covers;
  private GroupAppends appends;
  private PgCreditLedger ledger;

  @BeforeEach
  void emptyLog() {
    pool.query("truncate log_entry, log_node, log_checkpoint").execute().await().atMost(WAIT);
    pool.query("update log_sequence set next_index = 0").execute().await().atMost(WAIT);
    composed(WAIT);
  }

  /** The log's appends and the ledger sharing covers whose debits wait at most {@code wait}. */
  private void composed(Duration wait) {
    waited.clear();
    covers = new FlushCovers(pool, HELD_BARRIER, wait, (context, time) -> waited.add(time));
    appends = new GroupAppends(pool, WAIT, WAIT, covers);
    ledger = new PgCreditLedger(pool, covers);
  }

  @Test
  void aDebitSentAfterTheStatementCommittedAnswersItsAppend_withoutABarrier() throws Exception {
    long key = account(10);
    Held barrier = Held.advisoryLock(pool);
    Held counter = Held.counterRow(pool);
    try {
      CompletableFuture<Long> append = appends.submit(List.of(statement("c0")));
      CompletableFuture<Long> another = appends.submit(List.of(statement("c1")));
      CompletableFuture<Debit> debit = debit(key, "c1");
      // the debit waits for the appends' statements, the first of which waits for the counter row
      Thread.sleep(200);
      assertThat(debit).isNotDone();
      assertThat(balance(key)).isEqualTo(10);
      counter.release();
      assertThat(debit.get(30, TimeUnit.SECONDS)).isInstanceOf(Debit.Applied.class);
      // answered while every barrier is held: the debit's flush made the entries durable
      assertThat(append.get(30, TimeUnit.SECONDS)).isZero();
      assertThat(another.get(30, TimeUnit.SECONDS)).isOne();
      assertThat(covers.stalledNanos()).isZero();
      // what the debit waited for the append is told, as the log's cost to the call
      assertThat(waited)
          .singleElement()
          .satisfies(time -> assertThat(time.toMillis()).isGreaterThanOrEqualTo(200));
    } finally {
      counter.release();
      barrier.release();
    }
  }

  @Test
  void aDebitThatTakesNothingLeavesItsAppendToABarrier() throws Exception {
    long key = account(3);
    answeredOnlyByABarrier(
        "n",
        (counter, append) -> {
          CompletableFuture<Debit> debit =
              ledger
                  .debit(new DebitRequest(key, 5, "attest", "ATST-n0", "n0", Instant.now()))
                  .subscribeAsCompletionStage();
          Thread.sleep(50);
          counter.release();
          // nothing was committed by the debit, so nothing flushed for the append
          assertThat(debit.get(30, TimeUnit.SECONDS)).isEqualTo(new Debit.Insufficient(3, 5));
        });
  }

  @Test
  void aDebitWaitsForAStuckStatementOnlyForItsWait_andTheAppendGetsABarrier() throws Exception {
    composed(Duration.ofMillis(200));
    long key = account(10);
    answeredOnlyByABarrier(
        "w",
        (counter, append) -> {
          // applied while the statement is still held: the debit went after its wait, so the
          // statement commits after the debit was sent
          assertThat(debit(key, "w0").get(30, TimeUnit.SECONDS)).isInstanceOf(Debit.Applied.class);
          assertThat(append).isNotDone();
        });
  }

  @Test
  void replayedDebitsFloodingBesideAppends_holdNoAppend_andPaidDebitsCoverTheirs()
      throws Exception {
    long key = account(1_000);
    ledger.debit(request(key, "replayed")).await().atMost(WAIT);
    List<CompletableFuture<Long>> logged = new ArrayList<>();
    List<CompletableFuture<Debit>> debits = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      logged.add(appends.bounded(List.of(statement("f" + i))));
      // every other debit replays one request id: it writes nothing, so it covers nothing
      debits.add(debit(key, i % 2 == 0 ? "replayed" : "paid-" + i));
    }
    // barriers are free here: every append is answered, none gave up waiting for a debit
    for (CompletableFuture<Long> append : logged) {
      assertThat(append.get(30, TimeUnit.SECONDS)).isBetween(0L, 199L);
    }
    assertThat(logged.stream().map(CompletableFuture::join).distinct()).hasSize(200);
    assertThat(
            debits.stream().map(CompletableFuture::join).filter(Debit.Replayed.class::isInstance))
        .hasSize(100);
    assertThat(balance(key)).isEqualTo(1_000 - 1 - 100);
  }

  /** What a test does while two appends wait for the counter row it holds. */
  private interface WhileHeld {
    void run(Held counter, CompletableFuture<Long> append) throws Exception;
  }

  /**
   * Two appends made while the counter row is held, then {@code scenario}: once the row is free,
   * the first append is answered only when the (held) barrier goes, at index 0.
   */
  private void answeredOnlyByABarrier(String id, WhileHeld scenario) throws Exception {
    CompletableFuture<Long> append;
    Held barrier = Held.advisoryLock(pool);
    try {
      append = whileCounterHeld(id, 2, scenario);
      awaitBarrierOut();
      assertThat(append).isNotDone();
    } finally {
      barrier.release();
    }
    assertThat(append.get(30, TimeUnit.SECONDS)).isZero();
  }

  @Test
  void aDebitCancelledWhileWaitingDoesNotHoldTheAppend() throws Exception {
    long key = account(10);
    CompletableFuture<Long> append =
        whileCounterHeld(
            "x",
            2,
            (counter, first) -> {
              Cancellable waiting =
                  ledger.debit(request(key, "x0")).subscribe().with(debit -> {}, failure -> {});
              waiting.cancel();
            });
    // with no debit left to be sent, the committed statement gets its barrier (not held here)
    assertThat(append.get(30, TimeUnit.SECONDS)).isZero();
    assertThat(balance(key)).isEqualTo(10);
  }

  @Test
  void aDebitAloneWithItsOwnAppendGoesAtOnce_andTheAppendGetsItsBarrier() throws Exception {
    long key = account(10);
    CompletableFuture<Long> append =
        whileCounterHeld(
            "a",
            1,
            (counter, first) -> {
              // nothing else in flight: applied while the append's statement is still held
              assertThat(debit(key, "a0").get(30, TimeUnit.SECONDS))
                  .isInstanceOf(Debit.Applied.class);
              assertThat(waited).isEmpty();
            });
    assertThat(append.get(30, TimeUnit.SECONDS)).isZero();
  }

  /**
   * {@code groups} appends (ids {@code id0}, {@code id1}, ...) made while the counter row is held,
   * then {@code scenario}, then the row released.
   *
   * @return the first append
   */
  private CompletableFuture<Long> whileCounterHeld(String id, int groups, WhileHeld scenario)
      throws Exception {
    Held counter = Held.counterRow(pool);
    try {
      CompletableFuture<Long> first = appends.submit(List.of(statement(id + "0")));
      for (int i = 1; i < groups; i++) {
        appends.submit(List.of(statement(id + i)));
      }
      scenario.run(counter, first);
      return first;
    } finally {
      counter.release();
    }
  }

  private void awaitBarrierOut() throws InterruptedException {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (covers.stalledNanos() == 0 && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertThat(covers.stalledNanos()).isPositive();
  }

  private CompletableFuture<Debit> debit(long key, String id) {
    return ledger.debit(request(key, id)).subscribeAsCompletionStage();
  }

  private static DebitRequest request(long key, String id) {
    return new DebitRequest(key, 1, "attest", "ATST-" + id, id, Instant.now());
  }

  private long account(long credits) {
    return TestAccounts.withCredits(pool, credits, 10_000).await().atMost(WAIT);
  }

  private long balance(long key) {
    return TestAccounts.books(pool, key).await().atMost(WAIT).balance();
  }

  private static LoggedStatement statement(String id) {
    byte[] hash = TreeHashes.sha256(id.getBytes(StandardCharsets.UTF_8));
    return new LoggedStatement("att_" + id, "attestation", "ws-attest-v2", hash);
  }

  /** A lock the test holds in a transaction of its own until released or closed. */
  private static final class Held {
    private final SqlConnection connection;
    private final Transaction transaction;
    private boolean released;

    private Held(SqlConnection connection, Transaction transaction) {
      this.connection = connection;
      this.transaction = transaction;
    }

    /** Holds the advisory lock every barrier of these tests waits for. */
    static Held advisoryLock(Pool pool) {
      return holding(pool, "select pg_advisory_xact_lock(" + LOCK + ")");
    }

    /** Holds the log's counter row, so a sequencing statement waits. */
    static Held counterRow(Pool pool) {
      return holding(pool, "select next_index from log_sequence where id = 1 for update");
    }

    private static Held holding(Pool pool, String sql) {
      SqlConnection connection = pool.getConnection().await().atMost(WAIT);
      Transaction transaction = connection.begin().await().atMost(WAIT);
      connection.query(sql).execute().await().atMost(WAIT);
      return new Held(connection, transaction);
    }

    void release() {
      if (!released) {
        released = true;
        transaction.rollback().await().atMost(WAIT);
        connection.close().await().atMost(WAIT);
      }
    }
  }
}
