package org.walletstate.adapters.persistence;

import static org.walletstate.adapters.persistence.SqlRows.first;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;
import org.walletstate.application.port.out.PaymentIntents;
import org.walletstate.application.port.out.PaymentIntents.OpenBounds;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payment.payer.PaymentIntent;

/**
 * {@link PaymentIntents} in table {@code payment_intent}; claims are written by {@link
 * PgPurchases}. Opening is one transaction under a transaction-scoped advisory lock on the chain:
 * the counts of open intents (per opener, per price, per chain), the choice of a free amount and
 * the insert cannot interleave with another opening on the same chain, on any replica.
 */
public class PgPaymentIntents implements PaymentIntents {

  // The statements as constants, as PgCreditLedger keeps its own, by design: each store names its
  // tables' columns.
  private static final String INSERT =
      "insert into payment_intent (id, secret_hash, chain_id, amount, purpose, created_at,"
          + " expires_at, opener) values ($1, $2, $3, $4, $5, $6, $7, $8)";
  private static final String LOCK =
      "select pg_advisory_xact_lock(hashtextextended('payment-intent:' || $1, 0))";

  /**
   * Open: unclaimed and unexpired ({@code payment_intent_open_ix}); a price: (base, base+step); an
   * opener's: those stored with its name $5.
   */
  private static final String OPEN =
      "select count(*) filter (where amount > $2 and amount < $3) as price_n,"
          + " min(expires_at) filter (where amount > $2 and amount < $3) as price_frees,"
          + " count(*) filter (where opener = $5) as opener_n,"
          + " min(expires_at) filter (where opener = $5) as opener_frees,"
          + " count(*) as chain_n, min(expires_at) as chain_frees from payment_intent"
          + " where chain_id = $1 and claimed_tx is null and expires_at > $4";

  /** Candidate offset {@code o} is free: no intent on the chain holds its amount. */
  private static final String FREE_OF =
      " o where not exists (select 1 from payment_intent p where p.chain_id = $1"
          + " and p.amount = $2::numeric + o * $4::numeric"
          + " and coalesce(p.claimed_at, p.expires_at) >= $5::timestamptz)";

  /**
   * The first free amount {@code base + o * unit} of the price, {@code o} from the preferred offset
   * $3 up to 9,999, then from 1: free when every intent that had it ended ({@code claimed_at}, else
   * {@code expires_at}) before $5. Each candidate is one probe of {@code payment_intent_amount_ix};
   * the scan stops at the first free one.
   */
  private static final String FREE =
      "(select $2::numeric + o * $4::numeric as amount from generate_series($3::int, 9999)"
          + FREE_OF
          + ") union all (select $2::numeric + o * $4::numeric from generate_series(1, $3::int - 1)"
          + FREE_OF
          + ") limit 1";

  private static final String FIND =
      "select id, secret_hash, chain_id, amount, purpose, created_at, expires_at"
          + " from payment_intent where id = $1";

  // Built from its pool alone, like the other Pg stores, by design: each runs only its own
  // statements on it.
  private final Pool pool;

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
                                    SqlRows.utc(at),
                                    bounds.opener())))
                .flatMap(
                    counts -> {
                      Row n = counts.iterator().next();
                      Opening full = full(n, bounds, at);
                      return full != null
                          ? Uni.createFrom().item(full)
                          : insert(c, intent, at, bounds);
                    }));
  }

  /** The first bound the open intents meet (the opener's, the price's, the chain's), or null. */
  private static Opening full(Row n, OpenBounds bounds, Instant at) {
    if (n.getLong("opener_n") >= bounds.perOpener()) {
      return new Opening.Full(
          Opening.Scope.OPENER, bounds.perOpener(), frees(n, "opener_frees", at));
    }
    if (n.getLong("price_n") >= bounds.perPrice()) {
      return new Opening.Full(Opening.Scope.PRICE, bounds.perPrice(), frees(n, "price_frees", at));
    }
    if (n.getLong("chain_n") >= bounds.perChain()) {
      return new Opening.Full(Opening.Scope.CHAIN, bounds.perChain(), frees(n, "chain_frees", at));
    }
    return null;
  }

  private static Instant frees(Row n, String column, Instant at) {
    var first = n.getOffsetDateTime(column);
    return first == null ? at : first.toInstant();
  }

  private static Uni<Opening> insert(
      SqlConnection c, PaymentIntent intent, Instant at, OpenBounds bounds) {
    BigDecimal unit = bounds.step().movePointLeft(4);
    int preferred = intent.amount().subtract(bounds.base()).divide(unit).intValueExact();
    // empty: never reissued, so any holder since the epoch keeps its amount
    Instant endedBefore = bounds.reissueIfEndedBefore().orElse(Instant.EPOCH);
    return c.preparedQuery(FREE)
        .execute(
            Tuple.of(
                intent.chain().toString(),
                bounds.base(),
                preferred,
                unit,
                SqlRows.utc(endedBefore)))
        .flatMap(
            free -> {
              if (free.size() == 0) {
                return Uni.createFrom().item((Opening) new Opening.NoFreeAmount());
              }
              BigDecimal amount = free.iterator().next().getBigDecimal("amount");
              return c.preparedQuery(INSERT)
                  .execute(
                      Tuple.from(
                          new Object[] {
                            intent.id(),
                            io.vertx.core.buffer.Buffer.buffer(intent.secretHash()),
                            intent.chain().toString(),
                            amount,
                            intent.purpose(),
                            SqlRows.utc(at),
                            SqlRows.utc(intent.expiresAt()),
                            bounds.opener()
                          }))
                  .map(rows -> (Opening) new Opening.Opened(amount));
            });
  }

  @Override
  public Uni<Optional<PaymentIntent>> find(String id) {
    return pool.preparedQuery(FIND)
        .execute(Tuple.of(id))
        .map(rows -> first(rows, PgPaymentIntents::intent));
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
        row.getOffsetDateTime("created_at").toInstant(),
        row.getOffsetDateTime("expires_at").toInstant());
  }
}
