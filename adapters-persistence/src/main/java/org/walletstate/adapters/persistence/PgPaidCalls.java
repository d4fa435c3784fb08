package org.walletstate.adapters.persistence;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import java.math.BigDecimal;
import java.time.Instant;
import org.walletstate.application.port.out.PaidCalls;

/**
 * {@link PaidCalls} in PostgreSQL (table {@code x402_payment}): the primary key (network, token,
 * payer, payment id) lets one call claim a payment, ever, and the unique index of claimed rows by
 * (network, payer) lets a payer have one open payment per network. The key's parts are stored as
 * the domain writes them (EVM in lower case, Solana in base58, which is case-sensitive).
 */
public class PgPaidCalls implements PaidCalls {

  private static final String CLAIM =
      "insert into x402_payment (network, token, payer, payment_id, amount, operation, state,"
          + " claimed_at) values ($1, $2, $3, $4, $5, $6, 'claimed', $7)"
          + " on conflict do nothing returning payment_id";
  private static final String USED =
      "select 1 from x402_payment"
          + " where network = $1 and token = $2 and payer = $3 and payment_id = $4";
  private static final String SETTLED =
      "update x402_payment set state = 'settled', tx_hash = $5, settled_at = $6"
          + " where network = $1 and token = $2 and payer = $3 and payment_id = $4";
  private static final String UNSETTLED =
      "update x402_payment set state = 'unsettled', settled_at = $5"
          + " where network = $1 and token = $2 and payer = $3 and payment_id = $4"
          + " and state = 'claimed'";
  private static final String RELEASE =
      "delete from x402_payment where network = $1 and token = $2 and payer = $3 and payment_id = $4"
          + " and state = 'claimed'";

  // Built from its pool alone, like the other Pg stores, by design: each runs only its own
  // statements on it.
  private final Pool pool;

  public PgPaidCalls(Pool pool) {
    this.pool = pool;
  }

  private static Tuple key(Claim claim) {
    return Tuple.of(
        claim.key().network(), claim.key().token(), claim.key().payer(), claim.key().id());
  }

  @Override
  public Uni<Claimed> claim(Claim claim) {
    return pool.preparedQuery(CLAIM)
        .execute(
            key(claim)
                .addValue(new BigDecimal(claim.value()))
                .addValue(claim.operation())
                .addValue(SqlRows.utc(claim.at())))
        .flatMap(
            rows ->
                rows.size() > 0
                    ? Uni.createFrom().item(Claimed.CLAIMED)
                    : pool.preparedQuery(USED)
                        .execute(key(claim))
                        .map(used -> used.size() > 0 ? Claimed.USED : Claimed.PAYER_BUSY));
  }

  @Override
  public Uni<Void> settled(Claim claim, String txHash, Instant at) {
    return pool.preparedQuery(SETTLED)
        .execute(key(claim).addValue(txHash).addValue(SqlRows.utc(at)))
        .replaceWithVoid();
  }

  @Override
  public Uni<Void> unsettled(Claim claim, Instant at) {
    return pool.preparedQuery(UNSETTLED)
        .execute(key(claim).addValue(SqlRows.utc(at)))
        .replaceWithVoid();
  }

  @Override
  public Uni<Void> release(Claim claim) {
    return pool.preparedQuery(RELEASE).execute(key(claim)).replaceWithVoid();
  }
}
