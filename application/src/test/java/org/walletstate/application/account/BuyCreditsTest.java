package org.walletstate.application.account;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.application.account.port.in.BuyCreditsUseCase.Outcome;
import org.walletstate.application.payment.PayerBinding;
import org.walletstate.application.payment.port.in.PurchaseRefusal;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase.Verification;
import org.walletstate.application.port.out.Purchases;
import org.walletstate.application.testing.MemoryCreditLedger;
import org.walletstate.application.testing.MemoryPaymentIntents;
import org.walletstate.application.testing.MemoryPurchases;
import org.walletstate.application.testing.MovableClock;
import org.walletstate.application.testing.ScriptedPaymentVerification;
import org.walletstate.domain.account.CreditPurchaseRequest;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payment.CreditRate;
import org.walletstate.domain.payment.Payment;
import org.walletstate.domain.payment.PaymentClaim;
import org.walletstate.domain.payment.TxHash;
import org.walletstate.domain.payment.payer.PayerClaim;
import org.walletstate.domain.payment.payer.PaymentIntent;

/**
 * Buying credits on the shared fakes: a payment from the key's registered wallet credits once at
 * the volume rate; one from another wallet, or one that would register a wallet without a proof,
 * credits nothing.
 */
class BuyCreditsTest {

  static final ChainId BASE = ChainId.evm(8453);
  static final KeyAccount ACCOUNT = new KeyAccount(7, Plan.FREE, KeyVersion.V2, 100);
  static final EvmAddress WALLET = EvmAddress.of("0x2222222222222222222222222222222222222222");
  static final EvmAddress STRANGER = EvmAddress.of("0x3333333333333333333333333333333333333333");
  static final BigDecimal USD = new BigDecimal("40");

  final MovableClock clock = new MovableClock("2026-11-28T07:00:00Z");
  final MemoryCreditLedger ledger = new MemoryCreditLedger().withBalance(ACCOUNT.id(), 3);
  final MemoryPurchases purchases = new MemoryPurchases(ledger);
  final ScriptedPaymentVerification payments = ScriptedPaymentVerification.paid(from(WALLET));
  final BuyCredits buyCredits =
      new BuyCredits(
          payments,
          new PayerBinding(
              "localhost", new MemoryPaymentIntents(), clock, PaymentIntent.ClaimWindow.DEFAULTS),
          purchases,
          clock);

  static Payment from(EvmAddress sender) {
    return new Payment(
        BASE,
        new TxHash("0x" + "ab".repeat(32)),
        sender,
        "USDC",
        BigInteger.valueOf(40_000_000),
        USD);
  }

  Outcome buy(boolean updateWallet) {
    var request =
        new CreditPurchaseRequest(
            new PaymentClaim(ChainCatalogue.require(BASE), from(WALLET).hash(), Optional.of(USD)),
            updateWallet,
            PayerClaim.NONE);
    return buyCredits.buy(ACCOUNT, request, false).await().indefinitely();
  }

  @Test
  void aPaymentFromTheRegisteredWallet_creditsOnceAtTheVolumeRate() {
    purchases.withWallet(ACCOUNT.id(), WALLET.text());

    Outcome first = buy(false);
    Outcome replay = buy(false);

    long credits = CreditRate.VOLUME.credits(USD);
    assertThat(first)
        .isEqualTo(
            new Outcome.Credited(
                from(WALLET), credits, CreditRate.VOLUME.perUsd(USD), 3 + credits, false, false));
    assertThat(replay)
        .isEqualTo(new Outcome.Refused(new PurchaseRefusal.AlreadyCredited(from(WALLET))));
    assertThat(ledger.balanceOf(ACCOUNT.id())).isEqualTo(3 + credits);
    assertThat(purchases.credits())
        .singleElement()
        .satisfies(
            bought -> {
              assertThat(bought.payer()).isEqualTo(Purchases.Payer.UNPROVEN);
              assertThat(bought.purpose()).isEqualTo(Purchases.Purpose.CREDITS);
            });
  }

  @Test
  void aPaymentFromAnotherWallet_isAMismatch_andCreditsNothing() {
    purchases.withWallet(ACCOUNT.id(), STRANGER.text());

    Outcome outcome = buy(false);

    assertThat(outcome).isEqualTo(new Outcome.WalletMismatch(from(WALLET), STRANGER.text()));
    assertThat(ledger.balanceOf(ACCOUNT.id())).isEqualTo(3);
  }

  @Test
  void registeringOrReplacingAWallet_withoutASenderProof_isRefused() {
    Outcome first = buy(false);
    purchases.withWallet(ACCOUNT.id(), STRANGER.text());
    Outcome replace = buy(true);

    assertThat(((PurchaseRefusal.PayerRefused) ((Outcome.Refused) first).refusal()).reason())
        .contains("this key has no registered wallet yet")
        .contains("needs proof that the caller controls it");
    assertThat(((PurchaseRefusal.PayerRefused) ((Outcome.Refused) replace).refusal()).reason())
        .contains("not from this key's registered wallet");
    assertThat(purchases.credits()).isEmpty();
    assertThat(purchases.walletOf(ACCOUNT.id())).contains(STRANGER.text());
  }

  @Test
  void aTransactionThatIsNotAPayment_orCannotBeRead_creditsNothing() {
    payments.answering(new Verification.NotAPayment("the transaction paid 0 USDC to the service"));
    Outcome notPaid = buy(false);
    var down = new Verification.Unavailable(BASE, Verification.Unavailable.TRANSACTION, "timeout");
    payments.answering(down);
    Outcome unread = buy(false);

    assertThat(notPaid)
        .isEqualTo(
            new Outcome.Refused(
                new PurchaseRefusal.NotAPayment("the transaction paid 0 USDC to the service")));
    assertThat(unread).isEqualTo(new Outcome.Refused(new PurchaseRefusal.Unavailable(down)));
    assertThat(purchases.credits()).isEmpty();
  }
}
