package org.walletstate.application.attest.watch;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
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
import org.walletstate.domain.attest.attestation.ConditionResult;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.payload.KeyVersion;

/**
 * A watch whose verdict last read complete at block 100 (true: at least 3 ETH) is evaluated at head
 * 110 and found false: the change is signed at the first block where the holder had less, found by
 * bisection over past blocks of the chain, reading only the changed watches, batched per block; a
 * past read that fails signs at the head as before, and unchanged watches read nothing more.
 */
class ChangeBlocksTest {

  static final ChainId BASE = ChainId.evm(8453);
  static final String HOLDER = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045";
  static final String OTHER = "0x00000000219ab540356cBB839Cbe05303d7705Fa";
  static final String THIRD = "0xBE0eB53F46cd790Cd13851d5EFf43D12404d33E8";
  static final long LAST = 100;
  static final long HEAD = 110;

  final MovableClock clock = new MovableClock("2026-11-28T07:00:00Z");
  final Instant headTime = clock.instant().minusSeconds(2);
  final TableChainState chains =
      new TableChainState(clock)
          .anchoredAt(BASE, new Anchor.EvmBlock(BigInteger.valueOf(HEAD), headTime))
          .otherwise((chain, read) -> eth(2))
          .everyReadFrom(BASE, 0, eth(5));
  final PreparedWatchesTest.Claims claims = new PreparedWatchesTest.Claims();
  final RecordingSigner signer = new RecordingSigner();
  final EvaluateWatches evaluate =
      new EvaluateWatches(
          claims,
          Json::object,
          chains,
          signer,
          new MemoryCreditLedger().withBalance(7, 100),
          CountingEntropy.counting(),
          clock,
          Runnable::run,
          new WatchTiming(Duration.ofSeconds(2), 100, Duration.ofHours(24)));

  @Test
  void aChangeBetweenTwoEvaluations_isSignedAtTheBlockThatMadeIt_inLogarithmicReads() {
    chains.everyReadFrom(BASE, 104, eth(2));
    claims.due = List.of(due("wch_a", HOLDER, "3", LAST));

    assertThat(evaluate.onHead(BASE, HEAD).await().indefinitely()).isEqualTo(1);

    assertThat(claims.changes)
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.pass()).isFalse();
              assertThat(c.verdictBlock()).isEqualTo(104L);
            });
    assertSignedAt(0, 104);
    assertThat(chains.pastReads())
        .as("(100, 110]: 105 false, 102 true, 103 true, 104 false")
        .extracting(TableChainState.PastRead::block)
        .containsExactly(105L, 102L, 103L, 104L);
    assertThat(chains.pastReads()).allSatisfy(p -> assertThat(p.chain()).isEqualTo(BASE));
  }

  @Test
  void aChangeAtTheHeadItself_isSignedThere() {
    claims.due = List.of(due("wch_a", HOLDER, "3", LAST));
    chains.everyReadFrom(BASE, HEAD, eth(2));

    evaluate.onHead(BASE, HEAD).await().indefinitely();

    assertSignedAt(0, HEAD);
    assertThat(chains.pastReads()).hasSize(4);
    assertThat(claims.changes.get(0).verdictBlock()).isEqualTo(HEAD);
  }

  @Test
  void aFailedPastRead_signsAtTheBlockTheRunRead() {
    chains.everyReadFrom(BASE, 104, eth(2)).pastFailing((chain, block) -> block == 102);
    claims.due = List.of(due("wch_a", HOLDER, "3", LAST));

    assertThat(evaluate.onHead(BASE, HEAD).await().indefinitely()).isEqualTo(1);

    assertThat(chains.pastReads())
        .as("105 narrowed the range; the failure at 102 ends the search")
        .extracting(TableChainState.PastRead::block)
        .containsExactly(105L, 102L);
    assertSignedAt(0, HEAD);
    assertThat(claims.changes.get(0).verdictBlock()).isEqualTo(HEAD);
    assertThat(claims.changes.get(0).pass()).isFalse();
  }

  @Test
  void withoutALowerBound_orWithTheHeadNext_nothingIsReadAgain() {
    chains.everyReadFrom(BASE, 104, eth(2));
    claims.due = List.of(due("wch_a", HOLDER, "3", null), due("wch_b", OTHER, "3", HEAD - 1));

    assertThat(evaluate.onHead(BASE, HEAD).await().indefinitely()).isEqualTo(2);

    assertThat(chains.pastReads()).isEmpty();
    assertSignedAt(0, HEAD);
    assertSignedAt(1, HEAD);
  }

  @Test
  void unchangedWatches_costNoPastRead_andKeepTheirBlock() {
    chains.everyReadFrom(BASE, 104, eth(2));
    claims.due = List.of(due("wch_same", OTHER, "1", LAST), due("wch_a", HOLDER, "3", LAST));

    evaluate.onHead(BASE, HEAD).await().indefinitely();

    assertThat(chains.pastReads())
        .hasSize(4)
        .allSatisfy(p -> assertThat(p.query().reads()).as("the changed watch only").hasSize(1));
    assertThat(claims.unchanged)
        .singleElement()
        .satisfies(
            u -> {
              assertThat(u.id()).isEqualTo("wch_same");
              assertThat(u.status()).isEqualTo(Watch.Status.ACTIVE);
              assertThat(u.verdictBlock()).isEqualTo(HEAD);
            });
  }

  @Test
  void aRunWithoutChanges_readsNoPastBlock() {
    claims.due = List.of(due("wch_same", OTHER, "1", LAST), due("wch_b", HOLDER, "1", LAST));

    assertThat(evaluate.onHead(BASE, HEAD).await().indefinitely()).isZero();

    assertThat(chains.pastReads()).isEmpty();
    assertThat(chains.queries()).hasSize(1);
  }

  @Test
  void theChangedWatchesOfARun_areProbedTogether() {
    chains.everyReadFrom(BASE, 104, eth(2));
    claims.due =
        List.of(
            due("wch_a", HOLDER, "3", LAST),
            due("wch_b", OTHER, "3", LAST),
            due("wch_c", THIRD, "3", LAST));

    assertThat(evaluate.onHead(BASE, HEAD).await().indefinitely()).isEqualTo(3);

    assertThat(chains.pastReads())
        .as("one read per step for the three")
        .hasSize(4)
        .allSatisfy(p -> assertThat(p.query().reads()).hasSize(3));
    for (int i = 0; i < 3; i++) {
      assertSignedAt(i, 104);
    }
  }

  private void assertSignedAt(int signed, long block) {
    List<ConditionResult> results = signer.attestations().get(signed).attestation().results();
    assertThat(results)
        .singleElement()
        .satisfies(
            r -> {
              Anchor.EvmBlock at = (Anchor.EvmBlock) r.anchor();
              assertThat(at.number()).isEqualTo(BigInteger.valueOf(block));
              assertThat(at.timestamp())
                  .isEqualTo(headTime.minus(TableChainState.BLOCK_TIME.multipliedBy(HEAD - block)));
            });
  }

  private WatchEvaluations.Due due(String id, String wallet, String threshold, Long verdictBlock) {
    return new WatchEvaluations.Due(
        id,
        7,
        KeyVersion.V2,
        ("{'wallet':'"
                + wallet
                + "','conditions':[{'type':'token_balance','chainId':8453,"
                + "'contractAddress':'native','threshold':'"
                + threshold
                + "'}],"
                + "'webhookUrl':'https://hooks.example.com/w'}")
            .replace('\'', '"'),
        WatchCommand.DeliverOn.PASS,
        true,
        List.of(true),
        0,
        clock.instant(),
        1,
        0,
        verdictBlock);
  }

  private static Reading<BigInteger> eth(long ether) {
    return new Reading.Value<>(BigInteger.valueOf(ether).multiply(BigInteger.TEN.pow(18)));
  }
}
