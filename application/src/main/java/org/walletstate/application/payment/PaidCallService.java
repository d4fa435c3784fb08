package org.walletstate.application.payment;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.walletstate.application.payment.port.in.PaidCallUseCase;
import org.walletstate.application.port.out.PaidCalls;
import org.walletstate.application.port.out.TransferAuthorizations;
import org.walletstate.domain.payment.AuthorizationCheck;
import org.walletstate.domain.payment.PerCallPayment;
import org.walletstate.domain.payment.TransferAuthorization;

/**
 * x402 pay-per-call: the payment is checked against the quote (the domain's {@link
 * PerCallPayment#problem}) and an EIP-3009 authorization against the validity the call needs
 * ({@link AuthorizationCheck#window}); a call past the replica's open paid calls is {@link
 * Outcome.Busy}; then the payment is claimed once in the store, while its payer has no other
 * payment open on the network, and only under that claim checked before the work through {@link
 * TransferAuthorizations#state} (an EIP-3009 authorization on chain: nonce unused, balance enough,
 * {@code transferWithAuthorization} simulated; a Solana payment by the facilitator's verification;
 * a refused or unreadable one releases the claim); the work runs; a delivered answer is settled and
 * returned with its receipt, a failed one releases the claim. A settlement that does not complete
 * withholds the answer.
 */
public final class PaidCallService implements PaidCallUseCase {

  /**
   * What a paid call needs of the service's capacity and of an authorization's time.
   *
   * @param leastValidity how long an EIP-3009 authorization must stay valid when it arrives
   * @param longestValidity the longest it may stay valid (a longer one is refused)
   * @param open how many paid calls one replica has under way at once, settlements included
   * @param retryAfterSeconds what a call past them is told
   */
  public record Limits(
      Duration leastValidity, Duration longestValidity, int open, int retryAfterSeconds) {
    public Limits {
      Objects.requireNonNull(leastValidity, "leastValidity");
      Objects.requireNonNull(longestValidity, "longestValidity");
      if (longestValidity.compareTo(leastValidity) < 0 || open < 1 || retryAfterSeconds < 1) {
        throw new IllegalArgumentException(
            "paid-call limits need longestValidity >= leastValidity, open >= 1, retryAfter >= 1");
      }
    }
  }

  private final TransferAuthorizations chain;
  private final PaidCalls store;
  private final Clock clock;
  private final Limits limits;
  private final Semaphore open;

  public PaidCallService(
      TransferAuthorizations chain, PaidCalls store, Clock clock, Limits limits) {
    this.chain = Objects.requireNonNull(chain, "chain");
    this.store = Objects.requireNonNull(store, "store");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.limits = Objects.requireNonNull(limits, "limits");
    this.open = new Semaphore(limits.open());
  }

  @Override
  public <T> Uni<Outcome<T>> run(
      PerCallPayment payment, String operation, Supplier<Uni<T>> work, Predicate<T> delivered) {
    Optional<String> problem = payment.problem(clock.instant()).or(() -> window(payment));
    if (problem.isPresent()) {
      return Uni.createFrom().item(new Outcome.Refused<>(problem.get()));
    }
    if (!open.tryAcquire()) {
      return Uni.createFrom().item(new Outcome.Busy<>(limits.retryAfterSeconds()));
    }
    return Uni.createFrom()
        .deferred(() -> checked(payment, operation, work, delivered))
        .onTermination()
        .invoke(open::release);
  }

  /** Why an EIP-3009 authorization's validity does not fit the call; empty when it does. */
  private Optional<String> window(PerCallPayment payment) {
    return payment instanceof PerCallPayment.Evm evm
        ? AuthorizationCheck.window(
            evm.authorization(), clock.instant(), limits.leastValidity(), limits.longestValidity())
        : Optional.empty();
  }

  /**
   * Claims {@code payment} first and only then reads the chain: the payer's one open claim is held
   * while its authorization is checked and simulated, so two authorizations of one payer can never
   * both pass the check on a balance that only one of them can spend.
   */
  private <T> Uni<Outcome<T>> checked(
      PerCallPayment payment, String operation, Supplier<Uni<T>> work, Predicate<T> delivered) {
    var claim = new PaidCalls.Claim(payment.key(), payment.amount(), operation, clock.instant());
    return store
        .claim(claim)
        .flatMap(
            claimed ->
                claimed == PaidCalls.Claimed.CLAIMED
                    ? onChain(payment, claim, work, delivered)
                    : Uni.createFrom().item(notClaimed(payment, claimed)));
  }

  private <T> Uni<Outcome<T>> onChain(
      PerCallPayment payment,
      PaidCalls.Claim claim,
      Supplier<Uni<T>> work,
      Predicate<T> delivered) {
    return chain
        .state(payment)
        .onFailure()
        .call(() -> store.release(claim))
        .flatMap(
            state -> {
              if (state instanceof TransferAuthorizations.State.Failed failed) {
                return store
                    .release(claim)
                    .map(nothing -> (Outcome<T>) new Outcome.Unavailable<T>(failed.reason()));
              }
              Optional<String> refused = refusal(payment, state);
              if (refused.isPresent()) {
                return store
                    .release(claim)
                    .map(nothing -> (Outcome<T>) new Outcome.Refused<T>(refused.get()));
              }
              return claimed(payment, claim, work, delivered);
            });
  }

  private static <T> Outcome<T> notClaimed(PerCallPayment payment, PaidCalls.Claimed claimed) {
    return new Outcome.Refused<>(
        claimed == PaidCalls.Claimed.USED
            ? "this payment already paid for a call; each payment buys one answer"
            : "the payer "
                + payment.payer()
                + " has another paid call under way on "
                + payment.network()
                + "; one payment per payer is worked on at a time, so send this one again"
                + " once that call is answered");
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
        // The refusal written out by design: each names what it was given.
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
