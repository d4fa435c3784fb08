package org.walletstate.application.account;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.walletstate.application.testing.MemoryPassMints;
import org.walletstate.application.testing.MovableClock;
import org.walletstate.application.testing.ScriptedAccessPasses;
import org.walletstate.domain.address.EvmAddress;

/**
 * Retrying owed pass mints: only due ones are sent; a landed mint is done for good; a failed one is
 * due again after a pause that doubles with each attempt, up to an hour.
 */
class RetryPassMintsTest {

  static final Instant NOW = Instant.parse("2026-11-28T07:00:00Z");
  static final EvmAddress LANDS = EvmAddress.of("0x1111111111111111111111111111111111111111");
  static final EvmAddress FAILS = EvmAddress.of("0x2222222222222222222222222222222222222222");
  static final EvmAddress LATER = EvmAddress.of("0x3333333333333333333333333333333333333333");

  final MovableClock clock = new MovableClock(NOW);
  final ScriptedAccessPasses passes = new ScriptedAccessPasses().mintsFail(FAILS);
  final MemoryPassMints mints =
      new MemoryPassMints()
          .owe(1, LANDS, 0, NOW.minusSeconds(60))
          .owe(2, FAILS, 2, NOW)
          .owe(3, LATER, 0, NOW.plusSeconds(60));
  final RetryPassMints retry =
      new RetryPassMints(passes, mints, clock, RetryPassMints.claimFor(Duration.ofSeconds(30)));

  @Test
  void runOnce_sendsTheDueMints_countsThoseThatLanded_andDefersTheOthers() {
    int landed = retry.runOnce().await().indefinitely();

    assertThat(landed).isEqualTo(1);
    assertThat(passes.mintsAsked()).containsExactlyInAnyOrder(LANDS, FAILS);
    assertThat(mints.minted()).containsOnlyKeys(1L);
    assertThat(mints.dueAt(1)).isEmpty();
    // the third attempt failed: the fourth waits 2^3 minutes
    assertThat(mints.dueAt(2)).contains(NOW.plus(Duration.ofMinutes(8)));
    assertThat(mints.attempts(2)).isEqualTo(3);
    assertThat(mints.dueAt(3)).contains(NOW.plusSeconds(60));
  }

  @Test
  void runOnce_aMintDeferredUntilLater_isNotSentAgainBeforeItIsDue() {
    retry.runOnce().await().indefinitely();
    passes.mintsLand(FAILS);

    clock.advance(Duration.ofMinutes(7));
    int early = retry.runOnce().await().indefinitely();
    clock.advance(Duration.ofMinutes(1));
    int due = retry.runOnce().await().indefinitely();

    assertThat(early).isEqualTo(1); // only the mint owed to key 3 was due
    assertThat(due).isEqualTo(1);
    assertThat(mints.minted()).containsOnlyKeys(1L, 2L, 3L);
  }

  @Test
  void thePauseBetweenAttempts_doublesUpToAnHour() {
    assertThat(RetryPassMints.nextAttempt(NOW, 0)).isEqualTo(NOW.plus(Duration.ofMinutes(1)));
    assertThat(RetryPassMints.nextAttempt(NOW, 5)).isEqualTo(NOW.plus(Duration.ofMinutes(32)));
    assertThat(RetryPassMints.nextAttempt(NOW, 6)).isEqualTo(NOW.plus(Duration.ofMinutes(60)));
    assertThat(RetryPassMints.nextAttempt(NOW, 40)).isEqualTo(NOW.plus(Duration.ofMinutes(60)));
  }
}
