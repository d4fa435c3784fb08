package org.walletstate.adapters.persistence;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
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
 * PgPurchases}. Opening is one transaction under a transaction-scoped advisory lock on the chain:
 * the counts of open intents (per price, per chain) and the insert cannot interleave with another
 * opening on the same chain, on any replica.
 */
@ApplicationScoped
public class PgPaymentIntents implements PaymentIntents {

  private static final String INSERT =
      "insert into payment_intent (id, secret_hash, chain_id, amount, purpose, created_at,"
          + " expires_at) values ($1, $2, $3, $4, $5, $6, $7)"
          + " on conflict on constraint payment_intent_amount_once do nothing returning id";
  private static final String LOCK =
      "select pg_advisory_xact_lock(hashtextextended('payment-intent:' || $1, 0))";

  /** Open: unclaimed and unexpired ({@code payment_intent_open_ix}); a price: (base, base+step). */
  private static final String OPEN =
      "select count(*) filter (where amount > $2 and amount < $3) as price_n,"
          + " min(expires_at) filter (where amount > $2 and amount < $3) as price_frees,"
          + " count(*) as chain_n, min(expires_at) as chain_frees from payment_intent"
          + " where chain_id = $1 and claimed_tx is null and expires_at > $4";

  private static final String FIND =
      "select id, secret_hash, chain_id, amount, purpose, expires_at from payment_intent"
          + " where id = $1";

  private final Pool pool;

  @Inject
  public PgPaymentIntents(Pool pool) {
    this.pool = pool;
  }

  @Override
  public Uni<Opening> open(PaymentIntent intent, Instant at, OpenBounds bounds) {
    String chain = intent.chain().toString();
    return pool.withTransaction(
        c ->
            c.preparedQuery(LOCK)
                .execute(Tuple.of(chain))
                .flatMap(
                    locked ->
                        c.preparedQuery(OPEN)
                            .execute(
                                Tuple.of(
                                    chain,
                                    bounds.base(),
                                    bounds.base().add(bounds.step()),
                                    at.atOffset(ZoneOffset.UTC))))
                .flatMap(
                    counts -> {
                      Row n = counts.iterator().next();
                      if (n.getLong("price_n") >= bounds.perPrice()) {
                        return Uni.createFrom()
                            .item(
                                (Opening)
                                    new Opening.Full(
                                        true, bounds.perPrice(), frees(n, "price_frees", at)));
                      }
                      if (n.getLong("chain_n") >= bounds.perChain()) {
                        return Uni.createFrom()
                            .item(
                                (Opening)
                                    new Opening.Full(
                                        false, bounds.perChain(), frees(n, "chain_frees", at)));
                      }
                      return insert(c, intent, at);
                    }));
  }

  private static Instant frees(Row n, String column, Instant at) {
    var first = n.getOffsetDateTime(column);
    return first == null ? at : first.toInstant();
  }

  private static Uni<Opening> insert(SqlConnection c, PaymentIntent intent, Instant at) {
    return c.preparedQuery(INSERT)
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
        .map(rows -> rows.size() == 1 ? (Opening) new Opening.Opened() : new Opening.AmountTaken());
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
