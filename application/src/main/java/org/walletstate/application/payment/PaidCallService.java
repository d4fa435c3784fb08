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
import org.walletstate.domain.payment.AuthorizationCheck;
import org.walletstate.domain.payment.PerCallPayment;
import org.walletstate.domain.payment.TransferAuthorization;

/**
 * x402 pay-per-call by EIP-3009 authorization: the authorization is checked against the quote (the
 * domain's {@link AuthorizationCheck}), then on chain (nonce unused, balance enough), then claimed
 * once in the store; the work runs; a delivered answer is settled and returned with its receipt, a
 * failed one releases the claim. A settlement that does not complete withholds the answer.
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
    TransferAuthorization authorization = payment.authorization();
    Optional<String> problem =
        AuthorizationCheck.problem(payment.terms(), authorization, clock.instant());
    if (problem.isPresent()) {
      return Uni.createFrom().item(new Outcome.Refused<>(problem.get()));
    }
    TransferAuthorization.TokenDomain token = payment.terms().domain();
    return chain
        .state(token, authorization)
        .flatMap(
            state -> {
              if (state instanceof TransferAuthorizations.State.Failed failed) {
                return Uni.createFrom().item(new Outcome.Unavailable<T>(failed.reason()));
              }
              TransferAuthorizations.State.Read read = (TransferAuthorizations.State.Read) state;
              if (read.nonceUsed()) {
                return Uni.createFrom()
                    .item(
                        new Outcome.Refused<T>(
                            "its nonce "
                                + authorization.nonce().hex()
                                + " was already used on chain "
                                + token.chainId()));
              }
              if (read.balance().compareTo(authorization.value()) < 0) {
                return Uni.createFrom()
                    .item(
                        new Outcome.Refused<T>(
                            "the payer "
                                + authorization.from().checksummed()
                                + " holds "
                                + read.balance()
                                + " atomic units, less than the "
                                + authorization.value()
                                + " it authorizes"));
              }
              var claim =
                  new PaidCalls.Claim(
                      token.chainId(),
                      token.token(),
                      authorization.from(),
                      authorization.nonce(),
                      authorization.value(),
                      operation,
                      clock.instant());
              return store
                  .claim(claim)
                  .flatMap(
                      first ->
                          first
                              ? claimed(payment, claim, work, delivered)
                              : Uni.createFrom()
                                  .item(
                                      new Outcome.Refused<T>(
                                          "this authorization already paid for a call; each"
                                              + " payment buys one answer")));
            });
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
                  .settle(payment.terms().domain(), payment.authorization())
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
                      answer,
                      new Receipt(
                          payment.network(),
                          settled.txHash(),
                          payment.authorization().from().checksummed())));
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
