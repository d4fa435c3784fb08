package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.Objects;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.payment.Payment;

/**
 * Months of paid plans bought with verified payments. A purchase is one transaction: the payment
 * (its transaction hash used once, across every kind of purchase), the paid month after the key's
 * paid time, and — when the month starts now — its credits and the key's plan and daily limit. A
 * refused purchase writes nothing.
 */
public interface PlanPurchases {

  Uni<Outcome> buy(MonthBought month);

  /**
   * @param keyId the key that gets the plan
   * @param plan the plan
   * @param payment the verified payment
   * @param credits what the month grants when it starts
   * @param at now
   * @param payer how the caller showed the payment is theirs: without a proof or an intent, the
   *     payment must come from the key's registered wallet
   */
  record MonthBought(
      long keyId, Plan plan, Payment payment, long credits, Instant at, Purchases.Payer payer) {
    public MonthBought {
      Objects.requireNonNull(plan, "plan");
      Objects.requireNonNull(payment, "payment");
      Objects.requireNonNull(at, "at");
      Objects.requireNonNull(payer, "payer");
      if (credits <= 0) {
        throw new IllegalArgumentException("a month grants credits");
      }
    }
  }

  /** What happened. */
  sealed interface Outcome {
    /**
     * @param startsAt where the month starts: now, or the end of the key's paid time
     * @param endsAt where it ends
     * @param granted credits granted now (0 when the month starts later)
     * @param balance the key's credits after
     * @param plan the key's plan now
     * @param dailyLimit the key's daily limit now
     */
    record Paid(
        Instant startsAt, Instant endsAt, long granted, long balance, Plan plan, int dailyLimit)
        implements Outcome {}

    /** The transaction was used before; nothing was written. */
    record AlreadyCredited() implements Outcome {}

    /** The payment intent was claimed before; nothing was written. */
    record IntentUsed() implements Outcome {}

    /** No proof or intent, and the payment is not from the key's registered wallet. */
    record SenderNotProven() implements Outcome {}
  }
}
