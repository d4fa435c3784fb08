package org.walletstate.application.trust.port.in;

import io.smallrye.mutiny.Uni;
import org.walletstate.application.account.port.in.Paid;
import org.walletstate.domain.account.CreditPrice;
import org.walletstate.domain.account.MeteredOperation;
import org.walletstate.domain.account.Payer;

/** {@code POST /v1/trust}: read, evaluate, sign, then paid for by the caller's {@link Payer}. */
public interface TrustProfileUseCase {

  /**
   * The metered call a command is: one profile, with or without proofs (3 or 6 credits; read from a
   * quorum of providers, 6 or 12).
   */
  static CreditPrice.Call call(TrustCommand command) {
    return new CreditPrice.Call(MeteredOperation.TRUST, 1, command.proof(), command.quorum());
  }

  Uni<Paid<TrustOutcome>> profile(Payer payer, TrustCommand command);
}
