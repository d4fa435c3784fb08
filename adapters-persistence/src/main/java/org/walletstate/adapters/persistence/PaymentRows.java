package org.walletstate.adapters.persistence;

import static org.walletstate.adapters.persistence.SqlRows.utc;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.payment.Payment;

/**
 * The rows every purchase writes inside its transaction, whatever it buys (a key, credits, a plan's
 * month): the payment, whose transaction hash is used once across all of them, and the claim of the
 * payment intent it was paid under, and the ledger entry of what it gave. Each rolls the
 * transaction back ({@link RolledBack}) with the purchase's own answer when the hash or the intent
 * was used before.
 */
final class PaymentRows {

  private static final String INSERT_PAYMENT =
      "insert into payment (tx_hash, chain_id, api_key_id, purpose, sender, token, raw_amount,"
          + " usd, credits, created_at)"
          + " values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)"
          + " on conflict (tx_hash) do nothing returning id";
  private static final String CLAIM_INTENT =
      "update payment_intent set claimed_tx = $2, claimed_at = $3"
          + " where id = $1 and claimed_tx is null returning id";

  private static final String INSERT_PURCHASE =
      "insert into credit_entry (api_key_id, kind, amount, reason, payment_id, created_at)"
          + " values ($1, 'purchase', $2, $3, $4, $5)";

  private PaymentRows() {}

  /** A wallet as the payment and key rows store it (EVM lower case, others as written). */
  static String walletText(WalletAddress wallet) {
    return wallet instanceof EvmAddress evm ? evm.lowercase() : wallet.text();
  }

  /**
   * Stores the payment for key {@code keyId} and claims the intent it pays, if any; its id. Rolls
   * back with {@code alreadyCredited} when its transaction hash paid for something before, with
   * {@code intentUsed} when the intent was claimed before.
   */
  static Uni<Long> insertClaiming(
      SqlConnection connection,
      long keyId,
      String purpose,
      Payment payment,
      long credits,
      Instant at,
      Optional<String> intentId,
      Object alreadyCredited,
      Object intentUsed) {
    return connection
        .preparedQuery(INSERT_PAYMENT)
        .execute(
            Tuple.from(
                new Object[] {
                  payment.hash().text(),
                  payment.chain().toString(),
                  keyId,
                  purpose,
                  walletText(payment.sender()),
                  payment.token(),
                  new BigDecimal(payment.raw()),
                  payment.usd(),
                  credits,
                  utc(at)
                }))
        .map(rows -> returnedId(rows, alreadyCredited))
        .call(paymentId -> claimIntent(connection, intentId, payment, at, intentUsed));
  }

  /**
   * The id an insert returned; rolls back with {@code refusal} when it returned none (its conflict
   * clause kept the row out).
   */
  static long returnedId(RowSet<Row> rows, Object refusal) {
    if (rows.size() == 0) {
      throw new RolledBack(refusal);
    }
    return rows.iterator().next().getLong("id");
  }

  /** Marks the intent claimed by this payment; rolls back with {@code used} when it was before. */
  private static Uni<Void> claimIntent(
      SqlConnection connection,
      Optional<String> intentId,
      Payment payment,
      Instant at,
      Object used) {
    if (intentId.isEmpty()) {
      return Uni.createFrom().voidItem();
    }
    return connection
        .preparedQuery(CLAIM_INTENT)
        .execute(Tuple.of(intentId.get(), payment.hash().text(), utc(at)))
        .map(
            rows -> {
              if (rows.size() == 0) {
                throw new RolledBack(used);
              }
              return null;
            });
  }

  /** The purchase's ledger entry: {@code credits} given to key {@code keyId} for the payment. */
  static Uni<Void> ledgerEntry(
      SqlConnection connection,
      long keyId,
      long credits,
      String reason,
      long paymentId,
      Instant at) {
    return connection
        .preparedQuery(INSERT_PURCHASE)
        .execute(Tuple.of(keyId, credits, reason, paymentId, utc(at)))
        .replaceWithVoid();
  }
}
