package org.walletstate.bench.load;

import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.pgclient.PgBuilder;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.PoolOptions;
import java.util.concurrent.atomic.AtomicLong;
import org.walletstate.adapters.persistence.PgTransparencyLog;
import org.walletstate.domain.tlog.LoggedStatement;

/**
 * The adapter's append for one entry, as one replica makes it: every client thread calls the same
 * {@link PgTransparencyLog} on one Vert.x pool, so concurrent appends share statements (group
 * commit) as the service's signing threads' do.
 */
final class LogAppends implements LoadRun.Operation, AutoCloseable {
  private final Vertx vertx = Vertx.vertx();
  private final Pool pool;
  private final PgTransparencyLog log;
  private final AtomicLong next = new AtomicLong();

  LogAppends(String url) {
    pool =
        PgBuilder.pool()
            .with(new PoolOptions().setMaxSize(4))
            .connectingTo(PgConnectOptions.fromUri(url).setUser("postgres").setPassword(""))
            .using(vertx)
            .build();
    log = new PgTransparencyLog(pool);
  }

  @Override
  public void run() {
    long n = next.getAndIncrement();
    byte[] hash = new byte[32];
    for (int b = 0; b < 8; b++) {
      hash[b] = (byte) (n >>> (8 * b));
    }
    hash[31] = 1; // never the hash of a statement the services signed
    log.append(new LoggedStatement("bench_" + n, "attestation", "service-attest-v2", hash))
        .orElseThrow();
  }

  /** The sequencing statements the appends so far went in. */
  long statements() {
    return log.appendStatements();
  }

  @Override
  public void close() {
    pool.closeAndAwait();
    vertx.closeAndAwait();
  }
}
