package org.walletstate.adapters.persistence.commerce;

import static org.walletstate.adapters.persistence.SqlRows.each;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.walletstate.application.commerce.port.out.TokenRegistry;
import org.walletstate.domain.commerce.RegistryItem;
import org.walletstate.domain.commerce.RegistryQuery;
import org.walletstate.domain.commerce.RegistrySubmission;
import org.walletstate.domain.request.Digits;

/** {@link TokenRegistry} on PostgreSQL: one row per chain and address, whatever its status. */
public class PgTokenRegistry implements TokenRegistry {

  private static final String INSERT =
      "insert into token_registry (chain_id, address_key, contract_address, currency, type,"
          + " symbol, name, decimals, logo, status, source, submitted_by, created_at)"
          + " values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10, $11, $12)"
          + " on conflict (chain_id, address_key) do nothing returning *";

  // Built from its pool alone, like the other Pg stores, by design: each runs only its own
  // statements on it.
  private final Pool pool;

  public PgTokenRegistry(Pool pool) {
    this.pool = pool;
  }

  @Override
  public Uni<List<RegistryItem>> listed(RegistryQuery query) {
    return pool.preparedQuery(
            "select * from token_registry where status = 'listed'"
                + " and ($1::text is null or chain_id = $1)"
                + " and ($2::text is null or lower(symbol) = lower($2))"
                + " and ($3::text is null or type = $3)"
                + " order by symbol, chain_id, address_key")
        .execute(
            Tuple.of(
                query.chain().map(c -> c.id().toString()).orElse(null),
                query.symbol().orElse(null),
                query.type().map(t -> t.wireName()).orElse(null)))
        .map(rows -> each(rows, PgTokenRegistry::entry));
  }

  @Override
  public Uni<Submitted> submit(RegistrySubmission s, Optional<Long> keyId, Instant at) {
    String chain = s.chain().id().toString();
    String key = s.registryAddress();
    return pool.preparedQuery(INSERT)
        .execute(
            Tuple.from(
                Arrays.asList(
                    chain,
                    key,
                    s.contractAddress(),
                    s.currency().orElse(null),
                    s.type().wireName(),
                    s.symbol(),
                    s.name().orElse(null),
                    s.decimals().orElse(null),
                    s.logo().orElse(null),
                    s.source(),
                    keyId.orElse(null),
                    OffsetDateTime.ofInstant(at, ZoneOffset.UTC))))
        .flatMap(
            inserted -> {
              if (inserted.size() > 0) {
                return Uni.createFrom()
                    .item(new Submitted(entry(inserted.iterator().next()), false));
              }
              return pool.preparedQuery(
                      "select * from token_registry where chain_id = $1 and address_key = $2")
                  .execute(Tuple.of(chain, key))
                  .map(rows -> new Submitted(entry(rows.iterator().next()), true));
            });
  }

  private static RegistryItem entry(Row r) {
    String chain = r.getString("chain_id");
    Object chainId = Digits.allAscii(chain) ? (Object) Long.parseLong(chain) : chain;
    return new RegistryItem(
        chainId,
        r.getString("contract_address"),
        Optional.ofNullable(r.getString("currency")),
        r.getString("type"),
        r.getString("symbol"),
        Optional.ofNullable(r.getString("name")),
        Optional.ofNullable(r.getInteger("decimals")),
        Optional.ofNullable(r.getString("logo")),
        r.getString("status"),
        r.getString("source"),
        r.getOffsetDateTime("created_at").toInstant());
  }
}
