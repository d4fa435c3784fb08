package org.walletstate.verifier;

import java.util.List;
import java.util.Map;

/** Every verdict on one in-store pass. A pass is signed whole, like a trust profile. */
public final class PassReport extends StatementReport {

  /** The checks a pass runs besides the companion. */
  static final List<Check> CHECKS = List.of(Check.SIGNATURE, Check.FRESHNESS, Check.EXPIRY);

  PassReport(Map<Check, Verdict> verdicts, PqVerdict pq, String kid) {
    super(verdicts, pq, kid);
  }
}
