package org.walletstate.application.account;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.application.account.port.in.BuyPlanUseCase.Outcome;
import org.walletstate.application.payment.ClaimedPayments;
import org.walletstate.application.payment.PayerBinding;
import org.walletstate.application.payment.port.in.PurchaseRefusal;
import org.walletstate.application.port.out.PlanPurchases;
import org.walletstate.application.port.out.Purchases;
import org.walletstate.application.testing.MemoryPaymentIntents;
import org.walletstate.application.testing.MovableClock;
import org.walletstate.application.testing.ScriptedPaymentVerification;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.account.PlanPurchaseRequest;
import org.walletstate.domain.account.PlanSale;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payment.Payment;
import org.walletstate.domain.payment.PaymentClaim;
import org.walletstate.domain.payment.TxHash;
import org.walletstate.domain.payment.payer.PayerClaim;
import org.walletstate.domain.payment.payer.PaymentIntent;

/**
 * Buying a month of a plan: a payment short of the price is refused before anything is stored; a
 * paid month is stored with the plan's credits; the store's refusals become the purchase's.
 */
class BuyPlanTest {

  static final ChainId BASE = ChainId.evm(8453);
  static final KeyAccount ACCOUNT = new KeyAccount(7, Plan.FREE, KeyVersion.V2, 100);
  static final EvmAddress SENDER = EvmAddress.of("0x2222222222222222222222222222222222222222");
  static final Instant NOW = Instant.parse("2026-11-28T07:00:00Z");

  final List<PlanPurchases.MonthBought> stored = new ArrayList<>();
  PlanPurchases.Outcome storeAnswers;

  final PlanPurchases plans =
      month -> {
        stored.add(month);
        return Uni.createFrom().item(storeAnswers);
      };

  static Payment paying(String usd) {
    BigDecimal amount = new BigDecimal(usd);
    return new Payment(
        BASE,
        new TxHash("0x" + "ef".repeat(32)),
        SENDER,
        "USDC",
        amount.movePointRight(6).toBigIntegerExact(),
        amount);
  }

  Outcome buy(Payment payment) {
    MovableClock clock = new MovableClock(NOW);
    BuyPlan buyPlan =
        new BuyPlan(
            new ClaimedPayments(
                ScriptedPaymentVerification.paid(payment),
                new PayerBinding(
                    "", new MemoryPaymentIntents(), clock, PaymentIntent.ClaimWindow.DEFAULTS)),
            plans,
            clock);
    var request =
        new PlanPurchaseRequest(
            Plan.PRO,
            new PaymentClaim(
                ChainCatalogue.require(BASE), payment.hash(), Optional.of(payment.usd())),
            PayerClaim.NONE);
    return buyPlan.buy(ACCOUNT, request).await().indefinitely();
  }

  @Test
  void aPaymentShortOfThePrice_isRefused_andNothingIsStored() {
    Outcome outcome = buy(paying("10"));

    PurchaseRefusal refusal = ((Outcome.Refused) outcome).refusal();
    assertThat(refusal)
        .isEqualTo(
            new PurchaseRefusal.Underpaid(
                new PlanSale(Plan.PRO, new BigDecimal("10")).shortfall().orElseThrow()));
    assertThat(stored).isEmpty();
  }

  @Test
  void aPaidMonth_isStoredWithThePlansCredits_andAnsweredAsTheStoreSays() {
    Instant ends = NOW.plus(PlanSale.MONTH);
    storeAnswers = new PlanPurchases.Outcome.Paid(NOW, ends, 5_000, 5_010, Plan.PRO, 10_000);

    Outcome outcome = buy(paying("29"));

    long credits = new PlanSale(Plan.PRO, new BigDecimal("29")).credits();
    assertThat(stored)
        .containsExactly(
            new PlanPurchases.MonthBought(
                ACCOUNT.id(), Plan.PRO, paying("29"), credits, NOW, Purchases.Payer.UNPROVEN));
    assertThat(outcome)
        .isEqualTo(
            new Outcome.Bought(
                paying("29"), Plan.PRO, NOW, ends, credits, 5_000, 5_010, Plan.PRO, 10_000));
  }

  @Test
  void aPaymentFromAnotherThanTheRegisteredWallet_orUsedBefore_isRefused() {
    storeAnswers = new PlanPurchases.Outcome.SenderNotProven();
    Outcome unproven = buy(paying("29"));
    storeAnswers = new PlanPurchases.Outcome.AlreadyCredited();
    Outcome used = buy(paying("29"));

    assertThat(((PurchaseRefusal.PayerRefused) ((Outcome.Refused) unproven).refusal()).reason())
        .contains("which is not this key's registered wallet");
    assertThat(((Outcome.Refused) used).refusal())
        .isEqualTo(new PurchaseRefusal.AlreadyCredited(paying("29")));
  }
}
