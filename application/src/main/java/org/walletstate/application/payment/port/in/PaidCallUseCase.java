package org.walletstate.application.payment.port.in;

import io.smallrye.mutiny.Uni;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.walletstate.domain.payment.PerCallPayment;

/**
 * A pay-per-call request with an x402 payment: the payment is checked against the quote and on
 * chain before the work, the work is done, and the payment is settled only when the work delivered
 * its answer. A payment buys one answer, ever.
 */
public interface PaidCallUseCase {

  /**
   * @param operation the endpoint paid for (stored with the payment)
   * @param work the call's work, done without credits
   * @param delivered whether the work's outcome is an answer worth the payment
   */
  <T> Uni<Outcome<T>> run(
      PerCallPayment payment, String operation, Supplier<Uni<T>> work, Predicate<T> delivered);

  /** Where a payment settled. */
  record Receipt(String network, String txHash, String payer) {}

  /** How a paid call ended. */
  sealed interface Outcome<T> {
    /** The answer was delivered and the payment settled. */
    record Paid<T>(T answer, Receipt receipt) implements Outcome<T> {}

    /** The work did not deliver: answered as it is, nothing settled, the payment reusable. */
    record NotDelivered<T>(T answer) implements Outcome<T> {}

    /** The payment does not pay for this call (402); nothing was done. */
    record Refused<T>(String reason) implements Outcome<T> {}

    /**
     * The payment could not be checked (503: the chain or the facilitator did not answer); nothing
     * was done.
     */
    record Unavailable<T>(String reason) implements Outcome<T> {}

    /**
     * The service has as many paid calls under way as it settles at once (503 with {@code
     * Retry-After}); nothing was done and the payment may be sent again.
     */
    record Busy<T>(int retryAfterSeconds) implements Outcome<T> {}

    /**
     * The answer was ready but the payment did not settle: the answer is withheld, nothing was
     * charged.
     *
     * @param refused true when the chain refused the transfer; false when its outcome is unknown
     */
    record NotSettled<T>(String reason, boolean refused) implements Outcome<T> {}
  }
}
