package org.walletstate.adapters.http.observability;

import io.smallrye.mutiny.Uni;
import java.util.function.Predicate;
import org.walletstate.adapters.http.timing.ServerTimings;
import org.walletstate.application.port.out.CreditLedger;

/**
 * The credit ledger, counting what it takes and gives back into the credit meters, and timing each
 * statement into the request's {@link ServerTimings} as {@code ledger}.
 */
public final class MeteredCreditLedger implements CreditLedger {

  private final CreditLedger ledger;
  private final ServiceMeters meters;

  public MeteredCreditLedger(CreditLedger ledger, ServiceMeters meters) {
    this.ledger = ledger;
    this.meters = meters;
  }

  // Each statement timed alike by design: the ledger port's methods, wrapped one by one.
  @Override
  public Uni<Long> balance(long keyId) {
    return ServerTimings.timed(ledger.balance(keyId), "ledger", null);
  }

  @Override
  public Uni<Debit> debit(DebitRequest request) {
    return counted(
        ledger.debit(request),
        Debit.Applied.class::isInstance,
        () -> meters.charged(request.reason(), request.credits()));
  }

  @Override
  public Uni<Refund> refund(RefundRequest request) {
    return counted(
        ledger.refund(request),
        Refund.Applied.class::isInstance,
        () -> meters.refunded(request.reason(), request.credits()));
  }

  /** The statement timed as {@code ledger}, {@code count} run when what it answers was applied. */
  private static <T> Uni<T> counted(Uni<T> statement, Predicate<T> applied, Runnable count) {
    return ServerTimings.timed(statement, "ledger", null)
        .invoke(
            answer -> {
              if (applied.test(answer)) {
                count.run();
              }
            });
  }
}
