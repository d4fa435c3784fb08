package org.walletstate.application.account;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.walletstate.application.account.Charge.Delivered;
import org.walletstate.application.account.Charge.Delivery;
import org.walletstate.application.account.port.in.Paid;
import org.walletstate.application.account.port.in.SharedAllowanceUseCase.Draw;
import org.walletstate.application.payment.port.in.PaidCallUseCase;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.application.testing.MemoryCreditLedger;
import org.walletstate.domain.account.CreditPrice;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.MeteredOperation;
import org.walletstate.domain.account.Payer;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payment.AuthorizationCheck;
import org.walletstate.domain.payment.PerCallPayment;
import org.walletstate.domain.payment.TransferAuthorization;

/** One charging service for every kind of payer: reserve before the work, settle or release. */
class ChargingTest {

  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-28T00:00:00Z"), ZoneOffset.UTC);
  private static final KeyAccount KEY = new KeyAccount(1, Plan.PRO, KeyVersion.V1, 1000);
  private static final KeyAccount SERVICE = new KeyAccount(2, Plan.PRO, KeyVersion.V2, 1000);
  private static final CreditPrice.Call TWO_WALLETS =
      new CreditPrice.Call(MeteredOperation.TRUST_BATCH, 2, true);

  private static final EvmAddress PAYER =
      EvmAddress.of("0x1111111111111111111111111111111111111111");
  private static final EvmAddress PAY_TO =
      EvmAddress.of("0x2222222222222222222222222222222222222222");
  private static final PerCallPayment PAYMENT =
      new PerCallPayment.Evm(
          "eip155:8453",
          new AuthorizationCheck.Terms(
              new TransferAuthorization.TokenDomain(
                  "USD Coin",
                  "2",
                  8453,
                  EvmAddress.of("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913")),
              PAY_TO,
              BigInteger.valueOf(60_000)),
          new TransferAuthorization(
              PAYER,
              PAY_TO,
              BigInteger.valueOf(60_000),
              BigInteger.ZERO,
              BigInteger.valueOf(1_800_000_000L),
              Bytes32.parse("0x" + "ab".repeat(32), "nonce"),
              "0x" + "cd".repeat(65)));

  /** The outcome of the work: what it says it was charged, or a key's refusal. */
  private record Outcome(String text, long credits, long balance) {}

  private static final Charge.Billing<Outcome> BILLING =
      new Charge.Billing<>(
          (outcome, credits, balance) -> new Outcome(outcome.text(), credits, balance),
          (available, required) -> new Outcome("short", available, required));

  private final MemoryCreditLedger ledger =
      new MemoryCreditLedger().withBalance(KEY.id(), 100).withBalance(SERVICE.id(), 100);
  private final List<KeyVersion> workedIn = new ArrayList<>();
  private Draw draw = new Draw.Drawn(SERVICE, 7, 1000, Instant.parse("2026-11-29T00:00:00Z"));
  private PaidCallUseCase.Outcome<?> paidCall;
  private boolean deliveredAsPaid;

  private final PaidCallUseCase paidCalls =
      new PaidCallUseCase() {
        @Override
        @SuppressWarnings("unchecked")
        public <T> Uni<Outcome<T>> run(
            PerCallPayment payment,
            String operation,
            Supplier<Uni<T>> work,
            Predicate<T> delivered) {
          if (paidCall != null) {
            return Uni.createFrom().item((Outcome<T>) paidCall);
          }
          return work.get()
              .map(
                  answer -> {
                    deliveredAsPaid = delivered.test(answer);
                    return deliveredAsPaid
                        ? new Outcome.Paid<>(answer, new Receipt("eip155:8453", "0xtx", "0xpayer"))
                        : new Outcome.NotDelivered<>(answer);
                  });
        }
      };

  private final Charging charging =
      new Charging(new Metering(ledger, CLOCK), () -> Uni.createFrom().item(draw), paidCalls);

  private Charge<Outcome> charge(Delivery delivery) {
    return new Charge<>(
        TWO_WALLETS,
        "trust_batch",
        "trust/batch",
        version -> {
          workedIn.add(version);
          return Uni.createFrom().item(new Delivered<>(new Outcome("done", 0, 0), delivery));
        },
        BILLING);
  }

  private static Delivery units(int wallets, boolean proofDelivered) {
    return new Delivery.Units(
        new CreditPrice.Call(MeteredOperation.TRUST_BATCH, wallets, true), "tp_1", proofDelivered);
  }

  private Paid<Outcome> paid(Payer payer, Delivery delivery) {
    return charging.charge(payer, charge(delivery)).await().indefinitely();
  }

  @Test
  void aKeyPaysWhatWasDelivered_thePremiumBackWithoutProof() {
    Paid<Outcome> paid = paid(Payer.credits(KEY), units(1, false));

    assertThat(paid)
        .isEqualTo(new Paid.Answered<>(new Outcome("done", 3, 97), new Paid.Settlement.Credits()));
    assertThat(ledger.debits())
        .singleElement()
        .satisfies(d -> assertThat(d.credits()).isEqualTo(6));
    assertThat(ledger.refunds())
        .singleElement()
        .satisfies(r -> assertThat(r.credits()).isEqualTo(3));
    assertThat(workedIn).containsExactly(KeyVersion.V1);
  }

  @Test
  void aKeyThatCannotPayTheWholeCallIsRefusedBeforeTheWork() {
    List<CreditLedger.DebitRequest> asked = new ArrayList<>();
    MemoryCreditLedger poor =
        new MemoryCreditLedger().withBalance(KEY.id(), 11).beforeEachDebit(asked::add);
    Charging charging =
        new Charging(new Metering(poor, CLOCK), () -> Uni.createFrom().item(draw), paidCalls);

    Paid<Outcome> paid =
        charging.charge(Payer.credits(KEY), charge(units(2, true))).await().indefinitely();

    assertThat(paid)
        .isEqualTo(
            new Paid.Answered<>(new Outcome("short", 11, 12), new Paid.Settlement.Credits()));
    assertThat(workedIn).isEmpty();
    assertThat(poor.debits()).isEmpty();
    assertThat(asked).isEmpty();
  }

  @Test
  void nothingDeliveredTakesNothing_andAnAnswerThatStatesTheBalanceReadsIt() {
    assertThat(paid(Payer.credits(KEY), new Delivery.None()))
        .isEqualTo(new Paid.Answered<>(new Outcome("done", 0, 0), new Paid.Settlement.Credits()));
    assertThat(paid(Payer.credits(KEY), new Delivery.Balance()))
        .isEqualTo(new Paid.Answered<>(new Outcome("done", 0, 100), new Paid.Settlement.Credits()));
    assertThat(ledger.debits()).isEmpty();
  }

  @Test
  void aPaymentSettlesOnlyWhenTheWholeQuotedCallWasDelivered() {
    Payer payer = Payer.perCall(PAYMENT);

    Paid<Outcome> whole = paid(payer, units(2, true));
    assertThat(deliveredAsPaid).isTrue();
    assertThat(whole)
        .isEqualTo(
            new Paid.Answered<>(
                new Outcome("done", 0, 0),
                new Paid.Settlement.Settled(
                    new PaidCallUseCase.Receipt("eip155:8453", "0xtx", "0xpayer"))));

    Paid<Outcome> part = paid(payer, units(1, true));
    assertThat(deliveredAsPaid).isFalse();
    assertThat(part)
        .isEqualTo(new Paid.Answered<>(new Outcome("done", 0, 0), new Paid.Settlement.Unpaid()));
    assertThat(workedIn).containsExactly(KeyVersion.V2, KeyVersion.V2);
    assertThat(ledger.debits()).isEmpty();
  }

  @Test
  void aRefusedPaymentDeclines() {
    paidCall = new PaidCallUseCase.Outcome.Refused<>("its nonce was already used");

    assertThat(paid(Payer.perCall(PAYMENT), units(2, true)))
        .isEqualTo(new Paid.Declined<>(new Paid.Decline.Refused("its nonce was already used")));
  }

  @Test
  void theSharedAllowanceDrawsThenPaysWithItsServiceAccountsCredits() {
    Paid<Outcome> paid = paid(Payer.sharedAllowance(), units(2, true));

    assertThat(paid)
        .isEqualTo(
            new Paid.Answered<>(
                new Outcome("done", 12, 88),
                new Paid.Settlement.Drawn(1000, 7, Instant.parse("2026-11-29T00:00:00Z"))));
    assertThat(ledger.debits()).singleElement().satisfies(d -> assertThat(d.keyId()).isEqualTo(2));
    assertThat(workedIn).containsExactly(KeyVersion.V2);
  }

  @Test
  void aSpentAllowanceDeclinesBeforeTheWork() {
    draw = new Draw.Spent(1000, Instant.parse("2026-11-29T00:00:00Z"), 3600);

    assertThat(paid(Payer.sharedAllowance(), units(2, true)))
        .isEqualTo(
            new Paid.Declined<>(
                new Paid.Decline.Spent(1000, Instant.parse("2026-11-29T00:00:00Z"), 3600)));
    assertThat(workedIn).isEmpty();
  }
}
