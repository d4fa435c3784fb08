package org.walletstate.adapters.persistence;

import static org.walletstate.adapters.persistence.SqlRows.utc;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowIterator;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Instant;
import java.util.Arrays;
import org.walletstate.application.port.out.IdempotentRequests;

/**
 * {@link IdempotentRequests} in PostgreSQL ({@code idempotent_request}). A key is claimed by one
 * {@code insert … on conflict do update … where} statement: it inserts the row, or takes over a row
 * that expired or whose lease ended unanswered, and returns a row only when this request got the
 * key; PostgreSQL's row lock on the conflicting row makes concurrent claims, from any replica, see
 * each other, so exactly one of them starts. A request that did not get the key reads the row to
 * learn why (another body, still under way, or answered).
 */
public class PgIdempotentRequests implements IdempotentRequests {

  private static final String CLAIM =
      "insert into idempotent_request (scope, idem_key, fingerprint, lease_until, expires_at)"
          + " values ($1, $2, $3, $4, $5)"
          + " on conflict (scope, idem_key) do update set fingerprint = excluded.fingerprint,"
          + " lease_until = excluded.lease_until, expires_at = excluded.expires_at,"
          + " status = null, content_type = null, body = null"
          + " where idempotent_request.expires_at <= $6"
          + " or (idempotent_request.status is null and idempotent_request.lease_until <= $6)"
          + " returning 1";

  private static final String READ =
      "select fingerprint, status, content_type, body from idempotent_request"
          + " where scope = $1 and idem_key = $2";

  private static final String COMPLETE =
      "update idempotent_request set status = $4, content_type = $5, body = $6, lease_until = null"
          + " where scope = $1 and idem_key = $2 and fingerprint = $3 and status is null";

  private static final String RELEASE =
      "delete from idempotent_request"
          + " where scope = $1 and idem_key = $2 and fingerprint = $3 and status is null";

  private static final String FORGET =
      "with doomed as (select scope, idem_key from idempotent_request where expires_at <= $1"
          + " order by expires_at limit $2 for update skip locked)"
          + " delete from idempotent_request r using doomed d"
          + " where r.scope = d.scope and r.idem_key = d.idem_key";

  private final Pool pool;

  public PgIdempotentRequests(Pool pool) {
    this.pool = pool;
  }

  @Override
  public Uni<Begin> begin(
      String scope,
      String key,
      byte[] fingerprint,
      Instant now,
      Instant leaseUntil,
      Instant expiresAt) {
    return claim(scope, key, fingerprint, now, leaseUntil, expiresAt, true);
  }

  private Uni<Begin> claim(
      String scope,
      String key,
      byte[] fingerprint,
      Instant now,
      Instant leaseUntil,
      Instant expiresAt,
      boolean again) {
    Tuple claim =
        Tuple.of(
                scope,
                key,
                io.vertx.core.buffer.Buffer.buffer(fingerprint),
                utc(leaseUntil),
                utc(expiresAt))
            .addValue(utc(now));
    return pool.preparedQuery(CLAIM)
        .execute(claim)
        .flatMap(
            claimed -> {
              if (claimed.rowCount() > 0) {
                return Uni.createFrom().item((Begin) new Begin.Started());
              }
              return pool.preparedQuery(READ)
                  .execute(Tuple.of(scope, key))
                  .flatMap(
                      rows -> {
                        RowIterator<Row> it = rows.iterator();
                        if (!it.hasNext()) {
                          // released between the two statements: claim once more
                          return again
                              ? claim(scope, key, fingerprint, now, leaseUntil, expiresAt, false)
                              : Uni.createFrom().item((Begin) new Begin.InFlight());
                        }
                        return Uni.createFrom().item(found(it.next(), fingerprint));
                      });
            });
  }

  private static Begin found(Row row, byte[] fingerprint) {
    if (!Arrays.equals(row.getBuffer("fingerprint").getBytes(), fingerprint)) {
      return new Begin.Mismatch();
    }
    Integer status = row.getInteger("status");
    if (status == null) {
      return new Begin.InFlight();
    }
    Buffer body = row.getBuffer("body");
    return new Begin.Stored(
        new Answer(
            status, row.getString("content_type"), body == null ? new byte[0] : body.getBytes()));
  }

  @Override
  public Uni<Void> complete(String scope, String key, byte[] fingerprint, Answer answer) {
    return pool.preparedQuery(COMPLETE)
        .execute(
            Tuple.of(
                scope,
                key,
                io.vertx.core.buffer.Buffer.buffer(fingerprint),
                answer.status(),
                answer.contentType(),
                io.vertx.core.buffer.Buffer.buffer(answer.body())))
        .replaceWithVoid();
  }

  @Override
  public Uni<Void> release(String scope, String key, byte[] fingerprint) {
    return pool.preparedQuery(RELEASE)
        .execute(Tuple.of(scope, key, io.vertx.core.buffer.Buffer.buffer(fingerprint)))
        .replaceWithVoid();
  }

  @Override
  public Uni<Integer> forgetExpired(Instant now, int limit) {
    return pool.preparedQuery(FORGET).execute(Tuple.of(utc(now), limit)).map(r -> r.rowCount());
  }
}
