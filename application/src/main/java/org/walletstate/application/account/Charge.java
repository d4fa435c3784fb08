package org.walletstate.application.account;

import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.walletstate.domain.account.CreditPrice;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.tlog.LoggedStatement;

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
   * @param outcome the outcome and the signed statements it issues, which are in the transparency
   *     log before it is answered: {@link Charging} logs them with a key's debit, or has the log
   *     append them before any other settlement
   */
  public record Delivered<T>(Delivery delivery, Logging<T> outcome) {
    public Delivered {
      Objects.requireNonNull(delivery, "delivery");
      Objects.requireNonNull(outcome, "outcome");
    }

    /** Work whose outcome is final (nothing left to log). */
    public Delivered(T outcome, Delivery delivery) {
      this(delivery, Logging.none(outcome));
    }
  }

  /**
   * A work's outcome whose signed statements are not yet in the transparency log, and the two ways
   * they get there. Each {@code Uni} is subscribed to at most once, and only one of them.
   *
   * @param statements the statements' log entries, in the order they are logged (none: the outcome
   *     is final)
   * @param appended the log appends the statements on its own ({@link
   *     org.walletstate.application.port.out.StatementLog#submitAll}), and the outcome then carries
   *     their leaf indexes ({@code log: {index}})
   * @param written the outcome when the caller wrote the statements to the log's store itself (in a
   *     key's debit, {@link org.walletstate.application.port.out.CreditLedger#debit}) and they are
   *     durable: they are sequenced later by the log's batch, so the outcome carries no index
   */
  public record Logging<T>(List<LoggedStatement> statements, Uni<T> appended, Uni<T> written) {
    public Logging {
      statements = List.copyOf(statements);
      Objects.requireNonNull(appended, "appended");
      Objects.requireNonNull(written, "written");
    }

    /** An outcome with nothing to log. */
    public static <T> Logging<T> none(T outcome) {
      Uni<T> item = Uni.createFrom().item(Objects.requireNonNull(outcome, "outcome"));
      return new Logging<>(List.of(), item, item);
    }

    /** The same logging, its outcome mapped either way. */
    public <R> Logging<R> map(Function<? super T, ? extends R> mapper) {
      return new Logging<>(statements, appended.map(mapper), written.map(mapper));
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
