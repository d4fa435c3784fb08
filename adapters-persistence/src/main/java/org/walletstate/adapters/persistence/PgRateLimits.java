package org.walletstate.adapters.persistence;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowIterator;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;
import org.walletstate.application.port.out.RateLimits;

/**
 * {@link RateLimits} in PostgreSQL, so every replica counts against the same windows: one
 * conditional upsert per request (created at 1, incremented while below the limit). Every {@value
 * #SWEEP_EVERY}th request also deletes windows that ended over a day ago.
 */
public class PgRateLimits implements RateLimits {

  static final int SWEEP_EVERY = 1000;
  private static final Duration KEEP = Duration.ofDays(1);

  private static final String TAKE =
      "insert into rate_limit_window (policy, client, window_start, used) values ($1, $2, $3, 1)"
          + " on conflict (policy, client, window_start) do update"
          + " set used = rate_limit_window.used + 1 where rate_limit_window.used < $4"
          + " returning used";

  private static final String SWEEP = "delete from rate_limit_window where window_start < $1";

  private final Pool pool;
  private final AtomicLong calls = new AtomicLong();

  public PgRateLimits(Pool pool) {
    this.pool = pool;
  }

  @Override
  public Uni<Decision> take(String policy, String client, int limit, Duration window, Instant now) {
    if (limit < 1) {
      return Uni.createFrom().item(new Decision.Limited(RateLimits.secondsLeft(window, now)));
    }
    OffsetDateTime start =
        OffsetDateTime.ofInstant(
            Instant.ofEpochSecond(RateLimits.windowStart(window, now)), ZoneOffset.UTC);
    Uni<Decision> decision =
        pool.preparedQuery(TAKE)
            .execute(Tuple.of(policy, client, start, limit))
            .map(
                rows -> {
                  RowIterator<Row> it = rows.iterator();
                  return it.hasNext()
                      ? (Decision) new Decision.Allowed(limit - it.next().getInteger("used"))
                      : new Decision.Limited(RateLimits.secondsLeft(window, now));
                });
    if (calls.incrementAndGet() % SWEEP_EVERY != 0) {
      return decision;
    }
    OffsetDateTime before = OffsetDateTime.ofInstant(now.minus(window).minus(KEEP), ZoneOffset.UTC);
    return decision.call(
        () -> pool.preparedQuery(SWEEP).execute(Tuple.of(before)).replaceWithVoid());
  }
}
