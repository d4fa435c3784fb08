package org.walletstate.application.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.application.payment.OpenPaymentIntentTest.BASE;
import static org.walletstate.application.payment.OpenPaymentIntentTest.paying;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.application.payment.PayerBinding.Verdict;
import org.walletstate.application.testing.MemoryPaymentIntents;
import org.walletstate.application.testing.MovableClock;
import org.walletstate.domain.payment.payer.ClaimPurpose;
import org.walletstate.domain.payment.payer.IntentRef;
import org.walletstate.domain.payment.payer.PayerClaim;
import org.walletstate.domain.payment.payer.PaymentIntent;
import org.walletstate.domain.payment.payer.SenderProof;

/**
 * The verdict on a purchase's claim to a payment: none sent, a sender proof, or an intent and its
 * secret, each judged against the intent's window in time.
 */
class PayerBindingTest {

  static final String SECRET = "5e".repeat(32);
  static final String ID = "pi_" + "0a".repeat(16);
  static final BigDecimal AMOUNT = new BigDecimal("10.004321");
  static final Instant OPENED = Instant.parse("2026-11-28T07:00:00Z");

  final MovableClock clock = new MovableClock(OPENED.plusSeconds(60));
  final MemoryPaymentIntents intents = new MemoryPaymentIntents();

  PayerBindingTest() {
    intents.open(
        new PaymentIntent(
            ID,
            PayerBinding.secretHash(SECRET),
            BASE,
            AMOUNT,
            "credits/buy",
            OPENED,
            OPENED.plus(PaymentIntent.LIFETIME)),
        OPENED,
        new org.walletstate.application.port.out.PaymentIntents.OpenBounds(
            10,
            10,
            "opener",
            10,
            new BigDecimal("10.00"),
            new BigDecimal("0.01"),
            Optional.empty()));
  }

  PayerBinding binding(String domain) {
    return new PayerBinding(domain, intents, clock, PaymentIntent.ClaimWindow.DEFAULTS);
  }

  Verdict judge(PayerBinding binding, PayerClaim claim, Instant mined) {
    return binding
        .judge(claim, paying(AMOUNT, mined), new ClaimPurpose.CreditsBuy())
        .await()
        .indefinitely();
  }

  static PayerClaim byIntent(String id, String secret) {
    return new PayerClaim(Optional.empty(), Optional.of(new IntentRef(id, secret)));
  }

  @Test
  void noProofAndNoIntent_isUnproven_andLeavesThePurchaseItsOwnRule() {
    assertThat(judge(binding("attest.example.test"), PayerClaim.NONE, clock.instant()))
        .isEqualTo(new Verdict.Unproven());
  }

  @Test
  void aSenderProof_isRefusedByAServiceWithoutASignInDomain() {
    PayerClaim proof =
        new PayerClaim(
            Optional.of(new SenderProof("a claim", "0x" + "00".repeat(65))), Optional.empty());

    Verdict verdict = judge(binding(" "), proof, clock.instant());

    assertThat(verdict)
        .isEqualTo(
            new Verdict.Refused(
                "this service has no wallet-auth domain configured, so it cannot read sender"
                    + " proofs"));
  }

  @Test
  void anIntent_bindsAPaymentMinedWhileItWasOpen_andNotOneMinedBefore() {
    assertThat(judge(binding(""), byIntent(ID, SECRET), OPENED.plusSeconds(30)))
        .isEqualTo(new Verdict.ByIntent(ID));
    Verdict before = judge(binding(""), byIntent(ID, SECRET), OPENED.minus(Duration.ofMinutes(5)));
    assertThat(((Verdict.Refused) before).reason())
        .contains("before payment intent " + ID + " was opened");
  }

  @Test
  void anIntent_isRefusedOnceItsGraceHasEnded_andAnUnknownOneAlways() {
    clock.set(OPENED.plus(PaymentIntent.LIFETIME).plus(Duration.ofHours(1)).plusSeconds(1));
    Verdict late = judge(binding(""), byIntent(ID, SECRET), OPENED.plusSeconds(30));
    Verdict unknown =
        judge(binding(""), byIntent("pi_" + "0b".repeat(16), SECRET), OPENED.plusSeconds(30));

    assertThat(((Verdict.Refused) late).reason()).contains("its claim grace has ended");
    assertThat(((Verdict.Refused) unknown).reason()).contains("is unknown or its secret");
  }
}
