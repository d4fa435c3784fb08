package org.walletstate.adapters.persistence;

import static org.walletstate.adapters.persistence.SqlRows.each;
import static org.walletstate.adapters.persistence.SqlRows.utc;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import io.vertx.pgclient.PgException;
import java.time.Instant;
import java.util.List;
import org.walletstate.application.port.out.PassMints;
import org.walletstate.application.port.out.Purchases;
import org.walletstate.domain.address.EvmAddress;

/**
 * {@link Purchases} and {@link PassMints} in PostgreSQL, in plain SQL. A purchase is one
 * transaction: the payment row (its transaction hash is unique: the insert does nothing when the
 * hash credited before, and a concurrent replay waits for the first to commit and then does
 * nothing), the key's wallet rule, the balance and the ledger entry ({@link KeyPurchaseRows} for a
 * new key, {@link CreditPurchaseRows} for credits). A refused purchase rolls back whole. The pass
 * mints a key purchase queues are claimed, marked minted or deferred here.
 */
public class PgPurchases implements Purchases, PassMints {

  private static final String UNIQUE_VIOLATION = "23505";

  private static final String PAYMENT_EXISTS = "select 1 from payment where tx_hash = $1";

  /** Due mints, claimed until $3: each by one caller, also across replicas. */
  private static final String CLAIM_DUE_MINTS =
      "with due as (select api_key_id from access_pass_mint"
          + " where state = 'pending' and next_attempt <= $1 order by next_attempt limit $2"
          + " for update skip locked)"
          + " update access_pass_mint m set next_attempt = $3 from due"
          + " where m.api_key_id = due.api_key_id returning m.api_key_id, m.wallet, m.attempts";

  private static final String MINTED =
      "update access_pass_mint set state = 'minted', tx_hash = $2, updated_at = $3"
          + " where api_key_id = $1";
  private static final String DEFERRED =
      "update access_pass_mint set attempts = attempts + 1, next_attempt = $2, updated_at = $3"
          + " where api_key_id = $1 and state = 'pending'";

  // Built from its pool alone, like the other Pg stores, by design: each runs only its own
  // statements on it.
  private final Pool pool;

  public PgPurchases(Pool pool) {
    this.pool = pool;
  }

  @Override
  public Uni<KeyPurchase> buyKey(NewPaidKey key) {
    return pool.withTransaction(connection -> KeyPurchaseRows.buy(connection, key))
        .onFailure(RolledBack.class)
        .recoverWithUni(
            failure -> {
              Object outcome = RolledBack.answer(failure, Object.class);
              if (!(outcome instanceof KeyPurchase.WalletHasKey)) {
                return Uni.createFrom().item((KeyPurchase) outcome);
              }
              // a concurrent replay of the hash also meets the wallet first: name the real cause
              return pool.preparedQuery(PAYMENT_EXISTS)
                  .execute(Tuple.of(key.payment().hash().text()))
                  .map(
                      rows ->
                          rows.size() > 0
                              ? new KeyPurchase.AlreadyCredited()
                              : (KeyPurchase) outcome);
            });
  }

  @Override
  public Uni<CreditPurchase> buyCredits(CreditsBought purchase) {
    return pool.withTransaction(connection -> CreditPurchaseRows.buy(connection, purchase))
        .onFailure(RolledBack.class)
        .recoverWithItem(failure -> RolledBack.answer(failure, CreditPurchase.class))
        .onFailure(PgPurchases::isUniqueViolation)
        // two keys registering one wallet at once: the index decided
        .recoverWithItem(failure -> new CreditPurchase.WalletOfAnotherKey());
  }

  @Override
  public Uni<List<PendingMint>> claimDue(Instant now, int max, Instant claimedUntil) {
    return pool.preparedQuery(CLAIM_DUE_MINTS)
        .execute(Tuple.of(utc(now), max, utc(claimedUntil)))
        .map(PgPurchases::pending);
  }

  private static List<PendingMint> pending(RowSet<Row> rows) {
    return each(
        rows,
        row ->
            new PendingMint(
                row.getLong("api_key_id"),
                EvmAddress.of(row.getString("wallet")),
                row.getInteger("attempts")));
  }

  @Override
  public Uni<Void> minted(long keyId, String txHash, Instant at) {
    return pool.preparedQuery(MINTED).execute(Tuple.of(keyId, txHash, utc(at))).replaceWithVoid();
  }

  @Override
  public Uni<Void> deferred(long keyId, Instant retryAt, Instant at) {
    return pool.preparedQuery(DEFERRED)
        .execute(Tuple.of(keyId, utc(retryAt), utc(at)))
        .replaceWithVoid();
  }

  private static boolean isUniqueViolation(Throwable failure) {
    return failure instanceof PgException pg && UNIQUE_VIOLATION.equals(pg.getSqlState());
  }
}
