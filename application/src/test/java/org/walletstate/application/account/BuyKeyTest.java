package org.walletstate.application.account;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.application.account.port.in.BuyKeyUseCase.Outcome;
import org.walletstate.application.payment.PayerBinding;
import org.walletstate.application.payment.port.in.PurchaseRefusal;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase.Verification;
import org.walletstate.application.port.out.PaymentIntents;
import org.walletstate.application.testing.CountingEntropy;
import org.walletstate.application.testing.MemoryCreditLedger;
import org.walletstate.application.testing.MemoryPassMints;
import org.walletstate.application.testing.MemoryPaymentIntents;
import org.walletstate.application.testing.MemoryPurchases;
import org.walletstate.application.testing.MovableClock;
import org.walletstate.application.testing.ScriptedAccessPasses;
import org.walletstate.application.testing.ScriptedPaymentVerification;
import org.walletstate.domain.account.AccessPassState;
import org.walletstate.domain.account.AppName;
import org.walletstate.domain.account.KeyDelivery;
import org.walletstate.domain.account.KeyPurchaseRequest;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payment.CreditRate;
import org.walletstate.domain.payment.Payment;
import org.walletstate.domain.payment.PaymentClaim;
import org.walletstate.domain.payment.TxHash;
import org.walletstate.domain.payment.payer.IntentRef;
import org.walletstate.domain.payment.payer.PayerClaim;
import org.walletstate.domain.payment.payer.PaymentIntent;
import org.walletstate.domain.payment.payer.SenderProof;

/**
 * Buying a key on the shared fakes: who may see the key string (a proven sender, or nobody until
 * the wallet signs in), the credits at the volume rate, one key per transaction, and the pass mint
 * that lands or stays pending for its retry.
 */
class BuyKeyTest {

  static final ChainId BASE = ChainId.evm(8453);
  static final TxHash TX = new TxHash("0x" + "1".repeat(64));

  /** Signed with ethers 6.17.0 by 0x2c75…5c23 (the vector of the domain's SenderProofCheckTest). */
  static final SenderProof PROOF =
      new SenderProof(
          "localhost asks you to prove you sent this payment\n"
              + "Purpose: keys/buy\n"
              + "App: my app\n"
              + "Chain: 8453\n"
              + "Transaction: "
              + TX.text()
              + "\n"
              + "Issued At: 2026-11-28T00:00:00Z",
          "0xc33aa1ff89ffa54d5f0096ce35e480d24ebee76a5b9f04b9c8f312e8e56a70f00c647658d8fb593fec2c3a875584e333a1e064618b8cdc7d3c4052d50bdebd4b1c");

  static final EvmAddress SENDER = EvmAddress.of("0x2c7536E3605D9C16a7a3D7b1898e529396a65c23");
  static final BigDecimal USD = new BigDecimal("5");
  static final Payment PAYMENT =
      new Payment(BASE, TX, SENDER, "USDC", BigInteger.valueOf(5_000_000), USD);

  final MovableClock clock = new MovableClock("2026-11-28T00:00:30Z");
  final MemoryCreditLedger ledger = new MemoryCreditLedger();
  final MemoryPurchases purchases = new MemoryPurchases(ledger);
  final ScriptedAccessPasses passes = new ScriptedAccessPasses();
  final MemoryPassMints mints = new MemoryPassMints();
  final MemoryPaymentIntents intents = new MemoryPaymentIntents();
  final BuyKey buyKey = buyKey(ScriptedPaymentVerification.paid(PAYMENT));

  BuyKey buyKey(ScriptedPaymentVerification payments) {
    return new BuyKey(
        payments,
        new PayerBinding("localhost", intents, clock, PaymentIntent.ClaimWindow.DEFAULTS),
        purchases,
        passes,
        mints,
        CountingEntropy.counting(),
        clock);
  }

  Outcome buy(KeyDelivery delivery, PayerClaim payer) {
    return buy(buyKey, delivery, payer);
  }

  static Outcome buy(BuyKey buyKey, KeyDelivery delivery, PayerClaim payer) {
    return buyKey
        .buy(
            new KeyPurchaseRequest(
                new PaymentClaim(ChainCatalogue.require(BASE), TX, Optional.of(USD)),
                AppName.parse("my app"),
                delivery,
                Optional.empty(),
                payer))
        .await()
        .indefinitely();
  }

  static PayerClaim proven() {
    return new PayerClaim(Optional.of(PROOF), Optional.empty());
  }

  @Test
  void aProvenSender_getsTheKey_theCreditsAtTheVolumeRate_andThePass() {
    Outcome.Bought bought = (Outcome.Bought) buy(KeyDelivery.API_KEY, proven());

    long keyId = 100;
    assertThat(bought.key()).isPresent();
    assertThat(bought.wallet()).contains(SENDER);
    assertThat(bought.plan()).isEqualTo(Plan.FREE);
    assertThat(bought.credits()).isEqualTo(CreditRate.VOLUME.credits(USD)).isPositive();
    assertThat(bought.balance()).isEqualTo(bought.credits());
    assertThat(ledger.balanceOf(keyId)).isEqualTo(bought.credits());
    assertThat(bought.pass()).isEqualTo(AccessPassState.MINTED);
    assertThat(passes.holds(SENDER)).isTrue();
    assertThat(mints.minted()).containsOnlyKeys(keyId);
    assertThat(purchases.keys())
        .singleElement()
        .satisfies(
            key -> {
              assertThat(key.hash()).isEqualTo(bought.key().get().hash());
              assertThat(key.passPending()).isTrue();
            });
  }

  @Test
  void theSameTransaction_buysOneKeyOnly() {
    buy(KeyDelivery.API_KEY, proven());

    Outcome again = buy(KeyDelivery.API_KEY, proven());

    assertThat(again).isEqualTo(new Outcome.Refused(new PurchaseRefusal.AlreadyCredited(PAYMENT)));
    assertThat(purchases.keys()).hasSize(1);
    assertThat(passes.mintsAsked()).hasSize(1);
  }

  @Test
  void anUnprovenCaller_isRefusedTheKeyString_andNothingIsStored() {
    Outcome refused = buy(KeyDelivery.API_KEY, PayerClaim.NONE);

    assertThat(((PurchaseRefusal.PayerRefused) ((Outcome.Refused) refused).refusal()).reason())
        .startsWith("keyDelivery apiKey hands the key string to the caller")
        .contains("or buy with keyDelivery wallet and sign in as " + SENDER.text());
    assertThat(purchases.keys()).isEmpty();
    assertThat(passes.mintsAsked()).isEmpty();
  }

  @Test
  void anUnprovenWalletDelivery_hidesTheKey_andAFailedMintIsRetriedAMinuteLater() {
    passes.mintsFail(SENDER);

    Outcome.Bought bought = (Outcome.Bought) buy(KeyDelivery.WALLET, PayerClaim.NONE);

    assertThat(bought.key()).isEmpty();
    assertThat(bought.authMethod()).isEqualTo(KeyDelivery.WALLET);
    assertThat(bought.pass()).isEqualTo(AccessPassState.PENDING);
    assertThat(mints.dueAt(100)).contains(clock.instant().plus(Duration.ofMinutes(1)));
    assertThat(mints.minted()).isEmpty();
  }

  @Test
  void anIntentsHolder_getsTheKeyWithoutAWalletOrPass_andTheIntentBuysOneKey() {
    String id = "pi_" + "0a".repeat(16);
    String secret = "5e".repeat(32);
    BigDecimal amount = new BigDecimal("5.001234");
    intents.open(
        new PaymentIntent(
            id,
            PayerBinding.secretHash(secret),
            BASE,
            amount,
            "keys/buy",
            clock.instant().minusSeconds(60),
            clock.instant().plus(PaymentIntent.LIFETIME)),
        clock.instant(),
        new PaymentIntents.OpenBounds(
            10,
            10,
            "opener",
            10,
            new BigDecimal("5.00"),
            new BigDecimal("0.01"),
            Optional.empty()));
    PayerClaim holder = new PayerClaim(Optional.empty(), Optional.of(new IntentRef(id, secret)));
    Payment first = new Payment(BASE, TX, SENDER, "USDC", BigInteger.valueOf(5_001_234), amount);
    Payment second =
        new Payment(
            BASE,
            new TxHash("0x" + "2".repeat(64)),
            SENDER,
            "USDC",
            BigInteger.valueOf(5_001_234),
            amount);

    Outcome.Bought bought =
        (Outcome.Bought)
            buy(buyKey(ScriptedPaymentVerification.paid(first)), KeyDelivery.API_KEY, holder);
    Outcome again =
        buy(buyKey(ScriptedPaymentVerification.paid(second)), KeyDelivery.API_KEY, holder);

    assertThat(bought.key()).isPresent();
    assertThat(bought.wallet()).isEmpty();
    assertThat(bought.pass()).isEqualTo(AccessPassState.NONE);
    assertThat(purchases.keys())
        .singleElement()
        .satisfies(k -> assertThat(k.intentId()).contains(id));
    assertThat(passes.mintsAsked()).isEmpty();
    assertThat(again).isEqualTo(new Outcome.Refused(new PurchaseRefusal.IntentUsed(second)));
  }

  @Test
  void aPaymentThatIsNotOne_buysNothing() {
    BuyKey unpaid =
        buyKey(new ScriptedPaymentVerification(new Verification.NotAPayment("no receipt")));

    Outcome outcome = buy(unpaid, KeyDelivery.API_KEY, proven());

    assertThat(outcome)
        .isEqualTo(new Outcome.Refused(new PurchaseRefusal.NotAPayment("no receipt")));
    assertThat(purchases.keys()).isEmpty();
    assertThat(passes.mintsAsked()).isEmpty();
  }
}
