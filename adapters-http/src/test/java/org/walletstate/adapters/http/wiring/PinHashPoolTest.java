package org.walletstate.adapters.http.wiring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.walletstate.crypto.Pbkdf2PinHasher;
import org.walletstate.domain.commerce.ScannerPin;

/**
 * The pool scanner PINs are hashed on ({@link PointOfSaleWiring}): threads of its own, never the
 * signing threads or an event loop, and a bounded queue, so a flood of PIN logins is refused (the
 * login answers 503) instead of queueing without end or taking other work's threads.
 */
class PinHashPoolTest {

  @Test
  void aPinIsHashedOnThePinPoolsOwnThreads() throws Exception {
    ExecutorService pool = PointOfSaleWiring.pool(1);
    try {
      String caller = Thread.currentThread().getName();
      String[] ran = new String[1];
      String hash =
          CompletableFuture.supplyAsync(
                  () -> {
                    ran[0] = Thread.currentThread().getName();
                    return new Pbkdf2PinHasher()
                        .hash(ScannerPin.parse("482913", "pin"), new byte[16]);
                  },
                  pool)
              .get(60, TimeUnit.SECONDS);
      assertThat(hash).isNotBlank();
      assertThat(ran[0]).startsWith("pin-hash-").isNotEqualTo(caller);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void pastItsQueue_theNextPinIsRefused_notQueuedWithoutEnd() throws Exception {
    ExecutorService pool = PointOfSaleWiring.pool(1);
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch started = new CountDownLatch(1);
    try {
      pool.execute(
          () -> {
            started.countDown();
            awaitQuietly(release);
          });
      assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
      for (int i = 0; i < PointOfSaleWiring.PIN_QUEUE; i++) {
        pool.execute(() -> {});
      }
      assertThatThrownBy(() -> pool.execute(() -> {}))
          .isInstanceOf(RejectedExecutionException.class);
    } finally {
      release.countDown();
      pool.shutdownNow();
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await(60, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
