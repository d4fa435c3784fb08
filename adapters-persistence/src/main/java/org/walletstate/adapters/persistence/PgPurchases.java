package org.walletstate.adapters.persistence;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import io.vertx.pgclient.PgException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.walletstate.application.port.out.PassMints;
import org.walletstate.application.port.out.Purchases;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payment.Payment;

/**
 * {@link Purchases} and {@link PassMints} in PostgreSQL, in plain SQL. A purchase is one
 * transaction: the payment row (its transaction hash is unique: the insert does nothing when the
 * hash credited before, and a concurrent replay waits for the first to commit and then does
 * nothing), the key's wallet rule, the balance and the ledger entry. A refused purchase rolls back
 * whole.
 */
public class PgPurchases implements Purchases, PassMints {

  private static final String UNIQUE_VIOLATION = "23505";

  private static final String INSERT_KEY =
      "insert into api_key (key_hash, email, app_name, plan, key_version, daily_limit, credits,"
          + " created_at, wallet, wallet_family, channel, key_delivery)"
          + " values ($1, null, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"
          + " on conflict (wallet) where wallet is not null do nothing returning id";
  private static final String INSERT_PURCHASE =
      "insert into credit_entry (api_key_id, kind, amount, reason, payment_id, created_at)"
          + " values ($1, 'purchase', $2, $3, $4, $5)";
  private static final String PAYMENT_EXISTS = "select 1 from payment where tx_hash = $1";
  private static final String KEY_WALLET = "select wallet from api_key where id = $1 for update";
  private static final String WALLET_OWNER =
      "select id from api_key where wallet = $1 and id <> $2";
  private static final String SET_WALLET =
      "update api_key set wallet = $2, wallet_family = $3 where id = $1";
  private static final String GIVE =
      "update api_key set credits = credits + $2 where id = $1 returning credits";

  /**
   * The purchase's own first mint holds the row (it is not due) for ten minutes, so that no retry
   * sends it at the same time; a replica that stopped mid-way leaves it due after.
   */
  private static final String INSERT_MINT =
      "insert into access_pass_mint (api_key_id, wallet, state, attempts, next_attempt,"
          + " updated_at) values ($1, $2, 'pending', 0, $3::timestamptz + interval '10 minutes', $3)";

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

  private final Pool pool;

  public PgPurchases(Pool pool) {
    this.pool = pool;
  }

  @Override
  public Uni<KeyPurchase> buyKey(NewPaidKey key) {
    return pool.withTransaction(connection -> buyKeyIn(connection, key))
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

  private static Uni<KeyPurchase> buyKeyIn(SqlConnection connection, NewPaidKey key) {
    Payment payment = key.payment();
    Instant at = key.at();
    return connection
        .preparedQuery(INSERT_KEY)
        .execute(
            Tuple.from(
                new Object[] {
                  key.hash().hex(),
                  key.appName().value(),
                  key.plan().wireName(),
                  (short) (key.version() == KeyVersion.V1 ? 1 : 2),
                  key.plan().dailyLimit(),
                  key.credits(),
                  utc(at),
                  key.intentId().isPresent() ? null : PaymentRows.walletText(payment.sender()),
                  key.intentId().isPresent()
                      ? null
                      : payment.sender().family().name().toLowerCase(java.util.Locale.ROOT),
                  key.channel().map(c -> c.value()).orElse(null),
                  key.delivery().wireName()
                }))
        .flatMap(
            ids -> {
              if (ids.size() == 0) {
                throw new RolledBack(new KeyPurchase.WalletHasKey());
              }
              long keyId = ids.iterator().next().getLong("id");
              return PaymentRows.insert(
                      connection,
                      keyId,
                      "key",
                      payment,
                      key.credits(),
                      at,
                      new KeyPurchase.AlreadyCredited())
                  .call(
                      paymentId ->
                          PaymentRows.claimIntent(
                              connection,
                              key.intentId(),
                              payment,
                              at,
                              new KeyPurchase.IntentUsed()))
                  .flatMap(
                      paymentId ->
                          connection
                              .preparedQuery(INSERT_PURCHASE)
                              .execute(
                                  Tuple.of(
                                      keyId,
                                      key.credits(),
                                      "key purchase " + payment.chain(),
                                      paymentId,
                                      utc(at))))
                  .flatMap(
                      done ->
                          key.passPending()
                              ? connection
                                  .preparedQuery(INSERT_MINT)
                                  .execute(
                                      Tuple.of(
                                          keyId, PaymentRows.walletText(payment.sender()), utc(at)))
                                  .replaceWithVoid()
                              : Uni.createFrom().voidItem())
                  .replaceWith(new KeyPurchase.Created(keyId, key.credits()));
            });
  }

  @Override
  public Uni<CreditPurchase> buyCredits(CreditsBought purchase) {
    return pool.withTransaction(connection -> buyCreditsIn(connection, purchase))
        .onFailure(RolledBack.class)
        .recoverWithItem(failure -> RolledBack.answer(failure, CreditPurchase.class))
        .onFailure(PgPurchases::isUniqueViolation)
        // two keys registering one wallet at once: the index decided
        .recoverWithItem(failure -> new CreditPurchase.WalletOfAnotherKey());
  }

  private static Uni<CreditPurchase> buyCreditsIn(
      SqlConnection connection, CreditsBought purchase) {
    Payment payment = purchase.payment();
    String sender = PaymentRows.walletText(payment.sender());
    long keyId = purchase.keyId();
    return connection
        .preparedQuery(KEY_WALLET)
        .execute(Tuple.of(keyId))
        .flatMap(
            rows -> {
              String registered = rows.iterator().next().getString("wallet");
              // an intent's payment changes no wallet: its sender may be an exchange's
              if (sender.equals(registered) || purchase.payer().intentId().isPresent()) {
                return Uni.createFrom().item(false);
              }
              if (registered != null && !purchase.replaceWallet()) {
                throw new RolledBack(new CreditPurchase.WalletMismatch(registered));
              }
              if (!purchase.payer().senderProven()) {
                throw new RolledBack(
                    new CreditPurchase.SenderNotProven(java.util.Optional.ofNullable(registered)));
              }
              return connection
                  .preparedQuery(WALLET_OWNER)
                  .execute(Tuple.of(sender, keyId))
                  .flatMap(
                      owners -> {
                        if (owners.size() > 0) {
                          throw new RolledBack(new CreditPurchase.WalletOfAnotherKey());
                        }
                        return connection
                            .preparedQuery(SET_WALLET)
                            .execute(
                                Tuple.of(
                                    keyId,
                                    sender,
                                    payment
                                        .sender()
                                        .family()
                                        .name()
                                        .toLowerCase(java.util.Locale.ROOT)))
                            .replaceWith(true);
                      });
            })
        .flatMap(
            walletChanged ->
                PaymentRows.insert(
                        connection,
                        keyId,
                        purchase.purpose().wireName(),
                        payment,
                        purchase.credits(),
                        purchase.at(),
                        new CreditPurchase.AlreadyCredited())
                    .call(
                        paymentId ->
                            PaymentRows.claimIntent(
                                connection,
                                purchase.payer().intentId(),
                                payment,
                                purchase.at(),
                                new CreditPurchase.IntentUsed()))
                    .flatMap(
                        paymentId ->
                            connection
                                .preparedQuery(INSERT_PURCHASE)
                                .execute(
                                    Tuple.of(
                                        keyId,
                                        purchase.credits(),
                                        (purchase.purpose() == Purchases.Purpose.MERCHANT_CREDITS
                                                ? "merchant credit purchase "
                                                : "credit purchase ")
                                            + payment.chain(),
                                        paymentId,
                                        utc(purchase.at()))))
                    .flatMap(
                        done ->
                            connection
                                .preparedQuery(GIVE)
                                .execute(Tuple.of(keyId, purchase.credits())))
                    .map(
                        given ->
                            (CreditPurchase)
                                new CreditPurchase.Credited(
                                    given.iterator().next().getLong("credits"), walletChanged)));
  }

  @Override
  public Uni<List<PendingMint>> claimDue(Instant now, int max, Instant claimedUntil) {
    return pool.preparedQuery(CLAIM_DUE_MINTS)
        .execute(Tuple.of(utc(now), max, utc(claimedUntil)))
        .map(PgPurchases::pending);
  }

  private static List<PendingMint> pending(RowSet<Row> rows) {
    List<PendingMint> out = new ArrayList<>();
    for (Row row : rows) {
      out.add(
          new PendingMint(
              row.getLong("api_key_id"),
              EvmAddress.of(row.getString("wallet")),
              row.getInteger("attempts")));
    }
    return out;
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

  private static OffsetDateTime utc(Instant at) {
    return at.atOffset(ZoneOffset.UTC);
  }

  private static boolean isUniqueViolation(Throwable failure) {
    return failure instanceof PgException pg && UNIQUE_VIOLATION.equals(pg.getSqlState());
  }
}
