package org.walletstate.application.account;

import io.smallrye.mutiny.Uni;
import java.util.Objects;
import org.walletstate.application.account.Charge.Delivered;
import org.walletstate.application.account.Charge.Delivery;
import org.walletstate.application.account.port.in.Paid;
import org.walletstate.application.account.port.in.Paid.Decline;
import org.walletstate.application.account.port.in.Paid.Settlement;
import org.walletstate.application.account.port.in.SharedAllowanceUseCase;
import org.walletstate.application.account.port.in.SharedAllowanceUseCase.Draw;
import org.walletstate.application.payment.port.in.PaidCallUseCase;
import org.walletstate.application.payment.port.in.PaidCallUseCase.Outcome;
import org.walletstate.domain.account.CreditPrice;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Payer;
import org.walletstate.domain.payment.PerCallPayment;

/**
 * The one place a call is paid, whatever its {@link Payer}: reserve before the work, settle or
 * release after it.
 *
 * <ul>
 *   <li>a key's credits: the price is checked before the work ({@link Metering#check}); what the
 *       work delivered is debited after it, once per request id, with the work's signed statements
 *       logged in the debit's statement, the proof premium given back when no proof was delivered;
 *       a key whose credits were spent meanwhile gets its refusal and the work is discarded
 *       (nothing logged);
 *   <li>an x402 payment: claimed and checked before the work, settled only when the work delivered
 *       the whole call it was quoted for, released otherwise ({@link PaidCallUseCase});
 *   <li>the shared allowance: one call drawn before the work, then the service account's credits as
 *       for a key.
 * </ul>
 */
public final class Charging {

  private static final String NO_PROOF = "proof not delivered";

  private final Metering metering;
  private final SharedAllowanceUseCase allowance;
  private final PaidCallUseCase paidCalls;

  public Charging(Metering metering, SharedAllowanceUseCase allowance, PaidCallUseCase paidCalls) {
    // Same null-checked wiring as TrustProfiling's by design: each is handed only the ports it
    // uses, and there is no logic to share.
    this.metering = Objects.requireNonNull(metering, "metering");
    this.allowance = Objects.requireNonNull(allowance, "allowance");
    this.paidCalls = Objects.requireNonNull(paidCalls, "paidCalls");
  }

  /**
   * Key credits only: the shared allowance and x402 payments are refused as a fault of the
   * composition (for a use case built without them).
   */
  public static Charging keyCreditsOnly(Metering metering) {
    return new Charging(
        metering,
        () -> Uni.createFrom().failure(notComposed("the shared allowance")),
        new PaidCallUseCase() {
          @Override
          public <T> Uni<Outcome<T>> run(
              PerCallPayment payment,
              String operation,
              java.util.function.Supplier<Uni<T>> work,
              java.util.function.Predicate<T> delivered) {
            return Uni.createFrom().failure(notComposed("x402 payments"));
          }
        });
  }

  private static IllegalStateException notComposed(String payer) {
    return new IllegalStateException("this use case was composed without " + payer);
  }

  /** Does {@code charge}'s work paid by {@code payer}. */
  public <T> Uni<Paid<T>> charge(Payer payer, Charge<T> charge) {
    if (payer instanceof Payer.Credits credits) {
      return withCredits(credits.account(), charge)
          .map(outcome -> new Paid.Answered<>(outcome, new Settlement.Credits()));
    }
    if (payer instanceof Payer.PerCall perCall) {
      return perCall(perCall.payment(), charge);
    }
    return fromAllowance(charge);
  }

  private <T> Uni<T> withCredits(KeyAccount account, Charge<T> charge) {
    CreditPrice price = CreditPrice.of(charge.call());
    return metering
        .check(account, price)
        .flatMap(
            affordability -> {
              if (affordability instanceof Metering.Affordability.Short shortOf) {
                return Uni.createFrom()
                    .item(
                        charge.billing().shortOf().apply(shortOf.available(), shortOf.required()));
              }
              return charge
                  .work()
                  .apply(account.version())
                  .flatMap(done -> debited(account, charge, done));
            });
  }

  /**
   * After the work: what it delivered taken from the key, or nothing when it delivered nothing. The
   * work's signed statements are logged with the debit, in its one statement ({@link
   * Metering#charge}): a call paid with credits commits once, and its statements are issued only
   * when it is paid (a key whose credits were spent meanwhile gets its refusal, and nothing is
   * logged). Their answer then carries no leaf index; the log's batch sequences them.
   */
  private <T> Uni<T> debited(KeyAccount account, Charge<T> charge, Delivered<T> done) {
    Charge.Billing<T> billing = charge.billing();
    Charge.Logging<T> logging = done.outcome();
    if (done.delivery() instanceof Delivery.None) {
      return logging.appended();
    }
    if (done.delivery() instanceof Delivery.Balance) {
      return logging
          .appended()
          .flatMap(
              outcome ->
                  metering
                      .balance(account)
                      .map(balance -> billing.charged().apply(outcome, 0, balance)));
    }
    Delivery.Units units = (Delivery.Units) done.delivery();
    CreditPrice price = CreditPrice.of(units.call());
    return metering
        .charge(account, price, charge.ledgerReason(), units.requestId(), logging.statements())
        .flatMap(debit -> metering.settle(account, price, debit, units.proofDelivered(), NO_PROOF))
        .flatMap(settlement -> billed(billing, logging, settlement));
  }

  private static <T> Uni<T> billed(
      Charge.Billing<T> billing, Charge.Logging<T> logging, Metering.Settlement settlement) {
    if (settlement instanceof Metering.Settlement.Paid paid) {
      return logging
          .written()
          .map(outcome -> billing.charged().apply(outcome, paid.credits(), paid.balance()));
    }
    // spent by a concurrent call since the check: the work's answer is discarded, unlogged
    Metering.Settlement.Unpaid unpaid = (Metering.Settlement.Unpaid) settlement;
    return Uni.createFrom().item(billing.shortOf().apply(unpaid.available(), unpaid.required()));
  }

  private <T> Uni<Paid<T>> perCall(PerCallPayment payment, Charge<T> charge) {
    return paidCalls
        .run(
            payment,
            charge.paidOperation(),
            // settled with its payment: the statement is logged before the payment settles
            () ->
                charge
                    .work()
                    .apply(Payer.PerCall.VERSION)
                    .flatMap(
                        done ->
                            done.outcome()
                                .appended()
                                .map(outcome -> new Done<>(outcome, done.delivery()))),
            done ->
                done.delivery() instanceof Delivery.Units units
                    && units.call().equals(charge.call()))
        .map(Charging::paid);
  }

  /** The work's outcome once logged, and what it delivered. */
  private record Done<T>(T outcome, Delivery delivery) {}

  private static <T> Paid<T> paid(Outcome<Done<T>> outcome) {
    if (outcome instanceof Outcome.Paid<Done<T>> paid) {
      return new Paid.Answered<>(paid.answer().outcome(), new Settlement.Settled(paid.receipt()));
    }
    if (outcome instanceof Outcome.NotDelivered<Done<T>> failed) {
      return new Paid.Answered<>(failed.answer().outcome(), new Settlement.Unpaid());
    }
    return new Paid.Declined<>(decline(outcome));
  }

  private static Decline decline(Outcome<?> outcome) {
    if (outcome instanceof Outcome.Refused<?> refused) {
      return new Decline.Refused(refused.reason());
    }
    if (outcome instanceof Outcome.Busy<?> busy) {
      return new Decline.Busy(busy.retryAfterSeconds());
    }
    if (outcome instanceof Outcome.Unavailable<?> unavailable) {
      return new Decline.Unavailable(unavailable.reason());
    }
    Outcome.NotSettled<?> unsettled = (Outcome.NotSettled<?>) outcome;
    return new Decline.NotSettled(unsettled.reason(), unsettled.refused());
  }

  private <T> Uni<Paid<T>> fromAllowance(Charge<T> charge) {
    return allowance
        .draw()
        .flatMap(
            draw -> {
              if (draw instanceof Draw.Drawn drawn) {
                return withCredits(drawn.account(), charge)
                    .map(
                        outcome ->
                            (Paid<T>)
                                new Paid.Answered<>(
                                    outcome,
                                    new Settlement.Drawn(
                                        drawn.perDay(), drawn.used(), drawn.resetsAt())));
              }
              Draw.Spent spent = (Draw.Spent) draw;
              return Uni.createFrom()
                  .item(
                      new Paid.Declined<T>(
                          new Decline.Spent(
                              spent.perDay(), spent.resetsAt(), spent.retryAfterSeconds())));
            });
  }
}
