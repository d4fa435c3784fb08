package org.walletstate.application.attest.watch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.walletstate.application.attest.watch.port.in.Watch;
import org.walletstate.application.attest.watch.port.in.WatchCommand;
import org.walletstate.application.attest.watch.port.out.WatchEvaluations;
import org.walletstate.application.testing.CountingEntropy;
import org.walletstate.application.testing.MemoryCreditLedger;
import org.walletstate.application.testing.MovableClock;
import org.walletstate.application.testing.RecordingSigner;
import org.walletstate.application.testing.TableChainState;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.payload.KeyVersion;

/**
 * A change whose debit took the key's last credit before the replica stopped (the change not
 * recorded): the next runs find the change again and pause the watch with nothing signed while the
 * key has no credit; once it has one, the change is signed and recorded, and its debit replays the
 * one taken before the stop, so the key pays for the change once and keeps that credit.
 */
class ChangeDebitedBeforeAStopTest {

  final MovableClock clock = new MovableClock("2026-11-28T07:00:00Z");
  final MemoryCreditLedger ledger = new MemoryCreditLedger().withBalance(7, 1);
  final RecordingSigner signer = new RecordingSigner();
  final PreparedWatchesTest.Claims claims = new PreparedWatchesTest.Claims();

  /** The wallet holds 2 ETH: under the watch's threshold of 3, a change from its last verdict. */
  final EvaluateWatches evaluate =
      new EvaluateWatches(
          claims,
          Json::object,
          new TableChainState(clock)
              .otherwise(
                  (chain, read) ->
                      new Reading.Value<>(BigInteger.TWO.multiply(BigInteger.TEN.pow(18)))),
          signer,
          ledger,
          CountingEntropy.counting(),
          clock,
          Runnable::run,
          new WatchTiming(Duration.ofSeconds(2), 100, Duration.ofHours(24)));

  @Test
  void waitsPausedForOneCredit_thenIsDelivered_chargedOnce() {
    claims.due =
        List.of(
            new WatchEvaluations.Due(
                "wch_a",
                7,
                KeyVersion.V2,
                PreparedWatchesTest.request("3"),
                WatchCommand.DeliverOn.PASS,
                true,
                List.of(true),
                0,
                clock.instant(),
                1,
                0));
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
