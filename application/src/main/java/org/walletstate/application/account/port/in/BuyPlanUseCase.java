package org.walletstate.application.account.port.in;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import org.walletstate.application.payment.port.in.PurchaseRefusal;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.account.PlanPurchaseRequest;
import org.walletstate.domain.payment.Payment;

/**
 * {@code POST /v1/plans/buy}: a month of pro or enterprise for the caller's key, paid on chain
 * (docs/billing.md, "Buying a plan").
 */
public interface BuyPlanUseCase {

  Uni<Outcome> buy(KeyAccount account, PlanPurchaseRequest request);

  /** What happened. */
  sealed interface Outcome {
    /**
     * @param payment the verified payment
     * @param bought the plan of the month bought
     * @param startsAt where the month starts (now, or the end of the key's paid time)
     * @param endsAt where it ends
     * @param credits what the month grants when it starts
     * @param granted what was granted now (0 when the month starts later)
     * @param balance the key's credits now
     * @param plan the key's plan now
     * @param dailyLimit the key's daily limit now
     */
    record Bought(
        Payment payment,
        Plan bought,
        Instant startsAt,
        Instant endsAt,
        long credits,
        long granted,
        long balance,
        Plan plan,
        int dailyLimit)
        implements Outcome {}

    /** Nothing was written; the refusal says why. */
    record Refused(PurchaseRefusal refusal) implements Outcome {}
  }
}
