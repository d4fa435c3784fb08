package org.walletstate.verifier;

import java.security.GeneralSecurityException;

/** An attestation that failed verification; {@link #check()} names the first check that failed. */
public final class AttestationRejectedException extends GeneralSecurityException {
  private static final long serialVersionUID = 1L;

  private final Check check;
  private final transient VerificationReport report;

  AttestationRejectedException(Check check, VerificationReport report) {
    super(check.wireName() + " check failed: " + report.reasonOf(check));
    this.check = check;
    this.report = report;
  }

  public Check check() {
    return check;
  }

  /** Every verdict, including the ones that passed. */
  public VerificationReport report() {
    return report;
  }
}
