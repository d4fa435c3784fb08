package org.walletstate.application.trust.port.in;

import io.smallrye.mutiny.Uni;
import org.walletstate.application.account.port.in.Paid;
import org.walletstate.domain.account.CreditPrice;
import org.walletstate.domain.account.MeteredOperation;
import org.walletstate.domain.account.Payer;

/**
 * {@code POST /v1/trust/batch}: every wallet read at the same block per chain, each profile signed
 * on its own. A key pays per signed profile; an x402 payment pays for the whole batch, so it
 * settles only when every wallet was profiled.
 */
public interface TrustBatchUseCase {

  /**
   * The metered call a command is: 3 credits per wallet, 6 with proofs; read from a quorum of
   * providers, 6 per wallet, 12 with proofs.
   */
  static CreditPrice.Call call(TrustBatchCommand command) {
    return new CreditPrice.Call(
        MeteredOperation.TRUST_BATCH, command.entries().size(), command.proof(), command.quorum());
  }

  Uni<Paid<TrustBatchOutcome>> profiles(Payer payer, TrustBatchCommand command);
}
