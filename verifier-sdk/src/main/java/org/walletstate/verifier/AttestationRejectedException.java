package org.walletstate.verifier;

/** An attestation that failed verification; {@link #check()} names the first check that failed. */
public final class AttestationRejectedException extends StatementRejectedException {
  private static final long serialVersionUID = 1L;

  AttestationRejectedException(Check check, VerificationReport report) {
    super(check, report);
  }

  /** Every verdict, including the ones that passed. */
  @Override
  public VerificationReport report() {
    return (VerificationReport) super.report();
  }
}
