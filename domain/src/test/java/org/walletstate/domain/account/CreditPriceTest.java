package org.walletstate.domain.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class CreditPriceTest {

  private static CreditPrice price(MeteredOperation operation, int wallets, boolean proof) {
    return CreditPrice.of(new CreditPrice.Call(operation, wallets, proof));
  }

  @Test
  void attestCostsOneCreditAndTwoWithAProof() {
    assertThat(price(MeteredOperation.ATTEST, 1, false)).isEqualTo(new CreditPrice(1, 0));
    assertThat(price(MeteredOperation.ATTEST, 1, true)).isEqualTo(new CreditPrice(2, 1));
  }

  @Test
  void trustCostsThreePerWalletAndSixWithProofs() {
    assertThat(price(MeteredOperation.TRUST, 1, false)).isEqualTo(new CreditPrice(3, 0));
    assertThat(price(MeteredOperation.TRUST_BATCH, 10, false)).isEqualTo(new CreditPrice(30, 0));
    assertThat(price(MeteredOperation.TRUST_BATCH, 4, true)).isEqualTo(new CreditPrice(24, 12));
    assertThat(price(MeteredOperation.TRUST_BATCH, 4, true).withoutPremium()).isEqualTo(12);
  }

  @Test
  void aQuorumDoublesTheBasePrice_ofAttestAndOfTrustPerWallet() {
    assertThat(CreditPrice.of(new CreditPrice.Call(MeteredOperation.ATTEST, 1, false, true)))
        .isEqualTo(new CreditPrice(2, 0));
    assertThat(CreditPrice.of(new CreditPrice.Call(MeteredOperation.TRUST, 1, false, true)))
        .isEqualTo(new CreditPrice(6, 0));
    assertThat(CreditPrice.of(new CreditPrice.Call(MeteredOperation.TRUST, 1, true, true)))
        .isEqualTo(new CreditPrice(12, 6));
    assertThat(CreditPrice.of(new CreditPrice.Call(MeteredOperation.TRUST_BATCH, 3, false, true)))
        .isEqualTo(new CreditPrice(18, 0));
  }

  @Test
  void anAttestationIsPricedPerCall() {
    assertThatThrownBy(() -> new CreditPrice.Call(MeteredOperation.ATTEST, 2, false))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void payPerCallIsFiveCentsPerCreditInAtomicUsdc() {
    assertThat(UsdcAmount.payPerCall(price(MeteredOperation.ATTEST, 1, false)).atomic())
        .hasToString("50000");
    assertThat(UsdcAmount.payPerCall(price(MeteredOperation.TRUST_BATCH, 3, true)).atomic())
        .hasToString("900000");
  }

  @Test
  void theDailyWindowIsTheUtcDayAndResetsAtMidnight() {
    DailyWindow window = DailyWindow.containing(Instant.parse("2026-11-21T23:59:59.250Z"));
    assertThat(window.day()).isEqualTo(LocalDate.of(2026, 11, 21));
    assertThat(window.resetsAt()).isEqualTo(Instant.parse("2026-11-22T00:00:00Z"));
    assertThat(window.secondsUntilReset(Instant.parse("2026-11-21T23:59:59.250Z"))).isEqualTo(1);
    assertThat(window.secondsUntilReset(Instant.parse("2026-11-21T00:00:00Z"))).isEqualTo(86_400);
  }
}
