package org.walletstate.application.payment;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.walletstate.application.payment.port.in.PaidCallUseCase;
import org.walletstate.application.port.out.PaidCalls;
import org.walletstate.application.port.out.TransferAuthorizations;
import org.walletstate.domain.payment.PerCallPayment;
import org.walletstate.domain.payment.TransferAuthorization;

/**
 * x402 pay-per-call: the payment is checked against the quote (the domain's {@link
 * PerCallPayment#problem}), then before the work through {@link TransferAuthorizations#state} (an
 * EIP-3009 authorization on chain: nonce unused, balance enough; a Solana payment by the
 * facilitator's verification), then claimed once in the store; the work runs; a delivered answer is
 * settled and returned with its receipt, a failed one releases the claim. A settlement that does
 * not complete withholds the answer.
 */
public final class PaidCallService implements PaidCallUseCase {

  private final TransferAuthorizations chain;
  private final PaidCalls store;
  private final Clock clock;

  public PaidCallService(TransferAuthorizations chain, PaidCalls store, Clock clock) {
    this.chain = Objects.requireNonNull(chain, "chain");
    this.store = Objects.requireNonNull(store, "store");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  @Override
  public <T> Uni<Outcome<T>> run(
      PerCallPayment payment, String operation, Supplier<Uni<T>> work, Predicate<T> delivered) {
    Optional<String> problem = payment.problem(clock.instant());
    if (problem.isPresent()) {
      return Uni.createFrom().item(new Outcome.Refused<>(problem.get()));
    }
    return chain
        .state(payment)
        .flatMap(
            state -> {
              Optional<String> refused = refusal(payment, state);
              if (state instanceof TransferAuthorizations.State.Failed failed) {
                return Uni.createFrom().item(new Outcome.Unavailable<T>(failed.reason()));
              }
              if (refused.isPresent()) {
                return Uni.createFrom().item(new Outcome.Refused<T>(refused.get()));
              }
              var claim =
                  new PaidCalls.Claim(payment.key(), payment.amount(), operation, clock.instant());
              return store
                  .claim(claim)
                  .flatMap(
                      first ->
                          first
                              ? claimed(payment, claim, work, delivered)
                              : Uni.createFrom()
                                  .item(
                                      new Outcome.Refused<T>(
                                          "this payment already paid for a call; each payment"
                                              + " buys one answer")));
            });
  }

  /** Why the check before the work refuses {@code payment}; empty when it may be claimed. */
  private static Optional<String> refusal(
      PerCallPayment payment, TransferAuthorizations.State state) {
    if (state instanceof TransferAuthorizations.State.Invalid invalid) {
      return Optional.of(invalid.reason());
    }
    if (state instanceof TransferAuthorizations.State.Read read
        && payment instanceof PerCallPayment.Evm evm) {
      TransferAuthorization authorization = evm.authorization();
      if (read.nonceUsed()) {
        return Optional.of(
            "its nonce "
                + authorization.nonce().hex()
                + " was already used on chain "
                + evm.terms().domain().chainId());
      }
      if (read.balance().compareTo(authorization.value()) < 0) {
        return Optional.of(
            "the payer "
                + authorization.from().checksummed()
                + " holds "
                + read.balance()
                + " atomic units, less than the "
                + authorization.value()
                + " it authorizes");
      }
    }
    return Optional.empty();
  }

  private <T> Uni<Outcome<T>> claimed(
      PerCallPayment payment,
      PaidCalls.Claim claim,
      Supplier<Uni<T>> work,
      Predicate<T> delivered) {
    return work.get()
        .onFailure()
        .call(() -> store.release(claim))
        .flatMap(
            answer -> {
              if (!delivered.test(answer)) {
                return store.release(claim).map(nothing -> new Outcome.NotDelivered<>(answer));
              }
              return chain
                  .settle(payment)
                  .flatMap(settlement -> settled(payment, claim, answer, settlement));
            });
  }

  private <T> Uni<Outcome<T>> settled(
      PerCallPayment payment,
      PaidCalls.Claim claim,
      T answer,
      TransferAuthorizations.Settlement settlement) {
    if (settlement instanceof TransferAuthorizations.Settlement.Settled settled) {
      return store
          .settled(claim, settled.txHash(), clock.instant())
          .map(
              nothing ->
                  new Outcome.Paid<>(
                      answer, new Receipt(payment.network(), settled.txHash(), payment.payer())));
    }
    boolean refused = settlement instanceof TransferAuthorizations.Settlement.Refused;
    String reason =
        refused
            ? ((TransferAuthorizations.Settlement.Refused) settlement).reason()
            : ((TransferAuthorizations.Settlement.Failed) settlement).reason();
    return store
        .unsettled(claim, clock.instant())
        .map(nothing -> new Outcome.NotSettled<>(reason, refused));
  }
}
