package org.walletstate.adapters.persistence.commerce;

import io.smallrye.mutiny.Uni;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.DirectoryQuery;
import org.walletstate.domain.commerce.DiscountMode;
import org.walletstate.domain.commerce.DomainName;
import org.walletstate.domain.commerce.DomainVerification;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.NewMerchant;
import org.walletstate.domain.commerce.NftCollection;
import org.walletstate.domain.commerce.Settings;
import org.walletstate.domain.commerce.TokenConfig;
import org.walletstate.domain.commerce.TokenSet;
import org.walletstate.domain.commerce.UsdcPayment;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * {@link MerchantStore} on PostgreSQL (reactive client). Creation serialises on the owner key's row
 * (so a key cannot pass its merchant limit by creating in parallel) and on the name (so two
 * creations cannot both take a free name); every change locks the merchant's row, reads it, applies
 * the change and writes it back in one transaction.
 */
@ApplicationScoped
public class PgMerchantStore implements MerchantStore {

  private static final String COLUMNS =
      "company_name = $2, name_key = $3, location = $4, own_token = $5, partner_tokens = $6,"
          + " nft_collections = $7, discount_mode = $8, discount_cap = $9, usdc_payment = $10,"
          + " max_discounts_per_wallet_per_day = $11, max_unproven_discount = $12, paused = $13,"
          + " paused_at = $14, listed = $15, verification_status = $16, verification_domain ="
          + " $17, verification_token = $18, verification_method = $19, verified_at = $20,"
          + " check_window_start = $21, checks_in_window = $22";

  private static final String INSERT =
      "insert into merchant (id, id_key, owner_key_id, external_id, partner_provisioned,"
          + " created_at, company_name, name_key, location, own_token, partner_tokens,"
          + " nft_collections, discount_mode, discount_cap, usdc_payment,"
          + " max_discounts_per_wallet_per_day, max_unproven_discount, paused, paused_at, listed,"
          + " verification_status, verification_domain, verification_token, verification_method,"
          + " verified_at, check_window_start, checks_in_window)"
          + " values ($23, $1, $24, $25, $26, $27, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,"
          + " $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)"
          + " on conflict (id_key) do nothing returning id";

  private static final String TOKEN_MATCH =
      " and ($1::text is null or exists (select 1 from jsonb_array_elements(case when"
          + " own_token is null then partner_tokens else jsonb_build_array(own_token) ||"
          + " partner_tokens end) t where lower(t ->> 'symbol') = lower($1) and (t ->>"
          + " 'enabled')::boolean))"
          + " and ($2::boolean is null or (verification_status = 'verified') = $2)";

  private final Pool pool;

  @Inject
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
                                            : upsert(conn, row, read(found.iterator().next())))));
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
                        List<Object> values = new ArrayList<>(columns(m));
                        values.addAll(
                            Arrays.asList(
                                m.id().value(),
                                m.ownerKeyId(),
                                m.externalId().orElse(null),
                                m.partnerProvisioned(),
                                time(m.createdAt())));
                        return conn.preparedQuery(INSERT)
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
        .map(
            rows ->
                rows.size() == 0 ? Optional.empty() : Optional.of(read(rows.iterator().next())));
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
                      Merchant current = read(rows.iterator().next());
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
            "update merchant set " + COLUMNS + ", version = version + 1 where id_key = $1")
        .execute(Tuple.from(columns(m)));
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
            .map(
                rows -> {
                  List<Merchant> list = new ArrayList<>();
                  rows.forEach(r -> list.add(read(r)));
                  return list;
                });
    return page.flatMap(list -> total.map(n -> new Page(list, n)));
  }

  @Override
  public Uni<List<Merchant>> ownedBy(long keyId) {
    return pool.preparedQuery(
            "select * from merchant where owner_key_id = $1 order by created_at, id_key")
        .execute(Tuple.of(keyId))
        .map(
            rows -> {
              List<Merchant> list = new ArrayList<>();
              rows.forEach(r -> list.add(read(r)));
              return list;
            });
  }

  @Override
  public Uni<Boolean> partnerEnabled(long keyId) {
    return pool.preparedQuery("select 1 from partner_key where api_key_id = $1")
        .execute(Tuple.of(keyId))
        .map(rows -> rows.size() > 0);
  }

  // --- rows
  // ---------------------------------------------------------------------------------------

  /** Parameters $1 to $22 of {@link #COLUMNS}, $1 being the id key. */
  private static List<Object> columns(Merchant m) {
    Settings s = m.settings();
    DomainVerification v = m.verification();
    JsonArray partners = new JsonArray();
    m.tokens().partners().forEach(t -> partners.add(new JsonObject(t.wire(true))));
    JsonArray nfts = new JsonArray();
    m.nftCollections().forEach(c -> nfts.add(new JsonObject(c.wire())));
    return Arrays.asList(
        m.id().key(),
        m.companyName(),
        NewMerchant.nameKey(m.companyName()),
        m.location().orElse(null),
        m.tokens().own().map(t -> new JsonObject(t.wire(true))).orElse(null),
        partners,
        nfts,
        s.discountMode().wireName(),
        s.discountCap(),
        new JsonObject(s.usdcPayment().wire()),
        s.maxDiscountsPerWalletPerDay().orElse(null),
        s.maxUnprovenDiscount().orElse(null),
        s.paused(),
        s.pausedAt().map(PgMerchantStore::time).orElse(null),
        m.listed(),
        v.status().wireName(),
        v.domain().map(DomainName::value).orElse(null),
        v.token().orElse(null),
        v.method().map(DomainVerification.Method::wireName).orElse(null),
        v.verifiedAt().map(PgMerchantStore::time).orElse(null),
        v.windowStart().map(PgMerchantStore::time).orElse(null),
        v.checksInWindow());
  }

  private static Merchant read(Row r) {
    JsonObject own = r.getJsonObject("own_token");
    Optional<TokenConfig> ownToken =
        own == null
            ? Optional.empty()
            : Optional.of(TokenConfig.parse(Fields.of(StoredJson.object(own), "ownToken")));
    List<TokenConfig> partners = new ArrayList<>();
    RequestValue.Arr stored = (RequestValue.Arr) StoredJson.value(r.getJsonArray("partner_tokens"));
    for (int i = 0; i < stored.items().size(); i++) {
      partners.add(
          TokenConfig.parse(
              Fields.of((RequestValue.Obj) stored.items().get(i), "partnerTokens[" + i + "]")));
    }
    List<NftCollection> nfts = new ArrayList<>();
    RequestValue.Arr storedNfts =
        (RequestValue.Arr) StoredJson.value(r.getJsonArray("nft_collections"));
    for (int i = 0; i < storedNfts.items().size(); i++) {
      nfts.add(
          NftCollection.parse(
              Fields.of(
                  (RequestValue.Obj) storedNfts.items().get(i), "nftCollections[" + i + "]")));
    }
    Settings settings =
        new Settings(
            DiscountMode.parse(r.getString("discount_mode"), "discountMode"),
            r.getInteger("discount_cap"),
            UsdcPayment.parse(StoredJson.object(r.getJsonObject("usdc_payment")), "usdcPayment"),
            Optional.ofNullable(r.getInteger("max_discounts_per_wallet_per_day")),
            Optional.ofNullable(r.getInteger("max_unproven_discount")),
            r.getBoolean("paused"),
            instant(r, "paused_at"));
    DomainVerification verification =
        new DomainVerification(
            DomainVerification.Status.fromWireName(r.getString("verification_status")),
            Optional.ofNullable(r.getString("verification_domain")).map(DomainName::new),
            Optional.ofNullable(r.getString("verification_token")),
            Optional.ofNullable(r.getString("verification_method"))
                .map(DomainVerification.Method::fromWireName),
            instant(r, "verified_at"),
            instant(r, "check_window_start"),
            r.getInteger("checks_in_window"));
    return new Merchant(
        new CompanyId(r.getString("id")),
        r.getLong("owner_key_id"),
        r.getString("company_name"),
        Optional.ofNullable(r.getString("location")),
        Optional.ofNullable(r.getString("external_id")),
        r.getBoolean("partner_provisioned"),
        instant(r, "created_at").orElseThrow(),
        new TokenSet(ownToken, partners),
        nfts,
        settings,
        r.getBoolean("listed"),
        verification);
  }

  private static OffsetDateTime time(Instant instant) {
    return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
  }

  private static Optional<Instant> instant(Row r, String column) {
    return Optional.ofNullable(r.getOffsetDateTime(column)).map(OffsetDateTime::toInstant);
  }
}
