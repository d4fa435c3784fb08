package org.walletstate.adapters.persistence.commerce;

import static org.walletstate.adapters.persistence.SqlRows.instant;
import static org.walletstate.adapters.persistence.SqlRows.utc;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.Optional;
import org.walletstate.adapters.persistence.SqlRows;
import org.walletstate.application.commerce.port.out.ScannerLockouts;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.ScannerLockout;

/**
 * {@link ScannerLockouts} on PostgreSQL. An attempt locks the merchant's {@code scanner_login} row
 * (made by the first salt look-up), reads its store-wide count and the client's {@code
 * scanner_login_client} row, and writes the counts {@link ScannerLockout} decides, in one
 * transaction: parallel attempts on one store run one after the other, so no more than the counts
 * allow get through in one window, on any number of replicas.
 */
public class PgScannerLockouts implements ScannerLockouts {

  private static final String STORE_COUNT =
      "select l.merchant_id, l.failures, l.window_started, l.locked_until from scanner_login l"
          + " join merchant m on m.id = l.merchant_id where m.id_key = $1 for update of l";

  private static final String CLIENT_COUNT =
      "select failures, window_started, locked_until, last_login_at from scanner_login_client"
          + " where merchant_id = $1 and client = $2";

  /**
   * $1 merchant, $2 failures, $3 window, $4 lock, $5 the time the ceiling was reached (or null).
   */
  private static final String SAVE_STORE =
      "update scanner_login set failures = $2, window_started = $3, locked_until = $4,"
          + " alerted_at = coalesce($5, alerted_at) where merchant_id = $1";

  /** $1 merchant, $2 client, $3 failures, $4 window, $5 lock, $6 last login, $7 now. */
  private static final String SAVE_CLIENT =
      "insert into scanner_login_client (merchant_id, client, failures, window_started,"
          + " locked_until, last_login_at, touched_at) values ($1, $2, $3, $4, $5, $6, $7)"
          + " on conflict (merchant_id, client) do update set failures = excluded.failures,"
          + " window_started = excluded.window_started, locked_until = excluded.locked_until,"
          + " last_login_at = excluded.last_login_at, touched_at = excluded.touched_at";

  /** Forgets a bounded number of the store's clients not seen since $2. */
  private static final String FORGET_CLIENTS =
      "delete from scanner_login_client where (merchant_id, client) in (select merchant_id, client"
          + " from scanner_login_client where merchant_id = $1 and touched_at < $2 limit 100)";

  // Built from its pool alone, like the other Pg stores, by design: each runs only its own
  // statements on it.
  private final Pool pool;

  public PgScannerLockouts(Pool pool) {
    this.pool = pool;
  }

  @Override
  public Uni<ScannerLockout.Decision> attempt(CompanyId merchant, String client, Instant now) {
    return pool.withTransaction(
        conn ->
            counts(conn, merchant, client)
                .flatMap(
                    counted -> {
                      ScannerLockout.Decision decision =
                          ScannerLockout.attempt(counted.state(), now);
                      if (!(decision instanceof ScannerLockout.Decision.Allowed allowed)) {
                        return Uni.createFrom().item(decision);
                      }
                      Instant alerted = allowed.storeLocked() ? now : null;
                      return save(conn, counted.id(), client, allowed.next(), alerted, now)
                          .map(ok -> decision);
                    }));
  }

  @Override
  public Uni<Void> succeeded(CompanyId merchant, String client, Instant now) {
    return pool.withTransaction(
        conn ->
            counts(conn, merchant, client)
                .flatMap(
                    counted ->
                        save(
                                conn,
                                counted.id(),
                                client,
                                ScannerLockout.succeeded(counted.state(), now),
                                null,
                                now)
                            .flatMap(
                                ok ->
                                    conn.preparedQuery(FORGET_CLIENTS)
                                        .execute(
                                            Tuple.of(
                                                counted.id(),
                                                utc(now.minus(ScannerLockout.KNOWN_TILL)))))
                            .replaceWithVoid()));
  }

  private record Counted(String id, ScannerLockout.State state) {}

  /** The store's count (its row locked until the transaction ends) and the client's. */
  private static Uni<Counted> counts(SqlConnection conn, CompanyId merchant, String client) {
    return conn.preparedQuery(STORE_COUNT)
        .execute(Tuple.of(merchant.key()))
        .flatMap(
            rows -> {
              if (rows.size() == 0) {
                throw new IllegalStateException("no scanner login row for " + merchant);
              }
              Row store = rows.iterator().next();
              String id = store.getString("merchant_id");
              return conn.preparedQuery(CLIENT_COUNT)
                  .execute(Tuple.of(id, client))
                  .map(
                      found -> {
                        Row row = found.size() == 0 ? null : found.iterator().next();
                        return new Counted(
                            id,
                            new ScannerLockout.State(
                                counter(store),
                                row == null ? ScannerLockout.Counter.NONE : counter(row),
                                row == null ? Optional.empty() : instant(row, "last_login_at")));
                      });
            });
  }

  private static Uni<Void> save(
      SqlConnection conn,
      String id,
      String client,
      ScannerLockout.State next,
      Instant alerted,
      Instant now) {
    ScannerLockout.Counter store = next.store();
    ScannerLockout.Counter mine = next.client();
    return conn.preparedQuery(SAVE_STORE)
        .execute(
            Tuple.of(
                id,
                store.failures(),
                timeOrNull(store.windowStarted()),
                timeOrNull(store.lockedUntil()),
                alerted == null ? null : utc(alerted)))
        .flatMap(
            ok ->
                conn.preparedQuery(SAVE_CLIENT)
                    .execute(
                        Tuple.from(
                            Arrays.asList(
                                id,
                                client,
                                mine.failures(),
                                timeOrNull(mine.windowStarted()),
                                timeOrNull(mine.lockedUntil()),
                                timeOrNull(next.lastLogin()),
                                utc(now)))))
        .replaceWithVoid();
  }

  private static ScannerLockout.Counter counter(Row row) {
    return new ScannerLockout.Counter(
        row.getInteger("failures"), instant(row, "window_started"), instant(row, "locked_until"));
  }

  private static OffsetDateTime timeOrNull(Optional<Instant> instant) {
    return instant.map(SqlRows::utc).orElse(null);
  }

  @Override
  public Uni<Optional<Instant>> lastAlert(CompanyId merchant) {
    return pool.preparedQuery(
            "select l.alerted_at from scanner_login l join merchant m on m.id = l.merchant_id"
                + " where m.id_key = $1")
        .execute(Tuple.of(merchant.key()))
        .map(
            rows ->
                rows.size() == 0
                    ? Optional.<Instant>empty()
                    : instant(rows.iterator().next(), "alerted_at"));
  }
}
