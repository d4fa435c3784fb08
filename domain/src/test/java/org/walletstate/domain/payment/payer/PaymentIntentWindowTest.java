package org.walletstate.domain.payment.payer;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payment.Payment;
import org.walletstate.domain.payment.TxHash;

/** An intent accepts only a transfer mined while it was open (docs/billing.md). */
class PaymentIntentWindowTest {

  private static final Instant OPENED = Instant.parse("2026-11-28T04:00:00Z");
  private static final Instant EXPIRES = OPENED.plus(Duration.ofHours(72));
  private static final PaymentIntent.ClaimWindow WINDOW = PaymentIntent.ClaimWindow.DEFAULTS;
  private static final ClaimPurpose BUY = new ClaimPurpose.CreditsBuy();
  private static final PaymentIntent INTENT =
      new PaymentIntent(
          "pi_" + "a".repeat(32),
          new byte[32],
          new ChainId.Evm(8453),
          new BigDecimal("25.004817"),
          BUY.name(),
          OPENED,
          EXPIRES);

  private static Payment minedAt(Optional<Instant> mined) {
    return new Payment(
        new ChainId.Evm(8453),
        new TxHash("0x" + "1".repeat(64)),
        EvmAddress.of("0x2c7536E3605D9C16a7a3D7b1898e529396a65c23"),
        "USDC",
        BigInteger.valueOf(25_004_817),
        new BigDecimal("25.004817"),
        mined);
  }

  private static Optional<String> judge(Instant mined, Instant now) {
    return INTENT.refusal(minedAt(Optional.of(mined)), BUY, now, WINDOW);
  }

  @Test
  void aTransferMinedBeforeTheIntentOpened_isRefused_pastTheClockAllowance() {
    assertThat(judge(OPENED.minusSeconds(61), OPENED.plusSeconds(5)))
        .hasValueSatisfying(r -> assertThat(r).contains("before payment intent"));
    assertThat(judge(OPENED.minusSeconds(60), OPENED.plusSeconds(5))).isEmpty();
    assertThat(judge(OPENED.plusSeconds(1), OPENED.plusSeconds(5))).isEmpty();
  }

  @Test
  void aTransferMinedAfterTheExpiry_isRefused_andAClaimPastTheGraceToo() {
    assertThat(judge(EXPIRES.plusSeconds(61), EXPIRES.plusSeconds(70)))
        .hasValueSatisfying(r -> assertThat(r).contains("after payment intent"));
    assertThat(judge(EXPIRES.minusSeconds(1), EXPIRES.plus(Duration.ofMinutes(59)))).isEmpty();
    assertThat(judge(EXPIRES.minusSeconds(1), EXPIRES.plus(Duration.ofMinutes(61))))
        .hasValueSatisfying(r -> assertThat(r).contains("claim grace has ended"));
  }

  @Test
  void withoutABlockTime_onlyTheClaimDeadlineApplies() {
    Payment untimed = minedAt(Optional.empty());
    assertThat(INTENT.refusal(untimed, BUY, OPENED.plusSeconds(5), WINDOW)).isEmpty();
    assertThat(INTENT.refusal(untimed, BUY, EXPIRES.plus(Duration.ofHours(2)), WINDOW)).isPresent();
  }
}
