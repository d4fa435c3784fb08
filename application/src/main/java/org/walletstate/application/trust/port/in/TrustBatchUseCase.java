package org.walletstate.application.trust.port.in;

import io.smallrye.mutiny.Uni;
import org.walletstate.domain.account.CreditPrice;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.MeteredOperation;
import org.walletstate.domain.trust.TrustBatchCommand;

/**
 * {@code POST /v1/trust/batch} for a caller with a key: every wallet read at the same block per
 * chain, each profile signed on its own, charged per signed profile.
 */
public interface TrustBatchUseCase {

  /** The metered call a command is: 3 credits per wallet, 6 with proofs. */
  static CreditPrice.Call call(TrustBatchCommand command) {
    return new CreditPrice.Call(
        MeteredOperation.TRUST_BATCH, command.entries().size(), command.proof());
  }

  Uni<TrustBatchOutcome> profiles(KeyAccount account, TrustBatchCommand command);

  /**
   * The same work for a call paid per call (x402): no credits checked or taken; the answer carries
   * 0 credits charged and remaining.
   */
  Uni<TrustBatchOutcome> profilesUnmetered(TrustBatchCommand command);
}
