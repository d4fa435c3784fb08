package org.walletstate.application.account;

import io.smallrye.mutiny.Uni;
import java.util.Objects;
import java.util.function.Function;
import org.walletstate.domain.account.CreditPrice;
import org.walletstate.domain.payload.KeyVersion;

/**
 * What a payable use case hands the {@link Charging} service: the call as quoted, the names it is
 * booked under, the work, and how the use case's outcome states a charge.
 *
 * @param call the call as priced before the work (what a key must be able to pay, what an x402
 *     payment must pay)
 * @param ledgerReason what a key's ledger entry says was bought
 * @param paidOperation the endpoint an x402 payment's record names
 * @param work the work, given the key era its answer is signed in
 * @param billing how the outcome carries what the payer was charged
 * @param <T> the use case's outcome
 */
public record Charge<T>(
    CreditPrice.Call call,
    String ledgerReason,
    String paidOperation,
    Function<KeyVersion, Uni<Delivered<T>>> work,
    Billing<T> billing) {

  // Null checks of the same shape as the watch records' by design: each record checks its own
  // members.
  public Charge {
    Objects.requireNonNull(call, "call");
    Objects.requireNonNull(ledgerReason, "ledgerReason");
    Objects.requireNonNull(paidOperation, "paidOperation");
    Objects.requireNonNull(work, "work");
    Objects.requireNonNull(billing, "billing");
  }

  /**
   * What the work delivered, and its outcome.
   *
   * @param delivery what the payer pays for
   * @param outcome the outcome: for work that signed a statement, the statement's append to the
   *     transparency log, which gives the outcome once the entry is durable. {@link Charging}
   *     subscribes to it once, beside a key's debit (so that the two commits overlap), or before
   *     any other settlement; no answer leaves before it completes
   */
  public record Delivered<T>(Delivery delivery, Uni<T> outcome) {
    public Delivered {
      Objects.requireNonNull(delivery, "delivery");
      Objects.requireNonNull(outcome, "outcome");
    }

    /** Work whose outcome is final (nothing left to log). */
    public Delivered(T outcome, Delivery delivery) {
      this(delivery, Uni.createFrom().item(Objects.requireNonNull(outcome, "outcome")));
    }
  }

  /** What a piece of work delivered, which is what its payer pays for. */
  public sealed interface Delivery {

    /** Nothing worth paying for (refused, reads incomplete): answered as it is, nothing taken. */
    record None() implements Delivery {}

    /**
     * Nothing worth paying for, but the answer states the key's balance (a batch none of whose
     * wallets could be profiled).
     */
    record Balance() implements Delivery {}

    /**
     * Delivered {@code call}: a key pays its price (the proof premium back when no proof was
     * delivered); an x402 payment settles only when {@code call} is the whole call it was quoted
     * for.
     *
     * @param requestId what the debit is booked under, once
     */
    record Units(CreditPrice.Call call, String requestId, boolean proofDelivered)
        implements Delivery {
      public Units {
        Objects.requireNonNull(call, "call");
        Objects.requireNonNull(requestId, "requestId");
      }
    }
  }

  /**
   * How a use case's outcome states what a key's credits paid.
   *
   * @param charged the outcome, charged {@code credits}, with {@code balance} left
   * @param shortOf the refusal of a key that cannot pay {@code required} with {@code available}
   */
  public record Billing<T>(Charged<T> charged, ShortOf<T> shortOf) {
    public Billing {
      Objects.requireNonNull(charged, "charged");
      Objects.requireNonNull(shortOf, "shortOf");
    }

    /** The outcome with what it cost. */
    @FunctionalInterface
    public interface Charged<T> {
      T apply(T outcome, long credits, long balance);
    }

    /** A key's refusal for want of credits. */
    @FunctionalInterface
    public interface ShortOf<T> {
      T apply(long available, long required);
    }
  }
}
