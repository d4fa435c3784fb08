package org.walletstate.bench.load;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * How many paid calls are in flight, sampled every 100 ms while a run lasts: the most and the mean.
 * For the service, its open payments (rows {@code claimed}, not yet settled: checked, worked on or
 * settling); for the floor, its settlements sent and not yet seen mined.
 */
final class InFlight implements AutoCloseable {

  private final Callable<Long> count;
  private final AtomicBoolean sampling = new AtomicBoolean(true);
  private final List<Long> samples = new ArrayList<>();
  private final Thread thread;
  private volatile Exception failure;

  private InFlight(Callable<Long> count) {
    this.count = count;
    this.thread = new Thread(this::sample, "in-flight-sampler");
    thread.setDaemon(true);
    thread.start();
  }

  /** Samples {@code count} until closed. */
  static InFlight sampling(Callable<Long> count) {
    return new InFlight(count);
  }

  /** The service's open payments in its database. */
  static Callable<Long> openPayments(Connection db) {
    return () -> {
      try (Statement q = db.createStatement();
          ResultSet rows =
              q.executeQuery("select count(*) from x402_payment where state = 'claimed'")) {
        rows.next();
        return rows.getLong(1);
      }
    };
  }

  static Connection connect(String jdbcUrl) throws SQLException {
    return DriverManager.getConnection(jdbcUrl, "postgres", "");
  }

  private void sample() {
    while (sampling.get()) {
      try {
        long n = count.call();
        synchronized (samples) {
          samples.add(n);
        }
        Thread.sleep(100);
      } catch (InterruptedException e) {
        return;
      } catch (Exception e) {
        failure = e;
        return;
      }
    }
  }

  /** "most / mean" of the samples. */
  String summary() {
    synchronized (samples) {
      long max = samples.stream().mapToLong(Long::longValue).max().orElse(0);
      double mean = samples.stream().mapToLong(Long::longValue).average().orElse(0);
      return String.format(Locale.ROOT, "%d / %.1f", max, mean);
    }
  }

  @Override
  public void close() {
    sampling.set(false);
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (failure != null) {
      throw new IllegalStateException("sampling the calls in flight failed", failure);
    }
  }
}
