package org.walletstate.adapters.persistence;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowIterator;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.LocalDate;
import org.walletstate.application.port.out.UsageCounter;

/**
 * {@link UsageCounter} as one conditional upsert: the row is created at 1 or incremented while
 * below the limit, so concurrent requests can never count past it.
 */
@ApplicationScoped
public class PgUsageCounter implements UsageCounter {

  private static final String COUNT_ONE =
      "insert into key_daily_usage (api_key_id, day, used) values ($1, $2, 1)"
          + " on conflict (api_key_id, day) do update set used = key_daily_usage.used + 1"
          + " where key_daily_usage.used < $3"
          + " returning used";

  private final Pool pool;

  @Inject
  public PgUsageCounter(Pool pool) {
    this.pool = pool;
  }

  @Override
  public Uni<Count> countOne(long keyId, LocalDate day, int limit) {
    return pool.preparedQuery(COUNT_ONE)
        .execute(Tuple.of(keyId, day, limit))
        .map(
            rows -> {
              RowIterator<Row> it = rows.iterator();
              return it.hasNext()
                  ? new Count.Counted(it.next().getInteger("used"))
                  : new Count.LimitReached();
            });
  }
}
