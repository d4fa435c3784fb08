package org.walletstate.verifier;

import java.security.GeneralSecurityException;

/** A trust profile that failed verification; {@link #check()} names the first failed check. */
public final class TrustProfileRejectedException extends GeneralSecurityException {
  private static final long serialVersionUID = 1L;

  private final Check check;
  private final transient TrustProfileReport report;

  TrustProfileRejectedException(Check check, TrustProfileReport report) {
    super(check.wireName() + " check failed: " + report.reasonOf(check));
    this.check = check;
    this.report = report;
  }

  public Check check() {
    return check;
  }

  public TrustProfileReport report() {
    return report;
  }
}
