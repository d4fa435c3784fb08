package org.walletstate.adapters.http.testbed;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Duration;

/** The {@code payment} table as the purchase tests read it: by transaction hash. */
public final class PaymentRows {

  private static final Duration WAIT = Duration.ofSeconds(10);

  private PaymentRows() {}

  /** How many payments name {@code tx} (the hash credits once: 0 or 1). */
  public static long count(Pool pool, String tx) {
    return pool.preparedQuery("select count(*) as n from payment where tx_hash = $1")
        .execute(Tuple.of(tx))
        .await()
        .atMost(WAIT)
        .iterator()
        .next()
        .getLong("n");
  }

  /** The payment of {@code tx}, which must be there. */
  public static Row of(Pool pool, String tx) {
    return pool.preparedQuery("select * from payment where tx_hash = $1")
        .execute(Tuple.of(tx))
        .await()
        .atMost(WAIT)
        .iterator()
        .next();
  }
}
