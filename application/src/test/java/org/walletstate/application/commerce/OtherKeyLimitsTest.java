package org.walletstate.application.commerce;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.application.commerce.port.in.IssueDiscountUseCase.IssueOutcome;
import org.walletstate.application.commerce.port.out.DiscountCodes;
import org.walletstate.domain.commerce.Settings;

class OtherKeyLimitsTest {

  static final Instant NOW = Instant.parse("2026-11-28T12:00:00Z");

  @Test
  void anotherKeysPaidCode_isHeldToTheKeysHour_andTheStoresDay_theOwnersToNeither() {
    var store = new EligibilityServiceTest().merchant(Settings.DEFAULTS);
    assertThat(OtherKeyLimits.bounds(store, false, NOW)).isEmpty();
    var bounds = OtherKeyLimits.bounds(store, true, NOW).orElseThrow();
    assertThat(bounds.perKey()).isEqualTo(20);
    assertThat(bounds.hourStart()).isEqualTo(Instant.parse("2026-11-28T11:00:00Z"));
    assertThat(bounds.perStore()).isEqualTo(Settings.OTHER_KEYS_DEFAULT);
    assertThat(bounds.storeWindowStart()).isEqualTo(Instant.parse("2026-11-27T12:00:00Z"));

    var chosen =
        store.withSettings(
            new Settings(
                Settings.DEFAULTS.discountMode(),
                Settings.DEFAULTS.discountCap(),
                Settings.DEFAULTS.usdcPayment(),
                Optional.empty(),
                Optional.empty(),
                Optional.of(7),
                false,
                Optional.empty()));
    assertThat(OtherKeyLimits.bounds(chosen, true, NOW).orElseThrow().perStore()).isEqualTo(7);
  }

  @Test
  void theStoresRefusal_waitsUntilOneMoreFits_theKeysAnHour() {
    var store =
        (IssueOutcome.StoreLimit)
            OtherKeyLimits.refusal(
                new DiscountCodes.Issue.StoreLimitReached(7, NOW.plusSeconds(90)), NOW);
    assertThat(store.limit()).isEqualTo(7);
    assertThat(store.retryAfter()).isEqualTo(90);
    var passed =
        (IssueOutcome.StoreLimit)
            OtherKeyLimits.refusal(
                new DiscountCodes.Issue.StoreLimitReached(7, NOW.minusSeconds(5)), NOW);
    assertThat(passed.retryAfter()).isEqualTo(1);
    var hourly =
        (IssueOutcome.HourlyLimit)
            OtherKeyLimits.refusal(new DiscountCodes.Issue.HourlyLimitReached(20), NOW);
    assertThat(hourly.retryAfter()).isEqualTo(3600);
  }
}
