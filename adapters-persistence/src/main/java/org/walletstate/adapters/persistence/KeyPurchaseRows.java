package org.walletstate.adapters.persistence;

import static org.walletstate.adapters.persistence.SqlRows.utc;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Instant;
import java.util.Locale;
import org.walletstate.application.port.out.Purchases.KeyPurchase;
import org.walletstate.application.port.out.Purchases.NewPaidKey;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payment.Payment;

/**
 * The rows of a key bought with a payment, inside its transaction: the key (one per wallet: a
 * wallet that holds one rolls back with {@link KeyPurchase.WalletHasKey}), the payment and its
 * intent, the ledger entry, and the access pass mint when the plan carries one.
 */
final class KeyPurchaseRows {

  private static final String INSERT_KEY =
      "insert into api_key (key_hash, email, app_name, plan, key_version, daily_limit, credits,"
          + " created_at, wallet, wallet_family, channel, key_delivery)"
          + " values ($1, null, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"
          + " on conflict (wallet) where wallet is not null do nothing returning id";

  /**
   * The purchase's own first mint holds the row (it is not due) for ten minutes, so that no retry
   * sends it at the same time; a replica that stopped mid-way leaves it due after.
   */
  private static final String INSERT_MINT =
      "insert into access_pass_mint (api_key_id, wallet, state, attempts, next_attempt,"
          + " updated_at) values ($1, $2, 'pending', 0, $3::timestamptz + interval '10 minutes', $3)";

  private KeyPurchaseRows() {}

  static Uni<KeyPurchase> buy(SqlConnection connection, NewPaidKey key) {
    Payment payment = key.payment();
    Instant at = key.at();
    // A positional row like the payment's in PaymentRows by design: each insert lists its own
    // columns.
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
                      : payment.sender().family().name().toLowerCase(Locale.ROOT),
                  key.channel().map(c -> c.value()).orElse(null),
                  key.delivery().wireName()
                }))
        .map(ids -> PaymentRows.returnedId(ids, new KeyPurchase.WalletHasKey()))
        .flatMap(keyId -> paid(connection, key, keyId));
  }

  /** The key {@code keyId} is in: its payment, intent, ledger entry and pending mint. */
  private static Uni<KeyPurchase> paid(SqlConnection connection, NewPaidKey key, long keyId) {
    Payment payment = key.payment();
    Instant at = key.at();
    return PaymentRows.insertClaiming(
            connection,
            keyId,
            "key",
            payment,
            key.credits(),
            at,
            key.intentId(),
            new KeyPurchase.AlreadyCredited(),
            new KeyPurchase.IntentUsed())
        .flatMap(
            paymentId ->
                PaymentRows.ledgerEntry(
                    connection,
                    keyId,
                    key.credits(),
                    "key purchase " + payment.chain(),
                    paymentId,
                    at))
        .flatMap(
            done ->
                key.passPending()
                    ? connection
                        .preparedQuery(INSERT_MINT)
                        .execute(Tuple.of(keyId, PaymentRows.walletText(payment.sender()), utc(at)))
                        .replaceWithVoid()
                    : Uni.createFrom().voidItem())
        .replaceWith(new KeyPurchase.Created(keyId, key.credits()));
  }
}
