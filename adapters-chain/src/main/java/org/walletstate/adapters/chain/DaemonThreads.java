package org.walletstate.adapters.chain;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Threads of the readers' own pools: daemon threads, so that a pool left open never keeps the
 * process alive, named after what they run so that a thread dump says whose they are.
 */
public final class DaemonThreads {

  private DaemonThreads() {}

  /** Daemon threads named {@code prefix} followed by a counter from 1 ({@code evm-payment-3}). */
  public static ThreadFactory named(String prefix) {
    AtomicInteger count = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, prefix + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
