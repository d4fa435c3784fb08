package org.walletstate.adapters.http.observability;

import io.smallrye.mutiny.Uni;
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

  @Override
  public Uni<Long> balance(long keyId) {
    return ServerTimings.timed(ledger.balance(keyId), "ledger", null);
  }

  @Override
  public Uni<Debit> debit(DebitRequest request) {
    return ServerTimings.timed(ledger.debit(request), "ledger", null)
        .invoke(
            debit -> {
              if (debit instanceof Debit.Applied) {
                meters.charged(request.reason(), request.credits());
              }
            });
  }

  @Override
  public Uni<Refund> refund(RefundRequest request) {
    return ServerTimings.timed(ledger.refund(request), "ledger", null)
        .invoke(
            refund -> {
              if (refund instanceof Refund.Applied) {
                meters.refunded(request.reason(), request.credits());
              }
            });
  }
}
