package org.walletstate.verifier;

import java.util.List;
import java.util.Map;

/**
 * Every verdict on one trust profile. A trust profile is signed whole, so there is no separate
 * condition-hash verdict: its per-check hashes are inside the signature.
 */
public final class TrustProfileReport extends StatementReport {

  /** The checks a trust profile runs besides the companion. */
  static final List<Check> CHECKS = List.of(Check.SIGNATURE, Check.FRESHNESS, Check.EXPIRY);

  TrustProfileReport(Map<Check, Verdict> verdicts, PqVerdict pq, String kid) {
    super(verdicts, pq, kid);
  }
}
