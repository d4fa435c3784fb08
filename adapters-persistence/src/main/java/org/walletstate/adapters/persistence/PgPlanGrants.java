package org.walletstate.adapters.persistence;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Instant;
import org.walletstate.application.port.out.PlanGrants;

/**
 * {@link PlanGrants} in PostgreSQL: {@code apply_due_monthly_grants} (migration V4_4), one row of
 * {@code plan_grant} per key and month, its ledger entry and balance in the same transaction.
 */
public class PgPlanGrants implements PlanGrants {

  private static final String APPLY_DUE = "select apply_due_monthly_grants($1) as applied";

  private final Pool pool;

  public PgPlanGrants(Pool pool) {
    this.pool = pool;
  }

  @Override
  public Uni<Integer> applyDue(Instant now) {
    return pool.preparedQuery(APPLY_DUE)
        .execute(Tuple.of(SqlRows.utc(now)))
        .map(rows -> rows.iterator().next().getInteger("applied"));
  }
}
