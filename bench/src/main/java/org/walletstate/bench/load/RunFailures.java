package org.walletstate.bench.load;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Which operations of a load run failed, how many did, and the first failure's message. Workers
 * record into it; it is read once they have all been awaited.
 */
final class RunFailures {

  private final boolean[] failed;
  private final AtomicInteger count = new AtomicInteger();
  private final AtomicReference<String> first = new AtomicReference<>();

  RunFailures(int requests) {
    this.failed = new boolean[requests];
  }

  /** Operation {@code i} failed with {@code e}. */
  void record(int i, Exception e) {
    failed[i] = true;
    count.incrementAndGet();
    first.compareAndSet(null, String.valueOf(e.getMessage()));
  }

  int count() {
    return count.get();
  }

  /** The first failure's message; null when none failed. */
  String first() {
    return first.get();
  }

  /** The times in {@code nanos} of the operations that did not fail, sorted. */
  long[] succeeded(long[] nanos) {
    long[] ok = new long[nanos.length - count.get()];
    int k = 0;
    for (int i = 0; i < nanos.length; i++) {
      if (!failed[i]) {
        ok[k++] = nanos[i];
      }
    }
    Arrays.sort(ok);
    return ok;
  }
}
