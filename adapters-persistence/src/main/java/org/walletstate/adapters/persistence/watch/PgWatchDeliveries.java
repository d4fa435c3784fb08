package org.walletstate.adapters.persistence.watch;

import static org.walletstate.adapters.persistence.SqlRows.utc;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.walletstate.adapters.persistence.SqlRows;
import org.walletstate.application.attest.watch.port.in.WatchDelivery;
import org.walletstate.application.attest.watch.port.out.WatchDeliveries;

/**
 * {@link WatchDeliveries} in PostgreSQL ({@code watch_delivery}, the outbox). A claim takes only a
 * watch's earliest pending delivery, locks it with {@code FOR UPDATE SKIP LOCKED} and moves its
 * {@code next_attempt_at} past the lease, so replicas never attempt one delivery at once and a
 * watch's changes go out in order.
 */
public class PgWatchDeliveries implements WatchDeliveries {

  private static final String CLAIM =
      "with next as (select d.id from watch_delivery d where d.status = 'pending'"
          + " and d.next_attempt_at <= $1 and not exists (select 1 from watch_delivery e"
          + " where e.watch_id = d.watch_id and e.status = 'pending' and e.seq < d.seq)"
          + " order by d.next_attempt_at limit $3 for update of d skip locked)"
          + " update watch_delivery d set next_attempt_at = $2 from next, watch w"
          + " where d.id = next.id and w.id = d.watch_id"
          + " returning d.id, d.watch_id, d.seq, d.body, d.attempts, d.created_at,"
          + " w.webhook_url, w.webhook_secret";

  private static final String DELIVERED =
      "update watch_delivery set status = 'delivered', attempts = attempts + 1,"
          + " last_attempt_at = $2, last_outcome = $3, delivered_at = $2 where id = $1";

  private static final String FAILED =
      "update watch_delivery set status = $4, attempts = attempts + 1, last_attempt_at = $2,"
          + " last_outcome = $3, next_attempt_at = coalesce($5, next_attempt_at) where id = $1";

  private static final String HISTORY =
      "select d.id, d.seq, d.attestation_id, d.status, d.attempts, d.created_at,"
          + " d.last_attempt_at, d.last_outcome, d.delivered_at from watch_delivery d"
          + " join watch w on w.id = d.watch_id where w.key_id = $1 and d.watch_id = $2"
          + " order by d.seq desc limit $3";

  // Built from its pool alone, like the other Pg stores, by design: each runs only its own
  // statements on it.
  private final Pool pool;

  public PgWatchDeliveries(Pool pool) {
    this.pool = pool;
  }

  @Override
  public Uni<List<Pending>> claim(Instant now, Duration lease, int limit) {
    return pool.preparedQuery(CLAIM)
        .execute(Tuple.of(utc(now), utc(now.plus(lease)), limit))
        .map(
            rows -> {
              List<Pending> due = new ArrayList<>();
              rows.forEach(
                  r ->
                      due.add(
                          new Pending(
                              r.getString("id"),
                              r.getString("watch_id"),
                              r.getInteger("seq"),
                              URI.create(r.getString("webhook_url")),
                              r.getString("webhook_secret"),
                              r.getString("body"),
                              r.getInteger("attempts"),
                              r.getOffsetDateTime("created_at").toInstant())));
              return due;
            });
  }

  @Override
  public Uni<Void> delivered(String id, String outcome, Instant at) {
    return pool.preparedQuery(DELIVERED).execute(Tuple.of(id, utc(at), outcome)).replaceWithVoid();
  }

  @Override
  public Uni<Void> failed(String id, String outcome, Instant at, Optional<Instant> retryAt) {
    return pool.preparedQuery(FAILED)
        .execute(
            Tuple.of(
                id,
                utc(at),
                outcome,
                retryAt.isPresent() ? "pending" : "abandoned",
                retryAt.map(SqlRows::utc).orElse(null)))
        .replaceWithVoid();
  }

  @Override
  public Uni<List<WatchDelivery>> history(long ownerKey, String watchId, int limit) {
    return pool.preparedQuery(HISTORY)
        .execute(Tuple.of(ownerKey, watchId, limit))
        .map(rows -> SqlRows.each(rows, PgWatchDeliveries::delivery));
  }

  private static WatchDelivery delivery(Row r) {
    return new WatchDelivery(
        r.getString("id"),
        r.getInteger("seq"),
        r.getString("attestation_id"),
        r.getString("status"),
        r.getInteger("attempts"),
        r.getOffsetDateTime("created_at").toInstant(),
        SqlRows.instant(r, "last_attempt_at"),
        r.getString("last_outcome"),
        SqlRows.instant(r, "delivered_at"));
  }
}
