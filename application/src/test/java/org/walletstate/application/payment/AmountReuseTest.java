package org.walletstate.application.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.payment.payer.PaymentIntent;

/** When an intent's amount may be handed out again (docs/billing.md, "Payment intents"). */
class AmountReuseTest {

  private static final Instant NOW = Instant.parse("2026-11-28T04:00:00Z");

  @Test
  void onChainsWhoseReadersGiveBlockTimes_anAmountIsFreeAgainTheCoolDownAfterItsHolderEnded() {
    AmountReuse reuse = new AmountReuse(Duration.ofDays(7));
    assertThat(reuse.reissueIfEndedBefore(ChainFamily.EVM, NOW))
        .contains(Instant.parse("2026-11-21T04:00:00Z"));
    assertThat(reuse.reissueIfEndedBefore(ChainFamily.SOLANA, NOW))
        .contains(Instant.parse("2026-11-21T04:00:00Z"));
  }

  @Test
  void elsewhere_noBlockTimeBindsAPaymentToItsIntent_soAnAmountIsNeverHandedOutTwice() {
    AmountReuse reuse = AmountReuse.DEFAULTS;
    for (ChainFamily family :
        new ChainFamily[] {
          ChainFamily.BITCOIN,
          ChainFamily.TRON,
          ChainFamily.XRPL,
          ChainFamily.STELLAR,
          ChainFamily.SUI
        }) {
      assertThat(reuse.reissueIfEndedBefore(family, NOW)).as(family.name()).isEmpty();
    }
  }

  @Test
  void theCoolDownMustOutlastTheClaimGraceAndTwiceTheClockAllowance() {
    var window = new PaymentIntent.ClaimWindow(Duration.ofSeconds(60), Duration.ofHours(1));
    assertThat(AmountReuse.DEFAULTS.checkedAgainst(window)).isEqualTo(AmountReuse.DEFAULTS);
    assertThatThrownBy(() -> new AmountReuse(Duration.ofHours(1)).checkedAgainst(window))
        .hasMessageContaining("longer than the claim grace");
    var wideClocks = new PaymentIntent.ClaimWindow(Duration.ofHours(1), Duration.ofMinutes(1));
    assertThatThrownBy(() -> new AmountReuse(Duration.ofMinutes(90)).checkedAgainst(wideClocks))
        .hasMessageContaining("twice the clock allowance");
    assertThatThrownBy(() -> new AmountReuse(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
