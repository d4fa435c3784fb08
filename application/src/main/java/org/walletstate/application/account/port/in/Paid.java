package org.walletstate.application.account.port.in;

import java.time.Instant;
import java.util.Objects;
import org.walletstate.application.payment.port.in.PaidCallUseCase;

/**
 * What a payable call came to: its outcome and how its payer paid for it ({@link Answered}), or why
 * the payer did not pay, in which case the work was not done or its answer is withheld ({@link
 * Declined}). A key's credits never decline: a key that cannot pay is an outcome of the use case.
 *
 * @param <T> the use case's outcome
 */
public sealed interface Paid<T> {

  /** The outcome, answered; {@code settlement} says what the payer gave for it. */
  record Answered<T>(T outcome, Settlement settlement) implements Paid<T> {
    public Answered {
      Objects.requireNonNull(outcome, "outcome");
      Objects.requireNonNull(settlement, "settlement");
    }
  }

  /** Nothing answered: the payer did not pay (or cannot be asked to), and nothing was charged. */
  record Declined<T>(Decline decline) implements Paid<T> {
    public Declined {
      Objects.requireNonNull(decline, "decline");
    }
  }

  /** How an answered call was paid. */
  sealed interface Settlement {

    /** With a key's credits: what was charged and what is left are in the outcome. */
    record Credits() implements Settlement {}

    /** By an x402 payment, settled on chain when the answer was delivered. */
    record Settled(PaidCallUseCase.Receipt receipt) implements Settlement {}

    /**
     * By nobody: the work did not deliver what the x402 payment was for, so the payment was
     * released unsettled and may be sent again.
     */
    record Unpaid() implements Settlement {}

    /**
     * From the shared allowance, one call drawn (then charged to its service account's credits).
     *
     * @param used calls drawn today, this one included
     */
    record Drawn(int perDay, int used, Instant resetsAt) implements Settlement {}
  }

  /** Why a payer did not pay. */
  sealed interface Decline {

    /** The x402 payment does not pay for this call (402); nothing was done. */
    record Refused(String reason) implements Decline {}

    /** As many paid calls are under way as the service settles at once (503); nothing was done. */
    record Busy(int retryAfterSeconds) implements Decline {}

    /** The payment could not be checked (503: a chain or the facilitator did not answer). */
    record Unavailable(String reason) implements Decline {}

    /**
     * The answer was ready but the payment did not settle: the answer is withheld.
     *
     * @param refused true when the chain refused the transfer; false when its outcome is unknown
     */
    record NotSettled(String reason, boolean refused) implements Decline {}

    /** Today's shared allowance is used up (429); nothing was done. */
    record Spent(int perDay, Instant resetsAt, long retryAfterSeconds) implements Decline {}
  }
}
