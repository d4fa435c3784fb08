package org.walletstate.application.trust.port.in;

import io.smallrye.mutiny.Uni;
import org.walletstate.domain.account.CreditPrice;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.MeteredOperation;
import org.walletstate.domain.trust.TrustCommand;

/** {@code POST /v1/trust} for a caller with a key: read, evaluate, sign, then charge. */
public interface TrustProfileUseCase {

  /** The metered call a command is: one profile, with or without proofs (3 or 6 credits). */
  static CreditPrice.Call call(TrustCommand command) {
    return new CreditPrice.Call(MeteredOperation.TRUST, 1, command.proof());
  }

  Uni<TrustOutcome> profile(KeyAccount account, TrustCommand command);

  /**
   * The same work for a call paid per call (x402): no credits checked or taken; a signed outcome
   * carries 0 credits charged and remaining.
   */
  Uni<TrustOutcome> profileUnmetered(TrustCommand command);
}
