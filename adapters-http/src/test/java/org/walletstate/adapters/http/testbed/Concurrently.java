package org.walletstate.adapters.http.testbed;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** The same call made {@code n} times at once, for replay and race tests. */
public final class Concurrently {

  private Concurrently() {}

  /** Runs {@code call} on {@code n} threads at once; its results in submission order. */
  public static <T> List<T> run(int n, Callable<T> call) throws Exception {
    ExecutorService threads = Executors.newFixedThreadPool(n);
    try {
      List<Future<T>> futures = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        futures.add(threads.submit(call));
      }
      List<T> out = new ArrayList<>();
      for (Future<T> f : futures) {
        out.add(f.get());
      }
      return out;
    } finally {
      threads.shutdownNow();
    }
  }
}
