package org.walletstate.application.commerce;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.application.commerce.port.in.CreateMerchantCommands;
import org.walletstate.application.commerce.port.in.MerchantCreditsUseCase.Outcome;
import org.walletstate.application.commerce.port.in.OwnerResult;
import org.walletstate.application.payment.PayerBinding;
import org.walletstate.application.payment.port.in.PurchaseRefusal;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase.Verification;
import org.walletstate.application.port.out.Purchases;
import org.walletstate.application.testing.MemoryCreditLedger;
import org.walletstate.application.testing.MemoryMerchantStore;
import org.walletstate.application.testing.MemoryPaymentIntents;
import org.walletstate.application.testing.MemoryPurchases;
import org.walletstate.application.testing.MovableClock;
import org.walletstate.application.testing.ScriptedPaymentVerification;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.MerchantCreditsRequest;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payment.CreditRate;
import org.walletstate.domain.payment.Payment;
import org.walletstate.domain.payment.PaymentClaim;
import org.walletstate.domain.payment.TxHash;
import org.walletstate.domain.payment.payer.PayerClaim;
import org.walletstate.domain.payment.payer.PaymentIntent;

/**
 * Merchant credits on the shared fakes: only the owner key buys (another key is refused before
 * anything is read on chain), at the flat rate, once per transaction, from the key's registered
 * wallet; a payment that is not one, or cannot be read, credits nothing.
 */
class MerchantCreditsTest {

  static final CompanyId STORE = CompanyId.parse("acme");
  static final KeyAccount OWNER = new KeyAccount(7, Plan.PRO, KeyVersion.V2, 1000);
  static final KeyAccount STRANGER = new KeyAccount(9, Plan.PRO, KeyVersion.V2, 1000);
  static final EvmAddress WALLET = EvmAddress.of("0x2222222222222222222222222222222222222222");
  static final EvmAddress OTHER = EvmAddress.of("0x3333333333333333333333333333333333333333");
  static final BigDecimal USD = new BigDecimal("40");
  static final Payment PAYMENT =
      new Payment(
          ChainId.evm(8453),
          new TxHash("0x" + "ab".repeat(32)),
          WALLET,
          "USDC",
          BigInteger.valueOf(40_000_000),
          USD);

  final MovableClock clock = new MovableClock("2026-11-28T07:00:00Z");
  final MemoryMerchantStore merchants = new MemoryMerchantStore();
  final MemoryCreditLedger ledger = new MemoryCreditLedger().withBalance(OWNER.id(), 3);
  final MemoryPurchases purchases = new MemoryPurchases(ledger);
  final ScriptedPaymentVerification payments = ScriptedPaymentVerification.paid(PAYMENT);
  final MerchantCredits service =
      new MerchantCredits(
          merchants,
          payments,
          new PayerBinding(
              "localhost", new MemoryPaymentIntents(), clock, PaymentIntent.ClaimWindow.DEFAULTS),
          purchases,
          clock);

  MerchantCreditsTest() {
    merchants.put(
        Merchant.create(
            CreateMerchantCommands.newMerchant(
                Json.object("{\"companyName\":\"Acme\",\"companyId\":\"acme\"}")),
            OWNER.id(),
            false,
            clock.instant()));
  }

  OwnerResult<Outcome> buy(KeyAccount key, String merchant) {
    var request =
        new MerchantCreditsRequest(
            new PaymentClaim(
                ChainCatalogue.require(ChainId.evm(8453)), PAYMENT.hash(), Optional.of(USD)),
            false,
            PayerClaim.NONE);
    return service.buy(key, CompanyId.parse(merchant), request).await().indefinitely();
  }

  static Outcome done(OwnerResult<Outcome> result) {
    assertThat(result).isInstanceOf(OwnerResult.Done.class);
    return ((OwnerResult.Done<Outcome>) result).value();
  }

  @Test
  void theOwnersPayment_fromItsWallet_creditsOnceAtTheFlatRate() {
    purchases.withWallet(OWNER.id(), WALLET.text());

    Outcome first = done(buy(OWNER, "acme"));
    Outcome replay = done(buy(OWNER, "acme"));

    long credits = CreditRate.FLAT_25.credits(USD);
    assertThat(credits).isEqualTo(1000);
    assertThat(first).isEqualTo(new Outcome.Credited(PAYMENT, credits, 3 + credits));
    assertThat(replay).isEqualTo(new Outcome.Refused(new PurchaseRefusal.AlreadyCredited(PAYMENT)));
    assertThat(ledger.balanceOf(OWNER.id())).isEqualTo(3 + credits);
    assertThat(purchases.credits())
        .singleElement()
        .satisfies(
            bought -> {
              assertThat(bought.keyId()).isEqualTo(OWNER.id());
              assertThat(bought.purpose()).isEqualTo(Purchases.Purpose.MERCHANT_CREDITS);
              assertThat(bought.credits()).isEqualTo(credits);
            });
  }

  @Test
  void anotherKey_orAnUnknownStore_isRefused_beforeAnythingIsReadOnChain() {
    purchases.withWallet(STRANGER.id(), WALLET.text());

    OwnerResult<Outcome> stranger = buy(STRANGER, "acme");
    OwnerResult<Outcome> unknown = buy(OWNER, "nowhere");

    assertThat(stranger)
        .isEqualTo(new OwnerResult.Forbidden<Outcome>("This API key does not own merchant acme"));
    assertThat(unknown).isEqualTo(new OwnerResult.NotFound<Outcome>());
    assertThat(payments.asked()).isEmpty();
    assertThat(purchases.credits()).isEmpty();
    assertThat(ledger.balanceOf(STRANGER.id())).isZero();
  }

  @Test
  void aPaymentFromAnotherWallet_orRegisteringOneWithoutProof_creditsNothing() {
    Outcome unregistered = done(buy(OWNER, "acme"));
    purchases.withWallet(OWNER.id(), OTHER.text());
    Outcome mismatch = done(buy(OWNER, "acme"));

    assertThat(((PurchaseRefusal.PayerRefused) ((Outcome.Refused) unregistered).refusal()).reason())
        .contains("needs proof that the caller controls it");
    assertThat(mismatch).isEqualTo(new Outcome.WalletMismatch(PAYMENT, OTHER.text()));
    assertThat(purchases.credits()).isEmpty();
    assertThat(ledger.balanceOf(OWNER.id())).isEqualTo(3);
  }

  @Test
  void aTransactionThatIsNotAPayment_orCannotBeRead_creditsNothing() {
    purchases.withWallet(OWNER.id(), WALLET.text());
    payments.answering(new Verification.NotAPayment("the transaction paid 0 USDC to the service"));
    Outcome notPaid = done(buy(OWNER, "acme"));
    var down =
        new Verification.Unavailable(
            ChainId.evm(8453), Verification.Unavailable.TRANSACTION, "timeout");
    payments.answering(down);
    Outcome unread = done(buy(OWNER, "acme"));

    assertThat(notPaid)
        .isEqualTo(
            new Outcome.Refused(
                new PurchaseRefusal.NotAPayment("the transaction paid 0 USDC to the service")));
    assertThat(unread).isEqualTo(new Outcome.Refused(new PurchaseRefusal.Unavailable(down)));
    assertThat(purchases.credits()).isEmpty();
    assertThat(ledger.balanceOf(OWNER.id())).isEqualTo(3);
  }
}
