package org.walletstate.application.attest.watch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.walletstate.application.attest.watch.port.in.Watch;
import org.walletstate.application.testing.MemoryCreditLedger;
import org.walletstate.application.testing.MovableClock;
import org.walletstate.application.testing.RecordingSigner;

/**
 * A change whose debit took the key's last credit before the replica stopped (the change not
 * recorded): the next runs find the change again and pause the watch with nothing signed while the
 * key has no credit; once it has one, the change is signed and recorded, and its debit replays the
 * one taken before the stop, so the key pays for the change once and keeps that credit.
 */
class ChangeDebitedBeforeAStopTest {

  final OneWatchUnderThreshold watch = new OneWatchUnderThreshold(1);
  final MovableClock clock = watch.clock;
  final MemoryCreditLedger ledger = watch.ledger;
  final RecordingSigner signer = watch.signer;
  final PreparedWatchesTest.Claims claims = watch.claims;
  final EvaluateWatches evaluate = watch.evaluate(Runnable::run);

  @Test
  void waitsPausedForOneCredit_thenIsDelivered_chargedOnce() {
    claims.stopBeforeNextChange = new IllegalStateException("the replica stopped");
    assertThatThrownBy(() -> evaluate.runOnce().await().indefinitely())
        .hasMessage("the replica stopped");
    assertThat(ledger.balanceOf(7)).isZero();
    assertThat(ledger.debits())
        .singleElement()
        .satisfies(d -> assertThat(d.idempotencyKey()).isEqualTo("watch:wch_a:1"));

    clock.advance(Duration.ofSeconds(2));
    assertThat(evaluate.runOnce().await().indefinitely()).isZero();
    assertThat(claims.unchanged)
        .singleElement()
        .satisfies(u -> assertThat(u.status()).isEqualTo(Watch.Status.PAUSED));
    assertThat(signer.attestations()).as("signed before the stop only").hasSize(1);
    assertThat(claims.changes).isEmpty();

    ledger.withBalance(7, 1);
    clock.advance(Duration.ofSeconds(2));
    assertThat(evaluate.runOnce().await().indefinitely()).isEqualTo(1);
    assertThat(claims.changes)
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.seq()).isEqualTo(1);
              assertThat(c.pass()).isFalse();
            });
    assertThat(signer.attestations()).as("signed anew").hasSize(2);
    assertThat(ledger.charged()).as("the change is paid once").isEqualTo(1);
    assertThat(ledger.balanceOf(7)).as("the credit it waited for is kept").isEqualTo(1);
  }
}
