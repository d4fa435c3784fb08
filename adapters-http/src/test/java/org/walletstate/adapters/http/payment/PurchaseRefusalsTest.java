package org.walletstate.adapters.http.payment;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.account.PlanSale;

/** The HTTP adapter words the refusals that name an endpoint, as they were always answered. */
class PurchaseRefusalsTest {

  @Test
  void anUnderpaidPlan_namesWhereThePaymentStillBuysCredits() {
    PlanSale.Shortfall shortfall =
        new PlanSale(Plan.PRO, new BigDecimal("28.999999")).shortfall().orElseThrow();

    assertThat(PurchaseRefusals.underpaid(shortfall))
        .isEqualTo(
            "a month of pro costs 29 USD and this payment is worth 28.999999 USD; pay at least"
                + " the price (the payment was not used: it can still buy credits with POST"
                + " /v1/credits/buy)");
  }
}
