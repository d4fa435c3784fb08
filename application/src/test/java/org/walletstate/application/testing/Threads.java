package org.walletstate.application.testing;

import java.util.concurrent.TimeUnit;

/**
 * Whether a thread runs none of the project's code: a worker that handed a statement to a held
 * append and went back to its pool, rather than waiting for the append.
 */
public final class Threads {

  private Threads() {}

  /** Whether {@code thread} runs none of the project's code (back in its pool, or idle). */
  public static boolean free(Thread thread) {
    for (StackTraceElement frame : thread.getStackTrace()) {
      if (frame.getClassName().startsWith("org.walletstate")) {
        return false;
      }
    }
    return true;
  }

  /** Whether {@code thread} is {@link #free} within {@code seconds}, looking every 2 ms. */
  public static boolean freeWithin(Thread thread, long seconds) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (!free(thread) && System.nanoTime() < deadline) {
      Thread.sleep(2);
    }
    return free(thread);
  }
}
