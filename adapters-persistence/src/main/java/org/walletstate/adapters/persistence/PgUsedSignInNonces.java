package org.walletstate.adapters.persistence;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Instant;
import org.walletstate.application.port.out.UsedSignInNonces;

/**
 * {@link UsedSignInNonces} in PostgreSQL: one statement deletes a batch of the oldest rows of
 * {@code wallet_sign_in_nonce} used before the cutoff. The rows are locked with {@code for update
 * skip locked}, so two replicas pruning at once take disjoint batches and neither waits; a row a
 * sign-in is inserting is not yet visible and is never old enough to be taken.
 */
public class PgUsedSignInNonces implements UsedSignInNonces {

  private static final String FORGET =
      "with doomed as (select wallet, nonce from wallet_sign_in_nonce where used_at < $1"
          + " order by used_at limit $2 for update skip locked)"
          + " delete from wallet_sign_in_nonce n using doomed d"
          + " where n.wallet = d.wallet and n.nonce = d.nonce";

  // Built from its pool alone, like the other Pg stores, by design: each runs only its own
  // statements on it.
  private final Pool pool;

  public PgUsedSignInNonces(Pool pool) {
    this.pool = pool;
  }

  @Override
  public Uni<Integer> forgetUsedBefore(Instant usedBefore, int limit) {
    return pool.preparedQuery(FORGET)
        .execute(Tuple.of(SqlRows.utc(usedBefore), limit))
        .map(rows -> rows.rowCount());
  }
}
