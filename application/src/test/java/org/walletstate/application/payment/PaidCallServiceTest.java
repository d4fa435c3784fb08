package org.walletstate.application.payment;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.UniEmitter;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.walletstate.application.payment.port.in.PaidCallUseCase.Outcome;
import org.walletstate.application.payment.port.in.PaidCallUseCase.Receipt;
import org.walletstate.application.port.out.PaidCalls;
import org.walletstate.application.port.out.TransferAuthorizations;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.payment.PerCallPayment;
import org.walletstate.domain.payment.SvmPayment;
import org.walletstate.domain.solana.SolanaTransaction;

/**
 * Paid calls on the sealed payment, with a Solana payment of the official client: the domain's
 * check first, then the seam's check before the work (a facilitator's verification), one claim per
 * payer signature, the work, and the settlement of a delivered answer only.
 */
class PaidCallServiceTest {

  /** A transaction of the official SVM client (see the domain's SvmPaymentTest). */
  static final String TRANSACTION =
      "AgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABUNFX1"
          + "XPaO+OHKAyGwNfNh2zK9d+WJEQSXMrbS2ehQ2XZH6U06nzArreaXAuG8S/Bt+Gwog88Txs6Y61q9PJgBgAIBBAgX"
          + "5hBb/x4wtw6y3F95So7BPMYmMIL2bcXvsx27Gib/qOpKbGPinFIKvvVQexMuxfmVR3auvr57kkIe6mkURtIsSRIK"
          + "tW31UClFCvSaqokvB4/UORQRiFhkzkX3a6TKSQ5nMC5JGJTXSS6mvk+RTqT0X6FC5kWGfJFkonbV3XbwdgMGRm/l"
          + "IRcy/+ytunLDm+e8jOW7xfcSayxDmzpAAAAAxvp6877brTo9ZfNqq8l0MbG75MLS9uDkfKYCA0UvXWEFSlNamSkh"
          + "Bk0k6HFg2jh8fDW13bySu4HkH6hAQQVEjQbd9uHXZaGT2cvhRs7reawctIXtX1s3kTqM9YV+/wCpzEkOkozS44c7"
          + "s0P8ldozF5ymD02/RsLDbpEpnVXU5rkEBAAFAiBOAAAEAAkDAQAAAAAAAAAHBAMFAgEKDFDDAAAAAAAABgYAIDJm"
          + "Y2QyYTVkMjlmNjcyOTRlNTNmNTFjODU5NDExYmI4AA==";

  static final String SOLANA = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
  static final String SIGNATURE =
      "5Ea2ZyqEmi2yBQtf1ouzLbaSUzuoGyLCWr2X5Wz7UD9Kt9U7TH3NDAhNTCwGgjzhX8iz3zWEGdgexShSJX6mx9y7";
  static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-25T00:00:00Z"), ZoneOffset.UTC);

  static PerCallPayment.Svm payment(long quoted) {
    return new PerCallPayment.Svm(
        SOLANA,
        new SvmPayment.Terms(
            SolanaAddress.of("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"),
            SolanaAddress.of("A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJd"),
            BigInteger.valueOf(quoted),
            6,
            SolanaAddress.of("2cHr7QS3xfuSV8wdxo3ztuF4xbiarF6Nrgx3qpx3HzXR")),
        SolanaTransaction.decode(Base64.getDecoder().decode(TRANSACTION)));
  }

  /** A facilitator answering {@code state} before the work and {@code settlement} after it. */
  static final class Facilitator implements TransferAuthorizations {
    State state = new State.Verified();
    Settlement settlement = new Settlement.Settled(SIGNATURE);
    final AtomicInteger checks = new AtomicInteger();
    final AtomicInteger settles = new AtomicInteger();

    @Override
    public Uni<State> state(PerCallPayment payment) {
      checks.incrementAndGet();
      return Uni.createFrom().item(state);
    }

    @Override
    public Uni<Settlement> settle(PerCallPayment payment) {
      settles.incrementAndGet();
      return Uni.createFrom().item(settlement);
    }
  }

  /** Claims in memory, with the store's one-claim-per-key rule. */
  static final class Store implements PaidCalls {
    final Map<PerCallPayment.Key, String> states = new ConcurrentHashMap<>();
    final List<String> txHashes = new ArrayList<>();

    @Override
    public Uni<Claimed> claim(Claim claim) {
      return Uni.createFrom()
          .item(
              states.putIfAbsent(claim.key(), "claimed") == null ? Claimed.CLAIMED : Claimed.USED);
    }

    @Override
    public Uni<Void> settled(Claim claim, String txHash, Instant at) {
      states.put(claim.key(), "settled");
      txHashes.add(txHash);
      return Uni.createFrom().voidItem();
    }

    @Override
    public Uni<Void> unsettled(Claim claim, Instant at) {
      states.put(claim.key(), "unsettled");
      return Uni.createFrom().voidItem();
    }

    @Override
    public Uni<Void> release(Claim claim) {
      states.remove(claim.key());
      return Uni.createFrom().voidItem();
    }
  }

  final Facilitator facilitator = new Facilitator();
  final Store store = new Store();
  static final PaidCallService.Limits LIMITS =
      new PaidCallService.Limits(Duration.ofSeconds(270), Duration.ofSeconds(330), 2, 3);
  final PaidCallService service = new PaidCallService(facilitator, store, CLOCK, LIMITS);
  final AtomicInteger work = new AtomicInteger();

  Outcome<String> run(PerCallPayment payment, String answer) {
    return service
        .run(
            payment,
            "attest",
            () -> {
              work.incrementAndGet();
              return Uni.createFrom().item(answer);
            },
            a -> a.startsWith("answer"))
        .await()
        .atMost(Duration.ofSeconds(5));
  }

  @Test
  void aVerifiedPayment_buysOneAnswer_settledUnderThePayersSignature() {
    PerCallPayment.Svm payment = payment(50_000);

    Outcome<String> first = run(payment, "answer");

    assertThat(first)
        .isEqualTo(
            new Outcome.Paid<>(
                "answer",
                new Receipt(SOLANA, SIGNATURE, "GmaDrppBC7P5ARKV8g3djiwP89vz1jLK23V2GBjuAEGB")));
    assertThat(store.states).containsEntry(payment.key(), "settled");
    assertThat(payment.key().id()).isNotEqualTo(SIGNATURE).hasSizeBetween(86, 88);

    Outcome<String> again = run(payment(50_000), "answer");
    assertThat(again).isInstanceOf(Outcome.Refused.class);
    assertThat(((Outcome.Refused<String>) again).reason()).contains("already paid for a call");
    assertThat(work).hasValue(1);
    assertThat(facilitator.settles).hasValue(1);
  }

  @Test
  void paidCallsPastTheOpenLimit_areBusy_beforeAnythingIsCheckedClaimedOrDone() {
    PaidCallService one =
        new PaidCallService(
            facilitator,
            store,
            CLOCK,
            new PaidCallService.Limits(Duration.ofSeconds(270), Duration.ofSeconds(330), 1, 3));
    List<UniEmitter<? super String>> working = new CopyOnWriteArrayList<>();
    List<Outcome<String>> ended = new CopyOnWriteArrayList<>();
    one.run(
            payment(50_000),
            "attest",
            () -> Uni.createFrom().<String>emitter(working::add),
            a -> a.startsWith("answer"))
        .subscribe()
        .with(ended::add);
    assertThat(working).hasSize(1);
    assertThat(facilitator.checks).hasValue(1);

    Outcome<String> busy =
        one.run(payment(50_000), "attest", () -> Uni.createFrom().item("answer"), a -> true)
            .await()
            .atMost(Duration.ofSeconds(5));
    assertThat(busy).isEqualTo(new Outcome.Busy<>(3));
    assertThat(facilitator.checks).as("nothing checked for a busy call").hasValue(1);

    working.get(0).complete("answer");
    assertThat(ended).hasSize(1).first().isInstanceOf(Outcome.Paid.class);
    assertThat(facilitator.settles).hasValue(1);
    Outcome<String> next =
        one.run(payment(50_000), "attest", () -> Uni.createFrom().item("answer"), a -> true)
            .await()
            .atMost(Duration.ofSeconds(5));
    assertThat(next)
        .as("the slot is free again: checked, and refused as used")
        .isInstanceOf(Outcome.Refused.class);
  }

  @Test
  void aPaymentThatDoesNotPayTheQuote_isRefused_beforeTheFacilitatorIsAsked() {
    Outcome<String> outcome = run(payment(50_001), "answer");

    assertThat(outcome)
        .isEqualTo(
            new Outcome.Refused<>("it transfers 50000 atomic units, less than the quoted 50001"));
    assertThat(facilitator.checks).hasValue(0);
    assertThat(work).hasValue(0);
  }

  @Test
  void aPaymentTheFacilitatorFindsInvalid_isRefused_andNothingIsClaimedOrDone() {
    facilitator.state =
        new TransferAuthorizations.State.Invalid("the facilitator found it invalid");

    assertThat(run(payment(50_000), "answer"))
        .isEqualTo(new Outcome.Refused<>("the facilitator found it invalid"));
    assertThat(store.states).isEmpty();
    assertThat(work).hasValue(0);
  }

  @Test
  void aFacilitatorThatDoesNotAnswer_isUnavailable_andNothingIsClaimedOrDone() {
    facilitator.state = new TransferAuthorizations.State.Failed("no answer");

    assertThat(run(payment(50_000), "answer")).isEqualTo(new Outcome.Unavailable<>("no answer"));
    assertThat(store.states).isEmpty();
    assertThat(work).hasValue(0);
  }

  @Test
  void anAnswerNotDelivered_releasesTheClaim_andTheSamePaymentBuysTheNextAnswer() {
    assertThat(run(payment(50_000), "rpc_failure"))
        .isEqualTo(new Outcome.NotDelivered<>("rpc_failure"));
    assertThat(store.states).isEmpty();
    assertThat(facilitator.settles).hasValue(0);

    assertThat(run(payment(50_000), "answer")).isInstanceOf(Outcome.Paid.class);
  }

  @Test
  void aSettlementTheFacilitatorRefuses_withholdsTheAnswer_andKeepsTheClaim() {
    facilitator.settlement =
        new TransferAuthorizations.Settlement.Refused("the facilitator refused the settlement");

    assertThat(run(payment(50_000), "answer"))
        .isEqualTo(new Outcome.NotSettled<>("the facilitator refused the settlement", true));
    assertThat(store.states).containsValue("unsettled");
    assertThat(store.txHashes).isEmpty();
  }
}
