package org.walletstate.verifier;

import java.security.GeneralSecurityException;

/**
 * A signed statement that failed verification; {@link #check()} names the first check that failed
 * and {@link #report()} holds every verdict.
 */
public class StatementRejectedException extends GeneralSecurityException {
  private static final long serialVersionUID = 1L;

  private final Check check;
  private final transient StatementReport report;

  StatementRejectedException(Check check, StatementReport report) {
    // Same constructor and accessor shape as PqVerdict's by design: each public type holds its own
    // members.
    super(check.wireName() + " check failed: " + report.reasonOf(check));
    this.check = check;
    this.report = report;
  }

  public Check check() {
    return check;
  }

  /** Every verdict, including the ones that passed. */
  public StatementReport report() {
    return report;
  }
}
