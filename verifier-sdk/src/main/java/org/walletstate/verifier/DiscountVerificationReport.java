package org.walletstate.verifier;

import java.util.List;
import java.util.Map;

/** Every verdict on one discount verification (signed whole, like a trust profile). */
public final class DiscountVerificationReport extends StatementReport {

  /** The checks a discount verification runs besides the companion. */
  static final List<Check> CHECKS = List.of(Check.SIGNATURE, Check.FRESHNESS, Check.EXPIRY);

  DiscountVerificationReport(Map<Check, Verdict> verdicts, PqVerdict pq, String kid) {
    super(verdicts, pq, kid);
  }
}
