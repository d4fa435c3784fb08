package org.walletstate.adapters.persistence;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import org.walletstate.application.port.out.PaidCalls;

/**
 * {@link PaidCalls} in PostgreSQL (table {@code x402_payment}): the primary key (chain, token,
 * payer, nonce) lets one call claim an authorization, ever.
 */
@ApplicationScoped
public class PgPaidCalls implements PaidCalls {

  private static final String CLAIM =
      "insert into x402_payment (chain_id, token, payer, nonce, amount, operation, state,"
          + " claimed_at) values ($1, $2, $3, $4, $5, $6, 'claimed', $7)"
          + " on conflict do nothing returning nonce";
  private static final String SETTLED =
      "update x402_payment set state = 'settled', tx_hash = $5, settled_at = $6"
          + " where chain_id = $1 and token = $2 and payer = $3 and nonce = $4";
  private static final String UNSETTLED =
      "update x402_payment set state = 'unsettled', settled_at = $5"
          + " where chain_id = $1 and token = $2 and payer = $3 and nonce = $4"
          + " and state = 'claimed'";
  private static final String RELEASE =
      "delete from x402_payment where chain_id = $1 and token = $2 and payer = $3 and nonce = $4"
          + " and state = 'claimed'";

  private final Pool pool;

  @Inject
  public PgPaidCalls(Pool pool) {
    this.pool = pool;
  }

  private static Tuple key(Claim claim) {
    return Tuple.of(
        claim.chainId(), claim.token().lowercase(), claim.payer().lowercase(), claim.nonce().hex());
  }

  @Override
  public Uni<Boolean> claim(Claim claim) {
    return pool.preparedQuery(CLAIM)
        .execute(
            key(claim)
                .addValue(new BigDecimal(claim.value()))
                .addValue(claim.operation())
                .addValue(claim.at().atOffset(ZoneOffset.UTC)))
        .map(rows -> rows.size() > 0);
  }

  @Override
  public Uni<Void> settled(Claim claim, String txHash, Instant at) {
    return pool.preparedQuery(SETTLED)
        .execute(
            key(claim)
                .addValue(txHash.toLowerCase(java.util.Locale.ROOT))
                .addValue(at.atOffset(ZoneOffset.UTC)))
        .replaceWithVoid();
  }

  @Override
  public Uni<Void> unsettled(Claim claim, Instant at) {
    return pool.preparedQuery(UNSETTLED)
        .execute(key(claim).addValue(at.atOffset(ZoneOffset.UTC)))
        .replaceWithVoid();
  }

  @Override
  public Uni<Void> release(Claim claim) {
    return pool.preparedQuery(RELEASE).execute(key(claim)).replaceWithVoid();
  }
}
