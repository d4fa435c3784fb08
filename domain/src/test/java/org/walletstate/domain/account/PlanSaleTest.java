package org.walletstate.domain.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PlanSaleTest {

  private static final Instant NOW = Instant.parse("2026-11-28T04:00:00Z");

  @Test
  void thePricesAreTheInterfaces() {
    assertThat(Plan.PRO.monthlyUsd()).isEqualByComparingTo("29");
    assertThat(Plan.ENTERPRISE.monthlyUsd()).isEqualByComparingTo("99");
    assertThat(Plan.FREE.monthlyUsd()).isEqualByComparingTo("0");
  }

  @Test
  void aPaymentBelowThePrice_buysNothing_andSaysWhatItCosts() {
    PlanSale sale = new PlanSale(Plan.PRO, new BigDecimal("28.999999"));
    assertThat(sale.shortfall())
        .hasValueSatisfying(
            reason ->
                assertThat(reason.reason())
                    .contains("a month of pro costs 29 USD")
                    .contains("worth 28.999999 USD"));
    assertThatThrownBy(sale::credits).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void thePriceBuysThePlansCredits_andTheSurplusIsCreditedAt25PerUsdRoundedDown() {
    assertThat(new PlanSale(Plan.PRO, new BigDecimal("29")).credits()).isEqualTo(1000);
    assertThat(new PlanSale(Plan.PRO, new BigDecimal("29.004817")).credits()).isEqualTo(1000);
    assertThat(new PlanSale(Plan.PRO, new BigDecimal("30.05")).credits()).isEqualTo(1026);
    assertThat(new PlanSale(Plan.ENTERPRISE, new BigDecimal("99")).credits()).isEqualTo(5000);
    assertThat(new PlanSale(Plan.ENTERPRISE, new BigDecimal("100")).credits()).isEqualTo(5025);
  }

  @Test
  void aMonthStartsNow_orWhereThePaidTimeEnds() {
    assertThat(PlanSale.start(NOW, Optional.empty())).isEqualTo(NOW);
    assertThat(PlanSale.start(NOW, Optional.of(NOW.minusSeconds(1)))).isEqualTo(NOW);
    Instant end = NOW.plus(Duration.ofDays(12));
    assertThat(PlanSale.start(NOW, Optional.of(end))).isEqualTo(end);
    assertThat(PlanSale.MONTH).isEqualTo(Duration.ofDays(30));
  }

  @Test
  void theFreePlanIsNotSold() {
    assertThatThrownBy(() -> new PlanSale(Plan.FREE, BigDecimal.TEN))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aPurchaseGivesTheLimitOfThePlanItCouldHaveBought() {
    assertThat(PurchaseLimit.of(new BigDecimal("5"))).isEqualTo(1_000);
    assertThat(PurchaseLimit.of(new BigDecimal("28.99"))).isEqualTo(1_000);
    assertThat(PurchaseLimit.of(new BigDecimal("29"))).isEqualTo(10_000);
    assertThat(PurchaseLimit.of(new BigDecimal("99"))).isEqualTo(100_000);
    assertThat(PurchaseLimit.of(new BigDecimal("500"))).isEqualTo(100_000);
    assertThat(PurchaseLimit.dailyLimit(Plan.FREE, new BigDecimal("25.5"))).isEqualTo(1_000);
    assertThat(PurchaseLimit.dailyLimit(Plan.ENTERPRISE, new BigDecimal("25.5")))
        .isEqualTo(100_000);
  }
}
