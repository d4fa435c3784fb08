package org.walletstate.adapters.persistence;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.util.Locale;
import java.util.Optional;
import org.walletstate.application.port.out.Purchases;
import org.walletstate.application.port.out.Purchases.CreditPurchase;
import org.walletstate.application.port.out.Purchases.CreditsBought;
import org.walletstate.domain.payment.Payment;

/**
 * The rows of credits bought for an existing key, inside its transaction: the key's wallet rule
 * (the payment's sender becomes the key's wallet when it has none, or when the caller replaces it
 * with a proven sender that no other key holds), then the payment and its intent, the ledger entry
 * and the balance.
 */
final class CreditPurchaseRows {

  private static final String KEY_WALLET = "select wallet from api_key where id = $1 for update";
  // The statements as constants, as every store keeps its own, by design: each is read beside the
  // code that runs it.
  private static final String WALLET_OWNER =
      "select id from api_key where wallet = $1 and id <> $2";
  private static final String SET_WALLET =
      "update api_key set wallet = $2, wallet_family = $3 where id = $1";
  private static final String GIVE =
      "update api_key set credits = credits + $2 where id = $1 returning credits";

  private CreditPurchaseRows() {}

  static Uni<CreditPurchase> buy(SqlConnection connection, CreditsBought purchase) {
    return walletRule(connection, purchase)
        .flatMap(walletChanged -> credit(connection, purchase, walletChanged));
  }

  /** Applies the wallet rule; whether the key's wallet changed. */
  private static Uni<Boolean> walletRule(SqlConnection connection, CreditsBought purchase) {
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
                    new CreditPurchase.SenderNotProven(Optional.ofNullable(registered)));
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
                                    payment.sender().family().name().toLowerCase(Locale.ROOT)))
                            .replaceWith(true);
                      });
            });
  }

  /** The payment, its intent, the ledger entry and the new balance. */
  private static Uni<CreditPurchase> credit(
      SqlConnection connection, CreditsBought purchase, boolean walletChanged) {
    Payment payment = purchase.payment();
    long keyId = purchase.keyId();
    return PaymentRows.insertClaiming(
            connection,
            keyId,
            purchase.purpose().wireName(),
            payment,
            purchase.credits(),
            purchase.at(),
            purchase.payer().intentId(),
            new CreditPurchase.AlreadyCredited(),
            new CreditPurchase.IntentUsed())
        .flatMap(
            paymentId ->
                PaymentRows.ledgerEntry(
                    connection,
                    keyId,
                    purchase.credits(),
                    (purchase.purpose() == Purchases.Purpose.MERCHANT_CREDITS
                            ? "merchant credit purchase "
                            : "credit purchase ")
                        + payment.chain(),
                    paymentId,
                    purchase.at()))
        .flatMap(
            done -> connection.preparedQuery(GIVE).execute(Tuple.of(keyId, purchase.credits())))
        .map(
            given ->
                (CreditPurchase)
                    new CreditPurchase.Credited(
                        given.iterator().next().getLong("credits"), walletChanged));
  }
}
