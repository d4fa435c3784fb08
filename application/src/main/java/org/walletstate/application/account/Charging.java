package org.walletstate.application.account;

import io.smallrye.mutiny.Uni;
import java.time.Duration;
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
import org.walletstate.application.port.out.CreditLedger.Debit;
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
 *       work delivered is debited after it, once per request id, beside the append of the work's
 *       signed statement to the transparency log (the debit given back when the append fails), the
 *       proof premium given back when no proof was delivered; a key whose credits were spent
 *       meanwhile gets its refusal and the work is discarded;
 *   <li>an x402 payment: claimed and checked before the work, settled only when the work delivered
 *       the whole call it was quoted for, released otherwise ({@link PaidCallUseCase});
 *   <li>the shared allowance: one call drawn before the work, then the service account's credits as
 *       for a key.
 * </ul>
 */
public final class Charging {

  private static final System.Logger LOG = System.getLogger(Charging.class.getName());

  private static final String NO_PROOF = "proof not delivered";
  private static final String NOT_LOGGED = "statement not logged";

  private final Metering metering;
  private final SharedAllowanceUseCase allowance;
  private final PaidCallUseCase paidCalls;
  private final AppendWait appendWait;

  public Charging(Metering metering, SharedAllowanceUseCase allowance, PaidCallUseCase paidCalls) {
    this(metering, allowance, paidCalls, AppendWait.NONE);
  }

  /**
   * @param appendWait told, for each debit run beside an append, how long the answer waited on the
   *     append once the debit was done
   */
  public Charging(
      Metering metering,
      SharedAllowanceUseCase allowance,
      PaidCallUseCase paidCalls,
      AppendWait appendWait) {
    // Same null-checked wiring as TrustProfiling's by design: each is handed only the ports it
    // uses, and there is no logic to share.
    this.metering = Objects.requireNonNull(metering, "metering");
    this.allowance = Objects.requireNonNull(allowance, "allowance");
    this.paidCalls = Objects.requireNonNull(paidCalls, "paidCalls");
    this.appendWait = Objects.requireNonNull(appendWait, "appendWait");
  }

  /**
   * Key credits only: the shared allowance and x402 payments are refused as a fault of the
   * composition (for a use case built without them).
   */
  public static Charging keyCreditsOnly(Metering metering) {
    return keyCreditsOnly(metering, AppendWait.NONE);
  }

  /** Key credits only, as above, telling {@code appendWait} what each append added. */
  public static Charging keyCreditsOnly(Metering metering, AppendWait appendWait) {
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
        },
        appendWait);
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
   * After the work: what it delivered taken from the key, or nothing when it delivered nothing. A
   * debit runs beside the append of the work's signed statement (the outcome's {@link
   * Delivered#outcome}), so that the two commits overlap; the answer waits for both. When the
   * append fails, the debit already made is given back ({@link Metering#giveBack}) and the call
   * fails with the append's failure: nothing is charged for a statement that was not issued.
   */
  private <T> Uni<T> debited(KeyAccount account, Charge<T> charge, Delivered<T> done) {
    Charge.Billing<T> billing = charge.billing();
    if (done.delivery() instanceof Delivery.None) {
      return done.outcome();
    }
    if (done.delivery() instanceof Delivery.Balance) {
      return done.outcome()
          .flatMap(
              outcome ->
                  metering
                      .balance(account)
                      .map(balance -> billing.charged().apply(outcome, 0, balance)));
    }
    Delivery.Units units = (Delivery.Units) done.delivery();
    CreditPrice price = CreditPrice.of(units.call());
    Uni<Attempt<Debit>> debiting =
        Attempt.of(metering.charge(account, price, charge.ledgerReason(), units.requestId()));
    return Uni.createFrom()
        .context(
            context ->
                Uni.combine()
                    .all()
                    .unis(Attempt.of(done.outcome()), debiting)
                    .asTuple()
                    .invoke(
                        both ->
                            appendWait.waited(
                                context,
                                Duration.ofNanos(
                                    Math.max(0, both.getItem1().at() - both.getItem2().at())))))
        .flatMap(
            both -> {
              Attempt<T> logged = both.getItem1();
              Attempt<Debit> debit = both.getItem2();
              if (logged.failure() != null) {
                return givenBack(account, price, debit).flatMap(ignored -> logged.uni());
              }
              return debit
                  .uni()
                  .flatMap(
                      taken ->
                          metering.settle(account, price, taken, units.proofDelivered(), NO_PROOF))
                  .map(settlement -> billed(billing, logged.item(), settlement));
            });
  }

  private static <T> T billed(
      Charge.Billing<T> billing, T outcome, Metering.Settlement settlement) {
    if (settlement instanceof Metering.Settlement.Paid paid) {
      return billing.charged().apply(outcome, paid.credits(), paid.balance());
    }
    // spent by a concurrent call since the check: the work's answer is discarded
    Metering.Settlement.Unpaid unpaid = (Metering.Settlement.Unpaid) settlement;
    return billing.shortOf().apply(unpaid.available(), unpaid.required());
  }

  /**
   * The debit of a call whose statement was not logged, given back; a give-back that fails is
   * reported (the call still fails with the append's failure).
   */
  private Uni<Void> givenBack(KeyAccount account, CreditPrice price, Attempt<Debit> debit) {
    if (debit.failure() != null) {
      return Uni.createFrom().voidItem();
    }
    return metering
        .giveBack(account, price, debit.item(), NOT_LOGGED)
        .onFailure()
        .recoverWithUni(
            failure -> {
              LOG.log(
                  System.Logger.Level.ERROR,
                  "the debit of a call whose statement was not logged was not given back: {0}",
                  failure.toString());
              return Uni.createFrom().voidItem();
            });
  }

  /**
   * A result or a failure, taken without failing, so that two steps run to their ends, and when it
   * came ({@link System#nanoTime}).
   */
  private record Attempt<V>(V item, Throwable failure, long at) {
    static <V> Uni<Attempt<V>> of(Uni<V> step) {
      return step.onItemOrFailure()
          .transform((item, failure) -> new Attempt<>(item, failure, System.nanoTime()));
    }

    Uni<V> uni() {
      return failure == null ? Uni.createFrom().item(item) : Uni.createFrom().failure(failure);
    }
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
                            done.outcome().map(outcome -> new Done<>(outcome, done.delivery()))),
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
