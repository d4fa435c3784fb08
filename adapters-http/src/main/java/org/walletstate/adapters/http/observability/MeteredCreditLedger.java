package org.walletstate.adapters.http.observability;

import io.smallrye.mutiny.Uni;
import org.walletstate.application.port.out.CreditLedger;

/** The credit ledger, counting what it takes and gives back into the credit meters. */
public final class MeteredCreditLedger implements CreditLedger {

  private final CreditLedger ledger;
  private final ServiceMeters meters;

  public MeteredCreditLedger(CreditLedger ledger, ServiceMeters meters) {
    this.ledger = ledger;
    this.meters = meters;
  }

  @Override
  public Uni<Long> balance(long keyId) {
    return ledger.balance(keyId);
  }

  @Override
  public Uni<Debit> debit(DebitRequest request) {
    return ledger
        .debit(request)
        .invoke(
            debit -> {
              if (debit instanceof Debit.Applied) {
                meters.charged(request.reason(), request.credits());
              }
            });
  }

  @Override
  public Uni<Refund> refund(RefundRequest request) {
    return ledger
        .refund(request)
        .invoke(
            refund -> {
              if (refund instanceof Refund.Applied) {
                meters.refunded(request.reason(), request.credits());
              }
            });
  }
}
