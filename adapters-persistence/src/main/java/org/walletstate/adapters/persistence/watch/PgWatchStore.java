package org.walletstate.adapters.persistence.watch;

import static org.walletstate.adapters.persistence.SqlRows.each;
import static org.walletstate.adapters.persistence.SqlRows.first;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.walletstate.adapters.persistence.SqlRows;
import org.walletstate.application.attest.watch.port.in.Watch;
import org.walletstate.application.attest.watch.port.in.WatchCommand;
import org.walletstate.application.attest.watch.port.out.WatchStore;
import org.walletstate.domain.payload.KeyVersion;

/**
 * {@link WatchStore} in PostgreSQL ({@code watch}, {@code watch_place}). A place is held by
 * counting the owner's watches and held places in the statement that holds it, under a
 * transaction-scoped advisory lock on the key, so two requests at once cannot both take the last
 * place.
 */
public class PgWatchStore implements WatchStore {

  private static final String COLUMNS =
      "id, key_id, webhook_url, deliver_on, created_at, expires_at, status, status_detail,"
          + " last_pass, last_met, last_attestation_id";

  private static final String LOCK = "select pg_advisory_xact_lock(hashtext('watch'), $1::int)";

  private static final String INSERT =
      "insert into watch (id, key_id, request_json, key_version, webhook_url, webhook_secret,"
          + " deliver_on, created_at, expires_at, status, status_detail, last_pass, last_met,"
          + " last_attestation_id, verdict_block)"
          + " values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)";

  private static final String LAPSED =
      "delete from watch_place where key_id = $1 and held_until <= now()";

  private static final String HOLD =
      "insert into watch_place (watch_id, key_id, held_until) select $2, $1, $3"
          + " where (select count(*) from watch where key_id = $1)"
          + " + (select count(*) from watch_place where key_id = $1) < $4";

  private static final String RELEASE = "delete from watch_place where watch_id = $1";

  private final Pool pool;

  public PgWatchStore(Pool pool) {
    this.pool = pool;
  }

  @Override
  public Uni<Boolean> hold(long ownerKey, String watchId, int limit, Instant until) {
    return pool.withTransaction(
        connection ->
            connection
                .preparedQuery(LOCK)
                .execute(Tuple.of((int) ownerKey))
                .flatMap(locked -> connection.preparedQuery(LAPSED).execute(Tuple.of(ownerKey)))
                .flatMap(
                    lapsed ->
                        connection
                            .preparedQuery(HOLD)
                            .execute(Tuple.of(ownerKey, watchId, SqlRows.utc(until), limit)))
                .map(rows -> rows.rowCount() == 1));
  }

  @Override
  public Uni<Void> release(String watchId) {
    return pool.preparedQuery(RELEASE).execute(Tuple.of(watchId)).replaceWithVoid();
  }

  @Override
  public Uni<Void> insert(NewWatch row) {
    Watch w = row.watch();
    Tuple values =
        Tuple.wrap(
            new ArrayList<Object>(
                List.of(
                    w.id(),
                    w.ownerKey(),
                    row.requestJson(),
                    (short) (row.keyVersion() == KeyVersion.V1 ? 1 : 2),
                    w.webhookUrl().toString(),
                    row.webhookSecret(),
                    w.deliverOn().wireName(),
                    SqlRows.utc(w.createdAt()),
                    SqlRows.utc(w.expiresAt()),
                    w.status().wireName(),
                    w.statusDetail(),
                    w.pass(),
                    metText(w.met()),
                    w.attestationId())));
    values.addLong(row.verdictBlock());
    return pool.withTransaction(
        connection ->
            connection
                .preparedQuery(INSERT)
                .execute(values)
                .flatMap(inserted -> connection.preparedQuery(RELEASE).execute(Tuple.of(w.id())))
                .replaceWithVoid());
  }

  @Override
  public Uni<List<Watch>> list(long ownerKey) {
    return pool.preparedQuery(
            "select " + COLUMNS + " from watch where key_id = $1 order by created_at desc, id")
        .execute(Tuple.of(ownerKey))
        .map(rows -> each(rows, PgWatchStore::watch));
  }

  @Override
  public Uni<Optional<Watch>> find(long ownerKey, String id) {
    return pool.preparedQuery("select " + COLUMNS + " from watch where key_id = $1 and id = $2")
        .execute(Tuple.of(ownerKey, id))
        .map(rows -> first(rows, PgWatchStore::watch));
  }

  @Override
  public Uni<Boolean> delete(long ownerKey, String id) {
    return pool.preparedQuery("delete from watch where key_id = $1 and id = $2")
        .execute(Tuple.of(ownerKey, id))
        .map(rows -> rows.rowCount() == 1);
  }

  static String metText(List<Boolean> met) {
    StringBuilder text = new StringBuilder(met.size());
    met.forEach(m -> text.append(m ? '1' : '0'));
    return text.toString();
  }

  static List<Boolean> met(String text) {
    List<Boolean> met = new ArrayList<>(text.length());
    for (char c : text.toCharArray()) {
      met.add(c == '1');
    }
    return met;
  }

  static Watch watch(Row r) {
    return new Watch(
        r.getString("id"),
        r.getLong("key_id"),
        URI.create(r.getString("webhook_url")),
        WatchCommand.DeliverOn.of(r.getString("deliver_on")),
        r.getOffsetDateTime("created_at").toInstant(),
        r.getOffsetDateTime("expires_at").toInstant(),
        Watch.Status.of(r.getString("status")),
        r.getString("status_detail"),
        r.getBoolean("last_pass"),
        met(r.getString("last_met")),
        r.getString("last_attestation_id"));
  }
}
