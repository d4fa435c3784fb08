package org.walletstate.verifier;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/** The verifier's settings, shared by its checks. */
record Policy(
    Namespace namespace,
    KeySet keys,
    Clock clock,
    Duration maxAge,
    Duration clockSkew,
    Instant pqRequiredFrom,
    Instant pqActivatedAt,
    Mode mode) {

  Instant now() {
    return clock.instant();
  }

  /** The companion status as a verdict under this policy. */
  PqVerdict pq(PqStatus status, String reason, String kid, Instant issuedAt) {
    Boolean existed =
        pqActivatedAt != null && issuedAt != null ? !issuedAt.isBefore(pqActivatedAt) : null;
    boolean passed =
        switch (status) {
          case REFUTED -> false;
          case VERIFIED -> true;
          case ABSENT, UNVERIFIABLE ->
              mode == Mode.EVIDENCE || pqRequiredFrom == null || now().isBefore(pqRequiredFrom);
        };
    String why = reason;
    if (!passed && (status == PqStatus.ABSENT || status == PqStatus.UNVERIFIABLE)) {
      why =
          "companion required from " + pqRequiredFrom + " and " + status.wireName() + ": " + reason;
    }
    return new PqVerdict(status, passed, why, kid, existed);
  }
}
