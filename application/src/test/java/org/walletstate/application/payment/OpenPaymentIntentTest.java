package org.walletstate.application.payment;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.application.payment.port.in.OpenPaymentIntentUseCase.Outcome;
import org.walletstate.application.payment.port.in.PaymentIntentCommand;
import org.walletstate.application.testing.CountingEntropy;
import org.walletstate.application.testing.MemoryPaymentIntents;
import org.walletstate.application.testing.MovableClock;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payment.Payment;
import org.walletstate.domain.payment.PaymentChain;
import org.walletstate.domain.payment.PaymentToken;
import org.walletstate.domain.payment.TxHash;
import org.walletstate.domain.payment.payer.ClaimPurpose;
import org.walletstate.domain.payment.payer.IntentRef;
import org.walletstate.domain.payment.payer.PayerClaim;
import org.walletstate.domain.payment.payer.PaymentIntent;

/**
 * Opening payment intents on the in-memory store: an amount of the price that no other open intent
 * holds, the secret shown once and stored only as its hash, the bounds on open intents of a price
 * and of one client address, and the intent then binding exactly its payment to its holder ({@link
 * PayerBinding}).
 */
class OpenPaymentIntentTest {

  static final ChainId BASE = ChainId.evm(8453);
  static final EvmAddress USDC = EvmAddress.of("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
  static final EvmAddress SERVICE = EvmAddress.of("0x1111111111111111111111111111111111111111");
  static final EvmAddress PAYER = EvmAddress.of("0x2222222222222222222222222222222222222222");
  static final PaymentChain RULES =
      new PaymentChain(BASE, SERVICE, List.of(new PaymentToken("USDC", USDC, 6)), 1);
  static final BigDecimal TEN = new BigDecimal("10.00");

  final MovableClock clock = new MovableClock("2026-11-28T07:00:00Z");
  final MemoryPaymentIntents intents = new MemoryPaymentIntents();
  final CountingEntropy entropy = CountingEntropy.counting();

  int addresses;

  OpenPaymentIntent opener(int perPrice) {
    return opener(perPrice, 5_000);
  }

  OpenPaymentIntent opener(int perPrice, int perOpener) {
    return new OpenPaymentIntent(
        Map.of(BASE, RULES),
        intents,
        entropy,
        clock,
        new OpenPaymentIntent.Limits(
            PaymentIntent.LIFETIME, perPrice, 5_000, perOpener, AmountReuse.DEFAULTS));
  }

  /** Each call from an address of its own. */
  Outcome open(OpenPaymentIntent opener, ChainId chain) {
    return open(opener, chain, "address-" + ++addresses);
  }

  Outcome open(OpenPaymentIntent opener, ChainId chain, String from) {
    return opener
        .open(new PaymentIntentCommand(ChainCatalogue.require(chain), TEN, "credits/buy"), from)
        .await()
        .indefinitely();
  }

  static Payment paying(BigDecimal usd, Instant minedAt) {
    return new Payment(
        BASE,
        new TxHash("0x" + "cd".repeat(32)),
        PAYER,
        "USDC",
        usd.movePointRight(6).toBigIntegerExact(),
        usd,
        Optional.of(minedAt));
  }

  @Test
  void open_reservesAnAmountOfThePriceThatNoOtherOpenIntentHolds() {
    OpenPaymentIntent opener = opener(500);

    Outcome.Opened first = (Outcome.Opened) open(opener, BASE);
    Outcome.Opened second = (Outcome.Opened) open(opener, BASE);

    for (Outcome.Opened opened : List.of(first, second)) {
      assertThat(opened.intent().amount()).isGreaterThan(TEN).isLessThan(new BigDecimal("10.01"));
      assertThat(opened.intent().expiresAt()).isEqualTo(clock.instant().plus(Duration.ofHours(72)));
      assertThat(opened.intent().id()).matches("pi_[0-9a-f]{32}");
      assertThat(opened.rules()).isEqualTo(RULES);
    }
    assertThat(first.intent().amount()).isNotEqualByComparingTo(second.intent().amount());
    assertThat(first.secret()).isNotEqualTo(second.secret());
    assertThat(intents.stored()).hasSize(2);
    assertThat(intents.stored().get(0).secretHash())
        .isEqualTo(PayerBinding.secretHash(first.secret()))
        .isNotEqualTo(first.secret().getBytes(java.nio.charset.StandardCharsets.US_ASCII));
  }

  @Test
  void open_aChainWithoutPaymentRules_isNotAccepted_andNothingIsDrawnOrStored() {
    Outcome outcome = open(opener(500), ChainId.evm(1));

    assertThat(outcome)
        .isEqualTo(
            new Outcome.NotAccepted(
                "payments on chain 1 (Ethereum) are not accepted by this service"));
    assertThat(entropy.calls()).isZero();
    assertThat(intents.stored()).isEmpty();
  }

  @Test
  void open_pastTheBoundOfAPrice_saysWhenTheFirstOpenOneExpires_andOpensAgainAfterIt() {
    OpenPaymentIntent opener = opener(1);
    open(opener, BASE);

    clock.advance(Duration.ofHours(1));
    Outcome full = open(opener, BASE);
    clock.advance(Duration.ofHours(71).plusSeconds(1));
    Outcome again = open(opener, BASE);

    assertThat(full).isInstanceOf(Outcome.Full.class);
    assertThat(((Outcome.Full) full).retryAfter()).isEqualTo(Duration.ofHours(71).toSeconds());
    assertThat(((Outcome.Full) full).reason())
        .startsWith("the service holds at most 1 open intents for 10.00 on chain 8453");
    assertThat(again).isInstanceOf(Outcome.Opened.class);
    assertThat(intents.stored()).hasSize(2);
  }

  @Test
  void oneAddress_holdsAtMostItsOwnBound_whileOtherAddressesAreServedAtThatPrice() {
    OpenPaymentIntent opener = opener(500, 2);
    open(opener, BASE, "attacker");
    clock.advance(Duration.ofHours(1));
    open(opener, BASE, "attacker");

    Outcome third = open(opener, BASE, "attacker");
    Outcome stranger = open(opener, BASE, "payer");
    clock.advance(Duration.ofHours(71).plusSeconds(1));
    Outcome afterTheFirstExpired = open(opener, BASE, "attacker");

    assertThat(third).isInstanceOf(Outcome.Full.class);
    assertThat(((Outcome.Full) third).reason())
        .startsWith(
            "the service holds at most 2 open intents on chain 8453 for one client address");
    assertThat(((Outcome.Full) third).retryAfter()).isEqualTo(Duration.ofHours(71).toSeconds());
    assertThat(stranger).isInstanceOf(Outcome.Opened.class);
    assertThat(afterTheFirstExpired).isInstanceOf(Outcome.Opened.class);
    assertThat(intents.stored()).hasSize(4);
  }

  @Test
  void anOpenedIntent_bindsExactlyItsAmount_forItsPurpose_toWhoeverHoldsItsSecret() {
    Outcome.Opened opened = (Outcome.Opened) open(opener(500), BASE);
    PayerBinding binding = new PayerBinding("", intents, clock, PaymentIntent.ClaimWindow.DEFAULTS);
    IntentRef held = new IntentRef(opened.intent().id(), opened.secret());
    IntentRef guessed = new IntentRef(opened.intent().id(), "ab".repeat(32));
    Instant mined = clock.instant().plusSeconds(30);
    BigInteger raw = opened.intent().amount().movePointRight(6).toBigIntegerExact();
    assertThat(raw.mod(BigInteger.valueOf(10_000))).isNotZero();

    var exact =
        binding
            .judge(
                claim(held), paying(opened.intent().amount(), mined), new ClaimPurpose.CreditsBuy())
            .await()
            .indefinitely();
    var roundAmount =
        binding
            .judge(claim(held), paying(TEN, mined), new ClaimPurpose.CreditsBuy())
            .await()
            .indefinitely();
    var otherPurpose =
        binding
            .judge(
                claim(held),
                paying(opened.intent().amount(), mined),
                new ClaimPurpose.PlansBuy("pro"))
            .await()
            .indefinitely();
    var wrongSecret =
        binding
            .judge(
                claim(guessed),
                paying(opened.intent().amount(), mined),
                new ClaimPurpose.CreditsBuy())
            .await()
            .indefinitely();

    assertThat(exact).isEqualTo(new PayerBinding.Verdict.ByIntent(opened.intent().id()));
    assertThat(((PayerBinding.Verdict.Refused) roundAmount).reason())
        .contains("is for exactly " + opened.intent().amount().toPlainString() + " USDC");
    assertThat(((PayerBinding.Verdict.Refused) otherPurpose).reason())
        .contains("was opened for credits/buy, not plans/buy");
    assertThat(((PayerBinding.Verdict.Refused) wrongSecret).reason())
        .isEqualTo(
            "payment intent " + opened.intent().id() + " is unknown or its secret is not this one");
  }

  static PayerClaim claim(IntentRef intent) {
    return new PayerClaim(Optional.empty(), Optional.of(intent));
  }
}
