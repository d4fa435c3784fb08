package org.walletstate.application.attest.watch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.StatementLog;
import org.walletstate.application.testing.MemoryCreditLedger;
import org.walletstate.application.testing.MovableClock;
import org.walletstate.application.testing.RecordingSigner;
import org.walletstate.application.testing.Threads;

/**
 * A watch's changed statement handed to a log whose append is held: the run is not answered, no
 * thread of the CPU pool waits for the append, and the change is neither charged nor recorded until
 * the append is done; then it is charged and recorded once. An append that fails charges and
 * records nothing, and the next run finds the change again.
 */
class WatchHeldAppendTest {

  final OneWatchUnderThreshold watch = new OneWatchUnderThreshold(5);
  final MovableClock clock = watch.clock;
  final MemoryCreditLedger ledger = watch.ledger;
  final RecordingSigner signer = watch.signer;
  final PreparedWatchesTest.Claims claims = watch.claims;
  final List<Thread> pool = new ArrayList<>();
  final ExecutorService cpu =
      Executors.newFixedThreadPool(
          2,
          task -> {
            synchronized (pool) {
              Thread thread = new Thread(task, "cpu-" + pool.size());
              pool.add(thread);
              return thread;
            }
          });

  final EvaluateWatches evaluate = watch.evaluate(cpu);

  @AfterEach
  void stopPool() {
    cpu.shutdownNow();
  }

  /** Starts a timer run whose appends wait for {@code gate}, once its statement is handed over. */
  CompletableFuture<Integer> heldRun(CompletableFuture<Void> gate) throws InterruptedException {
    signer.appendsAfter(gate);
    CompletableFuture<Integer> run =
        evaluate.runOnce().subscribeAsCompletionStage().toCompletableFuture();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (signer.heldAppends() == 0 && System.nanoTime() < deadline) {
      Thread.sleep(2);
    }
    assertThat(signer.heldAppends()).as("the change's statement handed to the log").isEqualTo(1);
    return run;
  }

  @Test
  void aChange_isChargedAndRecordedOnlyOnceItsAppendIsDone_holdingNoThread() throws Exception {
    CompletableFuture<Void> gate = new CompletableFuture<>();
    CompletableFuture<Integer> run = heldRun(gate);

    // signed on the CPU pool and handed to the log: the pool's threads go back to it while the
    // append is held, and the run is not answered meanwhile
    Thread worker = signer.submitter();
    List<Thread> threads;
    synchronized (pool) {
      threads = List.copyOf(pool);
    }
    assertThat(worker).isNotNull().isNotSameAs(Thread.currentThread()).isIn(threads);
    assertThat(Threads.freeWithin(worker, 10))
        .as("the worker that signed waits for nothing")
        .isTrue();
    for (Thread thread : threads) {
      assertThat(Threads.freeWithin(thread, 10)).as("%s waits for nothing", thread).isTrue();
    }
    Thread.sleep(50);
    assertThat(run).isNotDone();
    assertThat(signer.attestations()).hasSize(1);
    assertThat(signer.appended()).isZero();
    assertThat(ledger.debits()).as("nothing charged while the append is held").isEmpty();
    assertThat(ledger.balanceOf(7)).isEqualTo(5);
    assertThat(claims.changes).as("nothing recorded or delivered").isEmpty();

    gate.complete(null);
    assertThat(run.get(10, TimeUnit.SECONDS)).isEqualTo(1);
    assertThat(signer.appended()).isEqualTo(1);
    assertThat(ledger.debits())
        .singleElement()
        .satisfies(d -> assertThat(d.idempotencyKey()).isEqualTo("watch:wch_a:1"));
    assertThat(ledger.charged()).isEqualTo(1);
    assertThat(ledger.balanceOf(7)).isEqualTo(4);
    assertThat(claims.changes)
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.seq()).isEqualTo(1);
              assertThat(c.pass()).isFalse();
            });
  }

  @Test
  void aFailedAppend_chargesAndRecordsNothing_andTheNextRunFindsTheChangeAgain() throws Exception {
    CompletableFuture<Void> gate = new CompletableFuture<>();
    CompletableFuture<Integer> run = heldRun(gate);
    Thread.sleep(50);
    assertThat(run).isNotDone();

    StatementLog.Unavailable down = new StatementLog.Unavailable("the log's store is down");
    signer.failingAppends(down);
    gate.complete(null);
    assertThatThrownBy(() -> run.get(10, TimeUnit.SECONDS)).hasRootCause(down);
    assertThat(signer.appended()).isZero();
    assertThat(ledger.debits()).as("nothing charged").isEmpty();
    assertThat(ledger.balanceOf(7)).isEqualTo(5);
    assertThat(claims.changes).as("nothing recorded or delivered").isEmpty();

    // the log is back: the watch, still due with its last verdict, changes again at the next run
    signer.failingAppends(null).appendsAfter(CompletableFuture.completedFuture(null));
    clock.advance(Duration.ofSeconds(2));
    assertThat(evaluate.runOnce().await().atMost(Duration.ofSeconds(10))).isEqualTo(1);
    assertThat(signer.attestations()).as("signed anew").hasSize(2);
    assertThat(signer.appended()).isEqualTo(1);
    assertThat(ledger.debits())
        .singleElement()
        .satisfies(d -> assertThat(d.idempotencyKey()).isEqualTo("watch:wch_a:1"));
    assertThat(ledger.balanceOf(7)).isEqualTo(4);
    assertThat(claims.changes).singleElement().satisfies(c -> assertThat(c.seq()).isEqualTo(1));
  }
}
