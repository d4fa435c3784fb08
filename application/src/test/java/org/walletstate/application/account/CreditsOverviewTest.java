package org.walletstate.application.account;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.walletstate.application.account.port.in.AuthenticateUseCase.DailyUsage;
import org.walletstate.application.account.port.in.CreditsOverviewQuery.View;
import org.walletstate.application.testing.MemoryCreditLedger;
import org.walletstate.domain.account.DailyWindow;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.payload.KeyVersion;

/** The overview reads the key's own balance from the ledger, after every movement on it. */
class CreditsOverviewTest {

  static final KeyAccount ACCOUNT = new KeyAccount(7, Plan.PRO, KeyVersion.V2, 10_000);
  static final DailyUsage USAGE =
      new DailyUsage(10_000, 3, DailyWindow.containing(Instant.parse("2026-11-28T07:00:00Z")));

  @Test
  void theOverviewShowsTheKeysBalance_notAnotherKeys() {
    MemoryCreditLedger ledger = new MemoryCreditLedger().withBalance(7, 120).withBalance(8, 5);
    CreditsOverview overview = new CreditsOverview(ledger);

    View before = overview.of(ACCOUNT, USAGE).await().indefinitely();
    ledger.withBalance(7, 119);
    View after = overview.of(ACCOUNT, USAGE).await().indefinitely();

    assertThat(before).isEqualTo(new View(ACCOUNT, 120, USAGE));
    assertThat(after.balance()).isEqualTo(119);
  }
}
