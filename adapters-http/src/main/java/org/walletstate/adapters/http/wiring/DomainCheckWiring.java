package org.walletstate.adapters.http.wiring;

import io.vertx.mutiny.core.Vertx;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.time.Clock;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.walletstate.adapters.http.domaincheck.DomainCheckConfig;
import org.walletstate.adapters.http.domaincheck.VertxDomainProbe;
import org.walletstate.application.commerce.DomainVerificationService;
import org.walletstate.application.commerce.port.in.DomainVerificationUseCase;
import org.walletstate.application.commerce.port.out.DomainProbe;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.application.port.out.Entropy;

/**
 * Domain verification: the probe, and the pool its fetched pages are parsed on. Parsing a page is
 * CPU work sized by whoever serves the page, so it runs on a pool of its own ({@code
 * parse-threads}, default one thread) with a bounded queue ({@code parse-queue}): the event loops
 * never parse, the signing pool is never shared, and a flood of checks waits or is turned away
 * rather than queueing without end.
 */
@ApplicationScoped
public class DomainCheckWiring {

  private ThreadPoolExecutor parsing;

  @Produces
  @ApplicationScoped
  DomainProbe domainProbe(Vertx vertx, DomainCheckConfig config) {
    return new VertxDomainProbe(vertx, config, parsingPool(config));
  }

  @Produces
  @ApplicationScoped
  DomainVerificationUseCase domainVerification(
      MerchantStore store, DomainProbe probe, Entropy entropy, Clock clock) {
    return new DomainVerificationService(store, probe, entropy, clock);
  }

  private synchronized ThreadPoolExecutor parsingPool(DomainCheckConfig config) {
    if (parsing == null) {
      int threads = Math.max(1, config.parseThreads());
      AtomicInteger count = new AtomicInteger();
      parsing =
          new ThreadPoolExecutor(
              threads,
              threads,
              0,
              TimeUnit.SECONDS,
              new ArrayBlockingQueue<>(Math.max(1, config.parseQueue())),
              task -> {
                Thread thread = new Thread(task, "page-parsing-" + count.incrementAndGet());
                thread.setDaemon(true);
                return thread;
              },
              new ThreadPoolExecutor.AbortPolicy());
    }
    return parsing;
  }

  @PreDestroy
  synchronized void close() {
    if (parsing != null) {
      parsing.shutdownNow();
    }
  }
}
