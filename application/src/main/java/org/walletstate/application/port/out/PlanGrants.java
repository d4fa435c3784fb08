package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import java.time.Instant;

/**
 * The monthly credits of the paid plans: each key's grant is applied once per calendar month (UTC),
 * with its ledger entry, whatever runs it and however often.
 */
public interface PlanGrants {

  /** Applies every grant due for the month of {@code now}; the number applied. */
  Uni<Integer> applyDue(Instant now);
}
