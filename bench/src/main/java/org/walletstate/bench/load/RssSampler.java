package org.walletstate.bench.load;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/** The service's largest resident set while it runs, sampled every 100 ms. */
final class RssSampler {
  private final ServiceProcess service;
  private final AtomicBoolean running = new AtomicBoolean(true);
  private final AtomicLong peak = new AtomicLong();
  private final Thread thread;

  RssSampler(ServiceProcess service) {
    this.service = service;
    this.thread = new Thread(this::sample, "rss-sampler");
    thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  private void sample() {
    while (running.get()) {
      peak.accumulateAndGet(service.rssKib(), Math::max);
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  long stop() throws InterruptedException {
    running.set(false);
    thread.join();
    return peak.get();
  }
}
