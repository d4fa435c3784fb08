package org.walletstate.application.attest.watch;

import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executor;
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
 * One watch of key 7 ({@code wch_a}, native balance at least 3 ETH, last verdict true) over a
 * wallet that holds 2 ETH, so its next evaluation is a change; the in-memory ports its runs use.
 */
final class OneWatchUnderThreshold {

  final MovableClock clock = new MovableClock("2026-11-28T07:00:00Z");
  final MemoryCreditLedger ledger;
  final RecordingSigner signer = new RecordingSigner();
  final PreparedWatchesTest.Claims claims = new PreparedWatchesTest.Claims();

  /** With key 7 holding {@code credits}; the watch is due. */
  OneWatchUnderThreshold(long credits) {
    ledger = new MemoryCreditLedger().withBalance(7, credits);
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
                0,
                null));
  }

  /** The use case over these ports, its work on {@code cpu}. */
  EvaluateWatches evaluate(Executor cpu) {
    return new EvaluateWatches(
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
        cpu,
        new WatchTiming(Duration.ofSeconds(2), 100, Duration.ofHours(24)));
  }
}
