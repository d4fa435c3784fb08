package org.walletstate.adapters.persistence;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.walletstate.application.port.out.PaymentIntents;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payment.payer.PaymentIntent;

/**
 * {@link PaymentIntents} in table {@code payment_intent}; claims are written by {@link
 * PgPurchases}.
 */
@ApplicationScoped
public class PgPaymentIntents implements PaymentIntents {

  private static final String INSERT =
      "insert into payment_intent (id, secret_hash, chain_id, amount, purpose, created_at,"
          + " expires_at) values ($1, $2, $3, $4, $5, $6, $7)"
          + " on conflict on constraint payment_intent_amount_once do nothing returning id";
  private static final String FIND =
      "select id, secret_hash, chain_id, amount, purpose, expires_at from payment_intent"
          + " where id = $1";

  private final Pool pool;

  @Inject
  public PgPaymentIntents(Pool pool) {
    this.pool = pool;
  }

  @Override
  public Uni<Boolean> open(PaymentIntent intent, Instant at) {
    return pool.preparedQuery(INSERT)
        .execute(
            Tuple.from(
                new Object[] {
                  intent.id(),
                  io.vertx.core.buffer.Buffer.buffer(intent.secretHash()),
                  intent.chain().toString(),
                  intent.amount(),
                  intent.purpose(),
                  at.atOffset(ZoneOffset.UTC),
                  intent.expiresAt().atOffset(ZoneOffset.UTC)
                }))
        .map(rows -> rows.size() == 1);
  }

  @Override
  public Uni<Optional<PaymentIntent>> find(String id) {
    return pool.preparedQuery(FIND)
        .execute(Tuple.of(id))
        .map(
            rows ->
                rows.size() == 0 ? Optional.empty() : Optional.of(intent(rows.iterator().next())));
  }

  private static PaymentIntent intent(Row row) {
    String chain = row.getString("chain_id");
    return new PaymentIntent(
        row.getString("id"),
        row.getBuffer("secret_hash").getBytes(),
        chain.chars().allMatch(Character::isDigit)
            ? new ChainId.Evm(Long.parseLong(chain))
            : new ChainId.Named(chain),
        row.getBigDecimal("amount"),
        row.getString("purpose"),
        row.getOffsetDateTime("expires_at").toInstant());
  }
}
