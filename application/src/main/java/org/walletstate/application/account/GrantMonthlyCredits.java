package org.walletstate.application.account;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.util.Objects;
import org.walletstate.application.port.out.PlanGrants;

/**
 * Applies the paid plans' monthly credits that are due: pro and enterprise keys get their plan's
 * credits once per calendar month (UTC). Safe to run at any time and from every replica.
 */
public final class GrantMonthlyCredits {

  private final PlanGrants grants;
  private final Clock clock;

  // Same constructor shape as ClaimedPayments' by design: each is handed only the ports it uses,
  // and there is no logic to share.
  public GrantMonthlyCredits(PlanGrants grants, Clock clock) {
    this.grants = Objects.requireNonNull(grants, "grants");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** The grants applied by this run. */
  public Uni<Integer> runOnce() {
    return grants.applyDue(clock.instant());
  }
}
