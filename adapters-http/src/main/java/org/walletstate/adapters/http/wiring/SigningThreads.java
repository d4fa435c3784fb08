package org.walletstate.adapters.http.wiring;

import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.walletstate.adapters.http.timing.ServerTimings;

/**
 * Where signatures are made: one thread per core. Signing is pure CPU work, so more threads than
 * cores only interleave requests (each then takes longer) without signing more per second; the
 * event loops and the blocking worker pool stay free for I/O. Every feature that signs hands its
 * use case this pool. It carries the request's {@code Server-Timing} collector to each task, so the
 * signers' {@code sign} entries reach the answer.
 */
final class SigningThreads {

  static final Executor POOL =
      ServerTimings.carrying(
          Executors.newFixedThreadPool(
              Runtime.getRuntime().availableProcessors(),
              new ThreadFactory() {
                private final AtomicInteger count = new AtomicInteger();

                @Override
                public Thread newThread(Runnable task) {
                  Thread thread = new Thread(task, "signing-" + count.incrementAndGet());
                  thread.setDaemon(true);
                  return thread;
                }
              }));

  private SigningThreads() {}
}
