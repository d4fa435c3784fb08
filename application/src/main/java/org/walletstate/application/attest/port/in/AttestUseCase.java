package org.walletstate.application.attest.port.in;

import io.smallrye.mutiny.Uni;
import org.walletstate.domain.account.CreditPrice;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.MeteredOperation;
import org.walletstate.domain.attest.AttestCommand;
import org.walletstate.domain.attest.ProofMode;

/**
 * {@code POST /v1/attest} for a caller with a key: the command is evaluated against the chains,
 * signed, and only then charged.
 */
public interface AttestUseCase {

  /** The metered call a command is: one attestation, with or without a proof. */
  static CreditPrice.Call call(AttestCommand command) {
    return new CreditPrice.Call(MeteredOperation.ATTEST, 1, command.proof() == ProofMode.MERKLE);
  }

  Uni<AttestOutcome> attest(KeyAccount account, AttestCommand command);

  /**
   * The same work for a call paid per call (x402): read, evaluate and sign under the v2 rules, with
   * no credits checked or taken; the payment is settled around it by the caller of this port. A
   * signed outcome carries 0 credits charged and remaining.
   */
  Uni<AttestOutcome> attestUnmetered(AttestCommand command);
}
