package org.walletstate.adapters.persistence.commerce;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.walletstate.application.commerce.port.out.IssuedCodeCounts;
import org.walletstate.domain.commerce.CompanyId;

/**
 * {@link IssuedCodeCounts} on PostgreSQL: a count over {@code discount_code} by store and creation
 * time (index {@code discount_code_merchant_created_ix}). Store ids are matched as stored: the
 * codes carry the store's id in the case it was created with.
 */
public class PgIssuedCodeCounts implements IssuedCodeCounts {

  private static final String COUNT =
      "select count(*) as n from discount_code where merchant_id = $1 and created_at >= $2";

  // Built from its pool alone, like the other Pg stores, by design: each runs only its own
  // statements on it.
  private final Pool pool;

  public PgIssuedCodeCounts(Pool pool) {
    this.pool = pool;
  }

  @Override
  public Uni<Long> issuedSince(CompanyId store, Instant since) {
    return pool.preparedQuery(COUNT)
        .execute(Tuple.of(store.value(), OffsetDateTime.ofInstant(since, ZoneOffset.UTC)))
        .map(rows -> rows.iterator().next().getLong("n"));
  }
}
