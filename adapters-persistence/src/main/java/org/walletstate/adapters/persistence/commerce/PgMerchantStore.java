package org.walletstate.adapters.persistence.commerce;

import static org.walletstate.adapters.persistence.SqlRows.each;
import static org.walletstate.adapters.persistence.SqlRows.first;
import static org.walletstate.adapters.persistence.SqlRows.utc;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.DirectoryQuery;
import org.walletstate.domain.commerce.Merchant;

/**
 * {@link MerchantStore} on PostgreSQL (reactive client). Creation serialises on the owner key's row
 * (so a key cannot pass its merchant limit by creating in parallel) and on the name (so two
 * creations cannot both take a free name); every change locks the merchant's row, reads it, applies
 * the change and writes it back in one transaction.
 */
public class PgMerchantStore implements MerchantStore {

  private static final String TOKEN_MATCH =
      " and ($1::text is null or exists (select 1 from jsonb_array_elements(case when"
          + " own_token is null then partner_tokens else jsonb_build_array(own_token) ||"
          + " partner_tokens end) t where lower(t ->> 'symbol') = lower($1) and (t ->>"
          + " 'enabled')::boolean))"
          + " and ($2::boolean is null or (verification_status = 'verified') = $2)";

  // Built from its pool alone, like the other Pg stores, by design: each runs only its own
  // statements on it.
  private final Pool pool;

  public PgMerchantStore(Pool pool) {
    this.pool = pool;
  }

  @Override
  public Uni<Creation> create(NewRow row) {
    Merchant m = row.merchant();
    return pool.withTransaction(
        conn ->
            conn.preparedQuery("select id from api_key where id = $1 for update")
                .execute(Tuple.of(m.ownerKeyId()))
                .flatMap(
                    locked ->
                        conn.preparedQuery("select pg_advisory_xact_lock(hashtext($1))")
                            .execute(Tuple.of("merchant-name:" + row.nameKey())))
                .flatMap(
                    ignored ->
                        m.externalId().isEmpty()
                            ? insert(conn, row)
                            : conn.preparedQuery(
                                    "select * from merchant where owner_key_id = $1 and"
                                        + " external_id = $2")
                                .execute(Tuple.of(m.ownerKeyId(), m.externalId().get()))
                                .flatMap(
                                    found ->
                                        found.size() == 0
                                            ? insert(conn, row)
                                            : upsert(
                                                conn,
                                                row,
                                                MerchantRows.read(found.iterator().next())))));
  }

  private Uni<Creation> upsert(SqlConnection conn, NewRow row, Merchant existing) {
    if (!existing.id().key().equals(row.merchant().id().key())) {
      return Uni.createFrom().item(new Creation.ExternalIdHeld(existing.id()));
    }
    Merchant next = existing.withDetails(row.merchant().companyName(), row.merchant().location());
    return nameFree(conn, row, Optional.of(existing.id()))
        .flatMap(
            free ->
                !free
                    ? Uni.createFrom().item(new Creation.NameTaken())
                    : write(conn, next).replaceWith(new Creation.Upserted(next)));
  }

  private Uni<Creation> insert(SqlConnection conn, NewRow row) {
    Merchant m = row.merchant();
    return conn.preparedQuery("select count(*) as n from merchant where owner_key_id = $1")
        .execute(Tuple.of(m.ownerKeyId()))
        .flatMap(
            counted -> {
              if (counted.iterator().next().getLong("n") >= row.limit()) {
                return Uni.createFrom().item(new Creation.LimitReached(row.limit()));
              }
              return nameFree(conn, row, Optional.empty())
                  .flatMap(
                      free -> {
                        if (!free) {
                          return Uni.createFrom().item(new Creation.NameTaken());
                        }
                        List<Object> values = new ArrayList<>(MerchantRows.columns(m));
                        values.addAll(
                            Arrays.asList(
                                m.id().value(),
                                m.ownerKeyId(),
                                m.externalId().orElse(null),
                                m.partnerProvisioned(),
                                utc(m.createdAt())));
                        return conn.preparedQuery(MerchantRows.INSERT)
                            .execute(Tuple.from(values))
                            .map(
                                rows ->
                                    rows.size() == 0
                                        ? (Creation) new Creation.IdTaken()
                                        : new Creation.Created(m));
                      });
            });
  }

  private Uni<Boolean> nameFree(SqlConnection conn, NewRow row, Optional<CompanyId> except) {
    if (row.allowDuplicateName()) {
      return Uni.createFrom().item(true);
    }
    return conn.preparedQuery(
            "select 1 from merchant where name_key = $1 and ($2::text is null or id_key <> $2)"
                + " limit 1")
        .execute(Tuple.of(row.nameKey(), except.map(CompanyId::key).orElse(null)))
        .map(rows -> rows.size() == 0);
  }

  @Override
  public Uni<Optional<Merchant>> find(CompanyId id) {
    return pool.preparedQuery("select * from merchant where id_key = $1")
        .execute(Tuple.of(id.key()))
        .map(rows -> first(rows, MerchantRows::read));
  }

  @Override
  public <R> Uni<Access<R>> modify(CompanyId id, long keyId, Function<Merchant, Change<R>> change) {
    return pool.withTransaction(
        conn ->
            conn.preparedQuery("select * from merchant where id_key = $1 for update")
                .execute(Tuple.of(id.key()))
                .flatMap(
                    rows -> {
                      if (rows.size() == 0) {
                        return Uni.createFrom().item(new Access.NotFound<R>());
                      }
                      Merchant current = MerchantRows.read(rows.iterator().next());
                      if (!current.ownedBy(keyId)) {
                        return Uni.createFrom().item(new Access.NotOwner<R>());
                      }
                      Change<R> changed = change.apply(current);
                      Access<R> done = new Access.Done<>(changed.result());
                      if (changed.next().equals(current)) {
                        return Uni.createFrom().item(done);
                      }
                      return write(conn, changed.next()).replaceWith(done);
                    }));
  }

  private static Uni<RowSet<Row>> write(SqlConnection conn, Merchant m) {
    return conn.preparedQuery(
            "update merchant set "
                + MerchantRows.COLUMNS
                + ", version = version + 1 where id_key = $1")
        .execute(Tuple.from(MerchantRows.columns(m)));
  }

  @Override
  public Uni<Page> directory(DirectoryQuery query) {
    String where = " from merchant where listed and not paused" + TOKEN_MATCH;
    Tuple filter = Tuple.of(query.token().orElse(null), query.verified().orElse(null));
    Uni<Long> total =
        pool.preparedQuery("select count(*) as n" + where)
            .execute(filter)
            .map(rows -> rows.iterator().next().getLong("n"));
    Uni<List<Merchant>> page =
        pool.preparedQuery("select *" + where + " order by created_at, id_key limit $3 offset $4")
            .execute(
                Tuple.of(
                    query.token().orElse(null),
                    query.verified().orElse(null),
                    query.limit(),
                    query.offset()))
            .map(rows -> each(rows, MerchantRows::read));
    return page.flatMap(list -> total.map(n -> new Page(list, n)));
  }

  @Override
  public Uni<List<Merchant>> ownedBy(long keyId) {
    return pool.preparedQuery(
            "select * from merchant where owner_key_id = $1 order by created_at, id_key")
        .execute(Tuple.of(keyId))
        .map(rows -> each(rows, MerchantRows::read));
  }

  @Override
  public Uni<Boolean> partnerEnabled(long keyId) {
    return pool.preparedQuery("select 1 from partner_key where api_key_id = $1")
        .execute(Tuple.of(keyId))
        .map(rows -> rows.size() > 0);
  }
}
