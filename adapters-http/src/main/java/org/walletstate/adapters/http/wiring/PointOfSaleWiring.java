package org.walletstate.adapters.http.wiring;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.logging.Logger;
import org.walletstate.application.commerce.ScannerService;
import org.walletstate.application.commerce.port.in.ScannersUseCase;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.application.commerce.port.out.ScannerLockouts;
import org.walletstate.application.commerce.port.out.ScannerStore;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.crypto.Pbkdf2PinHasher;
import org.walletstate.domain.commerce.CompanyId;

/**
 * The in-store scanners: their use case, the pool their PINs are hashed on, and where a store-wide
 * lockout is reported.
 */
@ApplicationScoped
public class PointOfSaleWiring {

  private static final Logger LOG = Logger.getLogger(PointOfSaleWiring.class);

  /**
   * PIN hashing (PBKDF2, 210,000 iterations: tens of milliseconds of one core each): half the
   * cores, at least one, so logins never take every core from signing and the event loops; a
   * bounded queue, so a burst of logins waits briefly or is answered 503 instead of queueing
   * without end. The lockout already bounds how many PINs are evaluated per store.
   */
  static final int PIN_QUEUE = 64;

  private static final class PinThreads {
    static final ExecutorService POOL =
        pool(Math.max(1, Runtime.getRuntime().availableProcessors() / 2));

    private PinThreads() {}
  }

  static ExecutorService pool(int threads) {
    AtomicInteger count = new AtomicInteger();
    return new ThreadPoolExecutor(
        threads,
        threads,
        0,
        TimeUnit.MILLISECONDS,
        new ArrayBlockingQueue<>(PIN_QUEUE),
        task -> {
          Thread thread = new Thread(task, "pin-hash-" + count.incrementAndGet());
          thread.setDaemon(true);
          return thread;
        },
        new ThreadPoolExecutor.AbortPolicy());
  }

  @Produces
  @ApplicationScoped
  ScannersUseCase scanners(
      ScannerStore store,
      ScannerLockouts lockouts,
      MerchantStore merchants,
      Entropy entropy,
      Clock clock) {
    return new ScannerService(
        store,
        lockouts,
        merchants,
        new Pbkdf2PinHasher(),
        entropy,
        clock,
        PinThreads.POOL,
        PointOfSaleWiring::storeLocked);
  }

  /**
   * The owner sees the alert with the store's scanners ({@code lockoutAlertedAt}, from {@code
   * scanner_login.alerted_at}); the log tells the operator, naming the store only (no address, no
   * PIN).
   */
  private static void storeLocked(CompanyId merchant, Instant until) {
    LOG.warnf(
        "Scanner login of merchant %s locked until %s for unknown addresses: wrong PINs from many"
            + " addresses reached the store-wide ceiling",
        merchant.value(), until);
  }
}
