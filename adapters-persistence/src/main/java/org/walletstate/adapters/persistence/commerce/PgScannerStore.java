package org.walletstate.adapters.persistence.commerce;

import static org.walletstate.adapters.persistence.SqlRows.each;
import static org.walletstate.adapters.persistence.SqlRows.first;
import static org.walletstate.adapters.persistence.SqlRows.utc;

import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.walletstate.adapters.persistence.SqlRows;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.application.commerce.port.out.ScannerStore;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.Scanner;

/**
 * {@link ScannerStore} on PostgreSQL. Adding a scanner locks the merchant's row (the limit holds
 * between parallel adds); the login lockout is {@link PgScannerLockouts}.
 */
public class PgScannerStore implements ScannerStore {

  private static final String SALT =
      "insert into scanner_login (merchant_id, salt)"
          + " select id, $2 from merchant where id_key = $1"
          + " on conflict (merchant_id) do update set salt = scanner_login.salt"
          + " returning salt";

  private static final String OWNER = "select id, owner_key_id from merchant where id_key = $1";

  /** The owner's row locked until the transaction ends: the limit holds between parallel adds. */
  private static final String LOCKED_OWNER = OWNER + " for update";

  private final Pool pool;

  public PgScannerStore(Pool pool) {
    this.pool = pool;
  }

  @Override
  public Uni<Optional<byte[]>> salt(CompanyId merchant, byte[] candidate) {
    return pool.preparedQuery(SALT)
        .execute(Tuple.of(merchant.key(), Buffer.buffer(candidate)))
        .map(rows -> first(rows, r -> r.getBuffer("salt").getBytes()));
  }

  @Override
  public Uni<Added> add(CompanyId merchant, long ownerKeyId, NewScanner scanner, int limit) {
    return pool.withTransaction(
        conn ->
            PgScannerStore.<Added>owned(
                conn,
                LOCKED_OWNER,
                merchant,
                ownerKeyId,
                new Added.NotFound(),
                new Added.NotOwner(),
                id ->
                    conn.preparedQuery(
                            "select count(*) as n,"
                                + " count(*) filter (where pin_hash = $2) as same"
                                + " from scanner where merchant_id = $1")
                        .execute(Tuple.of(id, scanner.pinHash()))
                        .flatMap(
                            counted -> {
                              Row c = counted.iterator().next();
                              if (c.getLong("same") > 0) {
                                return Uni.createFrom().item((Added) new Added.PinTaken());
                              }
                              if (c.getLong("n") >= limit) {
                                return Uni.createFrom().item((Added) new Added.LimitReached(limit));
                              }
                              return insert(conn, id, scanner);
                            })));
  }

  private static Uni<Added> insert(SqlConnection conn, String merchantId, NewScanner scanner) {
    return conn.preparedQuery(
            "insert into scanner (id, merchant_id, label, pin_hash,"
                + " created_at) values ($1, $2, $3, $4, $5)")
        .execute(
            Tuple.of(
                scanner.id(),
                merchantId,
                scanner.label().orElse(null),
                scanner.pinHash(),
                utc(scanner.createdAt())))
        .map(
            ok ->
                new Added.Done(
                    new Scanner(
                        scanner.id(), scanner.label(), scanner.createdAt(), Optional.empty())));
  }

  @Override
  public Uni<Removed> remove(CompanyId merchant, long ownerKeyId, String scannerId) {
    return pool.withTransaction(
        conn ->
            owned(
                conn,
                LOCKED_OWNER,
                merchant,
                ownerKeyId,
                Removed.NOT_FOUND,
                Removed.NOT_OWNER,
                id ->
                    conn.preparedQuery(
                            "delete from scanner where id = $1 and merchant_id = $2 returning id")
                        .execute(Tuple.of(scannerId, id))
                        .map(rows -> rows.size() > 0 ? Removed.DONE : Removed.NO_SUCH_SCANNER)));
  }

  @Override
  public Uni<MerchantStore.Access<List<Scanner>>> list(CompanyId merchant, long ownerKeyId) {
    return PgScannerStore.<MerchantStore.Access<List<Scanner>>>owned(
        pool,
        OWNER,
        merchant,
        ownerKeyId,
        new MerchantStore.Access.NotFound<>(),
        new MerchantStore.Access.NotOwner<>(),
        id ->
            pool.preparedQuery(
                    "select id, label, created_at, last_login_at from scanner"
                        + " where merchant_id = $1 order by created_at, id")
                .execute(Tuple.of(id))
                .map(rows -> new MerchantStore.Access.Done<>(scanners(rows))));
  }

  private static List<Scanner> scanners(RowSet<Row> rows) {
    return List.copyOf(
        each(
            rows,
            r ->
                new Scanner(
                    r.getString("id"),
                    Optional.ofNullable(r.getString("label")),
                    r.getOffsetDateTime("created_at").toInstant(),
                    SqlRows.instant(r, "last_login_at"))));
  }

  /**
   * {@code then} with the merchant's internal id when the key {@code ownerKeyId} owns it; {@code
   * notFound} or {@code notOwner} otherwise.
   */
  private static <T> Uni<T> owned(
      SqlClient client,
      String query,
      CompanyId merchant,
      long ownerKeyId,
      T notFound,
      T notOwner,
      Function<String, Uni<T>> then) {
    return client
        .preparedQuery(query)
        .execute(Tuple.of(merchant.key()))
        .flatMap(
            owner -> {
              if (owner.size() == 0) {
                return Uni.createFrom().item(notFound);
              }
              Row row = owner.iterator().next();
              if (row.getLong("owner_key_id") != ownerKeyId) {
                return Uni.createFrom().item(notOwner);
              }
              return then.apply(row.getString("id"));
            });
  }

  @Override
  public Uni<Optional<String>> scannerByPin(CompanyId merchant, String pinHash) {
    return pool.preparedQuery(
            "select s.id from scanner s join merchant m on m.id = s.merchant_id"
                + " where m.id_key = $1 and s.pin_hash = $2")
        .execute(Tuple.of(merchant.key(), pinHash))
        .map(rows -> first(rows, r -> r.getString("id")));
  }

  @Override
  public Uni<Void> openSession(
      byte[] tokenHash, CompanyId merchant, String scannerId, Instant expiresAt, Instant now) {
    return pool.withTransaction(
        conn ->
            conn.preparedQuery(
                    "insert into scanner_session (token_hash, merchant_id, scanner_id, expires_at)"
                        + " select $1, merchant_id, id, $3 from scanner where id = $2")
                .execute(Tuple.of(Buffer.buffer(tokenHash), scannerId, utc(expiresAt)))
                .flatMap(
                    ok ->
                        conn.preparedQuery("update scanner set last_login_at = $2 where id = $1")
                            .execute(Tuple.of(scannerId, utc(now))))
                .flatMap(
                    ok ->
                        conn.preparedQuery("delete from scanner_session where expires_at < $1")
                            .execute(Tuple.of(utc(now))))
                .replaceWithVoid());
  }

  @Override
  public Uni<Optional<CompanyId>> session(byte[] tokenHash, Instant now) {
    return pool.preparedQuery(
            "select merchant_id from scanner_session where token_hash = $1 and expires_at > $2")
        .execute(Tuple.of(Buffer.buffer(tokenHash), utc(now)))
        .map(rows -> first(rows, r -> CompanyId.parse(r.getString(0))));
  }
}
