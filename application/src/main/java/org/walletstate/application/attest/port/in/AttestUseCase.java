package org.walletstate.application.attest.port.in;

import io.smallrye.mutiny.Uni;
import org.walletstate.application.account.port.in.Paid;
import org.walletstate.domain.account.CreditPrice;
import org.walletstate.domain.account.MeteredOperation;
import org.walletstate.domain.account.Payer;
import org.walletstate.domain.attest.ProofMode;
import org.walletstate.domain.observation.Assurance;

/**
 * {@code POST /v1/attest}: the command is evaluated against the chains, signed, and only then paid
 * for, by whichever {@link Payer} the caller brought.
 */
public interface AttestUseCase {

  /** The metered call a command is: one attestation, with or without a proof. */
  static CreditPrice.Call call(AttestCommand command) {
    return new CreditPrice.Call(
        MeteredOperation.ATTEST,
        1,
        command.request().proof() == ProofMode.MERKLE,
        command.request().readMode() == Assurance.QUORUM);
  }

  Uni<Paid<AttestOutcome>> attest(Payer payer, AttestCommand command);
}
