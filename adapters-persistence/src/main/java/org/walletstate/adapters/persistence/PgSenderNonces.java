package org.walletstate.adapters.persistence;

import static org.walletstate.adapters.persistence.SqlRows.utc;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.walletstate.application.port.out.SenderNonces;

/**
 * {@link SenderNonces} in PostgreSQL: {@code evm_sender_nonce} holds each sender's next
 * never-allocated nonce (its row lock orders concurrent allocations of every replica), {@code
 * evm_sender_nonce_use} the allocated nonces not yet mined. A nonce at or above the mined count
 * whose lease expired is taken first ({@code for update skip locked}, so two allocations never take
 * the same one), then a new nonce, never below the sender's mined count.
 */
public class PgSenderNonces implements SenderNonces {

  private static final String MINED =
      "delete from evm_sender_nonce_use where chain_id = $1 and sender = $2 and nonce < $3";

  /**
   * The lowest free nonce, picked once in a CTE (a sub-select joined in the update could be scanned
   * again and, skipping the row it just locked, take a second one).
   */
  private static final String REUSE =
      "with free as (select nonce from evm_sender_nonce_use"
          + " where chain_id = $1 and sender = $2 and nonce >= $3 and lease_until <= $4"
          + " order by nonce limit 1 for update skip locked)"
          + " update evm_sender_nonce_use u set state = 'allocated', lease_until = $5 from free"
          + " where u.chain_id = $1 and u.sender = $2 and u.nonce = free.nonce returning u.nonce";

  /** Every free nonce in [mined, below), picked once in a CTE like {@link #REUSE}. */
  private static final String FREE_BELOW =
      "with free as (select nonce from evm_sender_nonce_use"
          + " where chain_id = $1 and sender = $2 and nonce >= $3 and nonce < $4"
          + " and lease_until <= $5 for update skip locked)"
          + " update evm_sender_nonce_use u set state = 'allocated', lease_until = $6 from free"
          + " where u.chain_id = $1 and u.sender = $2 and u.nonce = free.nonce returning u.nonce";

  private static final String NEXT =
      "insert into evm_sender_nonce (chain_id, sender, next_nonce) values ($1, $2, $3 + 1)"
          + " on conflict (chain_id, sender) do update"
          + " set next_nonce = greatest(evm_sender_nonce.next_nonce, $3) + 1"
          + " returning next_nonce - 1 as nonce";
  private static final String LEASE =
      "insert into evm_sender_nonce_use (chain_id, sender, nonce, state, lease_until)"
          + " values ($1, $2, $3, 'allocated', $4)";
  private static final String SENT =
      "update evm_sender_nonce_use set state = 'sent'"
          + " where chain_id = $1 and sender = $2 and nonce = $3";
  private static final String UNUSED =
      "update evm_sender_nonce_use set lease_until = '-infinity'"
          + " where chain_id = $1 and sender = $2 and nonce = $3 and state = 'allocated'";

  // Built from its pool alone, like the other Pg stores, by design: each runs only its own
  // statements on it.
  private final Pool pool;

  public PgSenderNonces(Pool pool) {
    this.pool = pool;
  }

  @Override
  public Uni<Long> allocate(
      long chainId, String sender, long mined, Instant now, Instant leaseUntil) {
    return pool.withTransaction(
        db ->
            db.preparedQuery(MINED)
                .execute(Tuple.of(chainId, sender, mined))
                .flatMap(
                    nothing ->
                        db.preparedQuery(REUSE)
                            .execute(
                                Tuple.of(chainId, sender, mined, utc(now))
                                    .addValue(utc(leaseUntil))))
                .flatMap(
                    reused ->
                        reused.size() > 0
                            ? Uni.createFrom().item(reused.iterator().next().getLong("nonce"))
                            : fresh(db, chainId, sender, mined, leaseUntil)));
  }

  private static Uni<Long> fresh(
      SqlConnection db, long chainId, String sender, long mined, Instant leaseUntil) {
    return db.preparedQuery(NEXT)
        .execute(Tuple.of(chainId, sender, mined))
        .map(rows -> rows.iterator().next().getLong("nonce"))
        .call(
            nonce ->
                db.preparedQuery(LEASE).execute(Tuple.of(chainId, sender, nonce, utc(leaseUntil))));
  }

  @Override
  public Uni<List<Long>> takeFreeBelow(
      long chainId, String sender, long mined, long below, Instant now, Instant leaseUntil) {
    if (below <= mined) {
      return Uni.createFrom().item(List.of());
    }
    Tuple args = Tuple.of(chainId, sender, mined, below, utc(now)).addValue(utc(leaseUntil));
    return pool.withTransaction(
        db ->
            db.preparedQuery(FREE_BELOW)
                .execute(args)
                .map(
                    rows -> {
                      List<Long> taken = new ArrayList<>();
                      rows.forEach(row -> taken.add(row.getLong("nonce")));
                      taken.sort(null);
                      return List.copyOf(taken);
                    }));
  }

  @Override
  public Uni<Void> sent(long chainId, String sender, long nonce) {
    return pool.preparedQuery(SENT).execute(Tuple.of(chainId, sender, nonce)).replaceWithVoid();
  }

  @Override
  public Uni<Void> unused(long chainId, String sender, long nonce) {
    return pool.preparedQuery(UNUSED).execute(Tuple.of(chainId, sender, nonce)).replaceWithVoid();
  }
}
