package org.walletstate.adapters.persistence;

import static org.walletstate.adapters.persistence.SqlRows.utc;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Instant;
import java.util.Optional;
import org.walletstate.application.port.out.PlanPurchases;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.account.PlanSale;
import org.walletstate.domain.payment.Payment;

/**
 * {@link PlanPurchases} in PostgreSQL (migration V18_1): under the key's row lock, the payment row
 * (its transaction hash unique across every purchase), the intent's claim, the month placed after
 * the key's paid time, then {@code apply_key_plan_periods}, which grants a month that starts now
 * and sets the key's plan and limit. A refused purchase rolls back whole.
 */
public class PgPlanPurchases implements PlanPurchases {

  private static final String LOCK_KEY =
      "select wallet, plan_paid_until from api_key where id = $1 for update";
  private static final String INSERT_MONTH =
      "insert into plan_period (api_key_id, plan, starts_at, ends_at, payment_id, credits)"
          + " values ($1, $2, $3, $4, $5, $6)";
  private static final String PAID_UNTIL = "update api_key set plan_paid_until = $2 where id = $1";
  private static final String APPLY = "select apply_key_plan_periods($1, $2) as granted";
  private static final String KEY_NOW =
      "select plan, daily_limit, credits from api_key where id = $1";

  // Built from its pool alone, like the other Pg stores, by design: each runs only its own
  // statements on it.
  private final Pool pool;

  public PgPlanPurchases(Pool pool) {
    this.pool = pool;
  }

  @Override
  public Uni<Outcome> buy(MonthBought month) {
    return pool.withTransaction(connection -> buyIn(connection, month))
        .onFailure(RolledBack.class)
        .recoverWithItem(failure -> RolledBack.answer(failure, Outcome.class));
  }

  private static Uni<Outcome> buyIn(SqlConnection connection, MonthBought month) {
    Payment payment = month.payment();
    return keyRow(connection, LOCK_KEY, month.keyId())
        .flatMap(
            key -> {
              String sender = PaymentRows.walletText(payment.sender());
              if (!month.payer().senderProven()
                  && month.payer().intentId().isEmpty()
                  && !sender.equals(key.getString("wallet"))) {
                throw new RolledBack(new Outcome.SenderNotProven());
              }
              Optional<Instant> paidUntil = SqlRows.instant(key, "plan_paid_until");
              Instant start = PlanSale.start(month.at(), paidUntil);
              return PaymentRows.insertClaiming(
                      connection,
                      month.keyId(),
                      "plan",
                      payment,
                      month.credits(),
                      month.at(),
                      month.payer().intentId(),
                      new Outcome.AlreadyCredited(),
                      new Outcome.IntentUsed())
                  .flatMap(paymentId -> place(connection, month, paymentId, start));
            });
  }

  private static Uni<Outcome> place(
      SqlConnection connection, MonthBought month, long paymentId, Instant start) {
    Instant end = start.plus(PlanSale.MONTH);
    return connection
        .preparedQuery(INSERT_MONTH)
        .execute(
            Tuple.of(
                month.keyId(),
                month.plan().wireName(),
                utc(start),
                utc(end),
                paymentId,
                month.credits()))
        .flatMap(
            done -> connection.preparedQuery(PAID_UNTIL).execute(Tuple.of(month.keyId(), utc(end))))
        .flatMap(
            done ->
                connection.preparedQuery(APPLY).execute(Tuple.of(month.keyId(), utc(month.at()))))
        .flatMap(
            applied -> {
              long granted = applied.iterator().next().getLong("granted");
              return keyRow(connection, KEY_NOW, month.keyId())
                  .map(
                      key ->
                          (Outcome)
                              new Outcome.Paid(
                                  start,
                                  end,
                                  granted,
                                  key.getLong("credits"),
                                  Plan.fromWireName(key.getString("plan")),
                                  key.getInteger("daily_limit")));
            });
  }

  /** The one row of key {@code keyId} that {@code statement} reads. */
  private static Uni<Row> keyRow(SqlConnection connection, String statement, long keyId) {
    return connection
        .preparedQuery(statement)
        .execute(Tuple.of(keyId))
        .map(rows -> rows.iterator().next());
  }
}
