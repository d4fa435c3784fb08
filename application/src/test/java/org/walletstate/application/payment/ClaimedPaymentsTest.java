package org.walletstate.application.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.application.payment.OpenPaymentIntentTest.BASE;
import static org.walletstate.application.payment.OpenPaymentIntentTest.paying;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.application.payment.port.in.PurchaseRefusal;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase.Verification;
import org.walletstate.application.testing.MemoryPaymentIntents;
import org.walletstate.application.testing.MovableClock;
import org.walletstate.application.testing.ScriptedPaymentVerification;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.payment.Payment;
import org.walletstate.domain.payment.PaymentClaim;
import org.walletstate.domain.payment.TxHash;
import org.walletstate.domain.payment.payer.ClaimPurpose;
import org.walletstate.domain.payment.payer.IntentRef;
import org.walletstate.domain.payment.payer.PayerClaim;
import org.walletstate.domain.payment.payer.PaymentIntent;

/**
 * A purchase's first two steps: the payment verified on chain, then the caller's claim judged; a
 * payment that is not one, a read that did not complete, and a refused claim each end the purchase
 * with their own refusal, and the claim is judged only for a verified payment.
 */
class ClaimedPaymentsTest {

  static final Instant NOW = Instant.parse("2026-11-28T07:00:00Z");
  static final Payment PAID = paying(new BigDecimal("25"), NOW);
  static final PaymentClaim CLAIM =
      new PaymentClaim(
          ChainCatalogue.require(BASE),
          new TxHash("0x" + "cd".repeat(32)),
          Optional.of(new BigDecimal("25")));

  final ScriptedPaymentVerification verifications = ScriptedPaymentVerification.paid(PAID);
  final ClaimedPayments claims =
      new ClaimedPayments(
          verifications,
          new PayerBinding(
              "",
              new MemoryPaymentIntents(),
              new MovableClock(NOW),
              PaymentIntent.ClaimWindow.DEFAULTS));

  ClaimedPayments.Claim claim(PayerClaim payer) {
    return claims.claim(CLAIM, payer, new ClaimPurpose.CreditsBuy()).await().indefinitely();
  }

  @Test
  void aVerifiedPaymentWithoutProof_isClaimedUnproven() {
    assertThat(claim(PayerClaim.NONE))
        .isEqualTo(new ClaimedPayments.Claim.Claimed(PAID, new PayerBinding.Verdict.Unproven()));
    assertThat(verifications.asked()).containsExactly(CLAIM);
  }

  @Test
  void notAPaymentAndAnUnfinishedRead_areRefusedAsSuch() {
    verifications.answering(new Verification.NotAPayment("no receipt for the transaction"));
    ClaimedPayments.Claim notPaid = claim(PayerClaim.NONE);
    var down = new Verification.Unavailable(BASE, Verification.Unavailable.TRANSACTION, "timeout");
    verifications.answering(down);
    ClaimedPayments.Claim unread = claim(PayerClaim.NONE);

    assertThat(notPaid)
        .isEqualTo(
            new ClaimedPayments.Claim.Refused(
                new PurchaseRefusal.NotAPayment("no receipt for the transaction")));
    assertThat(unread)
        .isEqualTo(new ClaimedPayments.Claim.Refused(new PurchaseRefusal.Unavailable(down)));
  }

  @Test
  void aClaimThatDoesNotHold_isRefusedNamingThePayment() {
    PayerClaim unknownIntent =
        new PayerClaim(
            Optional.empty(), Optional.of(new IntentRef("pi_" + "0c".repeat(16), "5e".repeat(32))));

    ClaimedPayments.Claim refused = claim(unknownIntent);

    PurchaseRefusal.PayerRefused why =
        (PurchaseRefusal.PayerRefused) ((ClaimedPayments.Claim.Refused) refused).refusal();
    assertThat(why.payment()).isEqualTo(PAID);
    assertThat(why.reason()).contains("is unknown or its secret is not this one");
  }
}
