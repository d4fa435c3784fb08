package org.walletstate.adapters.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Transaction;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.StatementLog;
import org.walletstate.domain.tlog.LoggedStatement;
import org.walletstate.domain.tlog.TreeHashes;

/**
 * The sequencing statement commits without waiting for its flush, and its appends are answered only
 * after a flush barrier: the barriers here are made to wait on an advisory lock the test holds (or
 * to fail), so what is answered before and after the barrier can be seen.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class FlushBarrierTest {

  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final long LOCK = 0x666c7573L;

  /** A barrier that first waits for the test's advisory lock, then is the real one. */
  private static final String HELD_BARRIER =
      "select pg_advisory_xact_lock(" + LOCK + "), txid_current()";

  @Inject Pool pool;

  @BeforeEach
  void emptyLog() {
    pool.query("truncate log_entry, log_node, log_checkpoint").execute().await().atMost(WAIT);
    pool.query("update log_sequence set next_index = 0").execute().await().atMost(WAIT);
  }

  private static LoggedStatement statement(String id) {
    byte[] hash = TreeHashes.sha256(id.getBytes(StandardCharsets.UTF_8));
    return new LoggedStatement("att_" + id, "attestation", "ws-attest-v2", hash);
  }

  @Test
  void anAppendIsAnsweredOnlyAfterItsBarrier_andTheNextStatementDoesNotWaitForIt()
      throws Exception {
    GroupAppends appends = new GroupAppends(pool, WAIT, WAIT, new FlushBarrier(pool, HELD_BARRIER));
    SqlConnection holder = pool.getConnection().await().atMost(WAIT);
    Transaction held = holder.begin().await().atMost(WAIT);
    try {
      holder.query("select pg_advisory_xact_lock(" + LOCK + ")").execute().await().atMost(WAIT);
      CompletableFuture<Long> first = appends.submit(List.of(statement("b0")));
      awaitRows(1);
      // committed, visible to every session, and not answered: its barrier waits
      Thread.sleep(200);
      assertThat(first).isNotDone();
      // the counter row is free: the next statement commits while the first barrier waits
      CompletableFuture<Long> second = appends.submit(List.of(statement("b1"), statement("b2")));
      awaitRows(3);
      assertThat(appends.inFlight()).isFalse();
      assertThat(first).isNotDone();
      assertThat(second).isNotDone();
      held.rollback().await().atMost(WAIT);
      assertThat(first.get()).isZero();
      assertThat(second.get()).isOne();
    } finally {
      holder.close().await().atMost(WAIT);
    }
    assertThat(appends.statements()).isEqualTo(2);
  }

  @Test
  void aBarrierOutForTheStallTimeRefusesNewAppendsAtOnce() throws Exception {
    GroupAppends appends =
        new GroupAppends(pool, Duration.ofMillis(300), WAIT, new FlushBarrier(pool, HELD_BARRIER));
    SqlConnection holder = pool.getConnection().await().atMost(WAIT);
    Transaction held = holder.begin().await().atMost(WAIT);
    try {
      holder.query("select pg_advisory_xact_lock(" + LOCK + ")").execute().await().atMost(WAIT);
      CompletableFuture<Long> waiting = appends.bounded(List.of(statement("s0")));
      awaitRows(1);
      Thread.sleep(400);
      // the barrier has been out longer than the stall time: refused without a statement
      CompletableFuture<Long> refused = appends.submit(List.of(statement("s1")));
      assertThat(refused).isCompletedExceptionally();
      assertThatThrownBy(refused::get)
          .isInstanceOf(ExecutionException.class)
          .hasCauseInstanceOf(StatementLog.Unavailable.class);
      assertThatThrownBy(waiting::get).hasCauseInstanceOf(StatementLog.Unavailable.class);
      assertThat(appends.statements()).isOne();
    } finally {
      held.rollback().await().atMost(WAIT);
      holder.close().await().atMost(WAIT);
    }
  }

  @Test
  void aFailedBarrierFailsItsAppends_whoseIndexesStayTaken() throws Exception {
    GroupAppends appends =
        new GroupAppends(pool, WAIT, WAIT, new FlushBarrier(pool, "select 1 / 0"));
    CompletableFuture<Long> failed = appends.submit(List.of(statement("f0")));
    assertThatThrownBy(failed::get)
        .hasCauseInstanceOf(StatementLog.Unavailable.class)
        .hasMessageContaining("did not confirm the append flushed");
    // its entry committed: a statement signed and never answered, at index 0
    awaitRows(1);
    GroupAppends real = new GroupAppends(pool, WAIT, WAIT);
    assertThat(real.submit(List.of(statement("f1"))).get()).isOne();
  }

  private void awaitRows(long rows) throws InterruptedException {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (StoredLog.count(pool, "select count(*) from log_entry") < rows
        && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertThat(StoredLog.count(pool, "select count(*) from log_entry")).isEqualTo(rows);
  }
}
