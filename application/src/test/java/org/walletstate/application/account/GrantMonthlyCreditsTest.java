package org.walletstate.application.account;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.PlanGrants;
import org.walletstate.application.testing.MovableClock;

/**
 * A run asks the store for the grants due at the clock's present moment (the month is the store's
 * rule, once per key and UTC month) and answers how many it applied.
 */
class GrantMonthlyCreditsTest {

  final List<Instant> asked = new ArrayList<>();

  @Test
  void eachRunAppliesWhatIsDueAtTheClocksNow() {
    PlanGrants grants =
        now -> {
          asked.add(now);
          return Uni.createFrom().item(asked.size() == 1 ? 2 : 0);
        };
    MovableClock clock = new MovableClock("2026-11-30T23:59:59Z");
    GrantMonthlyCredits job = new GrantMonthlyCredits(grants, clock);

    int first = job.runOnce().await().indefinitely();
    clock.set(Instant.parse("2026-12-01T00:00:00Z"));
    int second = job.runOnce().await().indefinitely();

    assertThat(first).isEqualTo(2);
    assertThat(second).isZero();
    assertThat(asked)
        .containsExactly(
            Instant.parse("2026-11-30T23:59:59Z"), Instant.parse("2026-12-01T00:00:00Z"));
  }
}
