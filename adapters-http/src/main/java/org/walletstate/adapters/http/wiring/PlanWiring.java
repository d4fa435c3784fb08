package org.walletstate.adapters.http.wiring;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.time.Clock;
import org.walletstate.application.account.BuyPlan;
import org.walletstate.application.account.port.in.BuyPlanUseCase;
import org.walletstate.application.payment.ClaimedPayments;
import org.walletstate.application.payment.PayerBinding;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase;
import org.walletstate.application.port.out.PlanPurchases;

// Producers declared as in every wiring class by design: one method a bean.
/** Plans bought on chain: the same payment verification and payer binding as every purchase. */
@ApplicationScoped
public class PlanWiring {

  @Produces
  @ApplicationScoped
  ClaimedPayments claimedPayments(VerifyPaymentUseCase payments, PayerBinding payers) {
    return new ClaimedPayments(payments, payers);
  }

  @Produces
  @ApplicationScoped
  BuyPlanUseCase buyPlan(ClaimedPayments claims, PlanPurchases plans, Clock clock) {
    return new BuyPlan(claims, plans, clock);
  }
}
