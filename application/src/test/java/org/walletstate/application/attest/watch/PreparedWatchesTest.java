package org.walletstate.application.attest.watch;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.walletstate.application.attest.watch.port.in.Watch;
import org.walletstate.application.attest.watch.port.in.WatchCommand;
import org.walletstate.application.attest.watch.port.out.JsonRequests;
import org.walletstate.application.attest.watch.port.out.WatchEvaluations;
import org.walletstate.application.testing.CountingEntropy;
import org.walletstate.application.testing.MemoryCreditLedger;
import org.walletstate.application.testing.MovableClock;
import org.walletstate.application.testing.RecordingSigner;
import org.walletstate.application.testing.TableChainState;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.payload.KeyVersion;

/**
 * A replica parses a watch's stored request once across its runs, parses it again when the stored
 * request or its key version is not the one parsed, and keeps a bounded number of watches, dropping
 * those no run used for a while; a timer run records the block it read each watch at, a head run
 * leaves that to its claim.
 */
class PreparedWatchesTest {

  static final ChainId BASE = ChainId.evm(8453);

  final MovableClock clock = new MovableClock("2026-11-28T07:00:00Z");
  final AtomicInteger parsed = new AtomicInteger();
  final JsonRequests counting =
      json -> {
        parsed.incrementAndGet();
        return Json.object(json);
      };

  /** Every wallet holds 2 ETH on Base (anchored at block 100). */
  final TableChainState chains =
      new TableChainState(clock)
          .otherwise(
              (chain, read) ->
                  new Reading.Value<>(BigInteger.TWO.multiply(BigInteger.TEN.pow(18))));

  final Claims claims = new Claims();
  final RecordingSigner signer = new RecordingSigner();
  final EvaluateWatches evaluate =
      new EvaluateWatches(
          claims,
          counting,
          chains,
          signer,
          new MemoryCreditLedger().withBalance(7, 100),
          CountingEntropy.counting(),
          clock,
          Runnable::run,
          new WatchTiming(Duration.ofSeconds(2), 100, Duration.ofHours(24)));

  static String request(String threshold) {
    return ("{'wallet':'0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045','conditions':[{'type':"
            + "'token_balance','chainId':8453,'contractAddress':'native','threshold':'"
            + threshold
            + "'}],'webhookUrl':'https://hooks.example.com/w'}")
        .replace('\'', '"');
  }

  WatchEvaluations.Due due(String id, String json, KeyVersion version) {
    return new WatchEvaluations.Due(
        id,
        7,
        version,
        json,
        WatchCommand.DeliverOn.PASS,
        true,
        List.of(true),
        0,
        clock.instant(),
        1,
        0,
        null);
  }

  @Test
  void aWatchEvaluatedTwice_isParsedOnce_andAnsweredTheSame() {
    claims.due = List.of(due("wch_a", request("1"), KeyVersion.V2));

    assertThat(evaluate.runOnce().await().indefinitely()).isZero();
    clock.advance(Duration.ofSeconds(2));
    assertThat(evaluate.onHead(BASE, 101).await().indefinitely()).isZero();

    assertThat(parsed).hasValue(1);
    assertThat(chains.observed()).containsExactly(BASE, BASE);
    assertThat(claims.unchanged)
        .extracting(WatchEvaluations.Unchanged::status)
        .containsExactly(Watch.Status.ACTIVE, Watch.Status.ACTIVE);
  }

  @Test
  void anotherStoredRequestOrKeyVersion_isParsedAgain_andDecides() {
    claims.due = List.of(due("wch_a", request("1"), KeyVersion.V2));
    evaluate.runOnce().await().indefinitely();

    claims.due = List.of(due("wch_a", request("1"), KeyVersion.V1));
    evaluate.runOnce().await().indefinitely();
    assertThat(parsed).as("another key version").hasValue(2);

    // the same id with a threshold above the balance: the new request decides, a change
    claims.due = List.of(due("wch_a", request("3"), KeyVersion.V1));
    assertThat(evaluate.runOnce().await().indefinitely()).isEqualTo(1);
    assertThat(parsed).hasValue(3);
    assertThat(claims.changes).singleElement().satisfies(c -> assertThat(c.pass()).isFalse());
    assertThat(signer.attestations())
        .singleElement()
        .satisfies(r -> assertThat(r.keyVersion()).isEqualTo(KeyVersion.V1));
  }

  @Test
  void theKeptWatches_areBounded_andThoseNoRunUsed_areDropped() {
    PreparedWatches prepared = new PreparedWatches(counting, 2);
    Instant now = clock.instant();
    prepared.of(due("wch_a", request("1"), KeyVersion.V2), now);
    prepared.of(due("wch_b", request("1"), KeyVersion.V2), now);
    prepared.of(due("wch_c", request("1"), KeyVersion.V2), now);
    assertThat(prepared.size()).isEqualTo(2);
    prepared.of(due("wch_c", request("1"), KeyVersion.V2), now);
    assertThat(parsed).as("c kept").hasValue(3);
    prepared.of(due("wch_a", request("1"), KeyVersion.V2), now);
    assertThat(parsed).as("a, the least recently used, was dropped").hasValue(4);

    Instant later = now.plus(PreparedWatches.UNUSED).plusSeconds(1);
    prepared.of(due("wch_c", request("1"), KeyVersion.V2), later.minusSeconds(2));
    prepared.sweep(later);
    assertThat(prepared.size()).as("only c was used within the window").isEqualTo(1);
    prepared.of(due("wch_c", request("1"), KeyVersion.V2), later);
    assertThat(parsed).hasValue(4);
  }

  @Test
  void aTimerRun_recordsTheBlockItReadAt_aHeadRunLeavesItToItsClaim() {
    claims.due = List.of(due("wch_a", request("1"), KeyVersion.V2));

    evaluate.onHead(BASE, 100).await().indefinitely();
    assertThat(claims.blocks).isEmpty();

    evaluate.runOnce().await().indefinitely();
    assertThat(claims.blocks).containsExactly(new WatchEvaluations.BlockRead("wch_a", BASE, 100));
  }

  /** The watches due at every claim, and what the runs wrote. */
  static final class Claims implements WatchEvaluations {
    List<Due> due = List.of();
    final List<Unchanged> unchanged = new ArrayList<>();
    final List<Change> changes = new ArrayList<>();
    final List<BlockRead> blocks = new ArrayList<>();

    /** When set, the next change is not recorded: the replica stops before its transaction. */
    RuntimeException stopBeforeNextChange;

    @Override
    public Uni<List<Due>> claim(Instant now, Duration lease, int limit) {
      return Uni.createFrom().item(due);
    }

    @Override
    public Uni<List<Due>> claimOn(
        ChainId chain, long head, Instant now, Instant dueBy, Duration lease, int limit) {
      return Uni.createFrom().item(due);
    }

    @Override
    public Uni<Void> readAt(List<BlockRead> reads) {
      blocks.addAll(reads);
      return Uni.createFrom().voidItem();
    }

    @Override
    public Uni<Void> paid(String id, int periods) {
      return Uni.createFrom().voidItem();
    }

    @Override
    public Uni<Void> unchanged(List<Unchanged> watches, Instant nextAt) {
      unchanged.addAll(watches);
      return Uni.createFrom().voidItem();
    }

    @Override
    public Uni<Void> apart(String id, int failedAlone, String detail, Instant nextAt) {
      return Uni.createFrom().voidItem();
    }

    @Override
    public Uni<Void> changed(Change change) {
      if (stopBeforeNextChange != null) {
        RuntimeException stop = stopBeforeNextChange;
        stopBeforeNextChange = null;
        return Uni.createFrom().failure(stop);
      }
      changes.add(change);
      return Uni.createFrom().voidItem();
    }
  }
}
