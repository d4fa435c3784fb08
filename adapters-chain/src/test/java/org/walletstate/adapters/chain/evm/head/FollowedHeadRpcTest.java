package org.walletstate.adapters.chain.evm.head;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.chain.evm.AnchoredEvmChainState;
import org.walletstate.adapters.chain.evm.BalanceSlotCache;
import org.walletstate.adapters.chain.evm.BlockHead;
import org.walletstate.adapters.chain.evm.Deadline;
import org.walletstate.adapters.chain.evm.EvmRpc;
import org.walletstate.adapters.chain.evm.HeadOutcome;
import org.walletstate.adapters.chain.evm.config.HeadFollowing;
import org.walletstate.application.testing.MovableClock;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.evm.read.ReadOutcomes;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.payload.PayloadValue;

/**
 * The followed head: when it anchors a request without a round trip, when the request reads the
 * head itself, and that reads stay pinned to the anchor whatever the follower learns meanwhile.
 * Time is a clock the test moves; polls are run by the test, not by a timer.
 */
class FollowedHeadRpcTest {

  private static final HeadFollowing SETTINGS =
      HeadFollowing.defaults()
          .withPollInterval(Duration.ofSeconds(1))
          .withMaxAge(Duration.ofSeconds(3))
          .withIdleAfter(Duration.ofMinutes(1));
  private static final EvmAddress WALLET =
      EvmAddress.of("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045");
  private static final EvmRead.NativeBalance BALANCE = new EvmRead.NativeBalance(WALLET);
  private static final EvmRead.AccountCode CODE = new EvmRead.AccountCode(WALLET);

  /** A chain whose head the test sets; records every head read and every read's block. */
  static final class ScriptedChain implements EvmRpc {
    volatile HeadOutcome next;
    volatile HeadOutcome finalized;
    int headReads;
    final List<AnchorTag> tagsAsked = new ArrayList<>();
    final List<BigInteger> readAt = new ArrayList<>();
    Runnable duringRead = () -> {};

    void at(long number) {
      next = new HeadOutcome.Read(FollowedHeadRpcTest.head(number, 0));
    }

    @Override
    public synchronized Uni<HeadOutcome> head(AnchorTag tag, Deadline deadline) {
      headReads++;
      tagsAsked.add(tag);
      return Uni.createFrom().item(tag == AnchorTag.FINALIZED ? finalized : next);
    }

    @Override
    public synchronized Uni<Map<EvmRequest, ReadOutcome>> read(
        BlockHead block, Set<EvmRequest> requests, Deadline deadline) {
      duringRead.run();
      readAt.add(block.number());
      Map<EvmRequest, ReadOutcome> answers = new LinkedHashMap<>();
      for (EvmRequest request : requests) {
        answers.put(
            request,
            request instanceof EvmRequest.EthGetBalance
                ? new ReadOutcome.Quantity(block.number())
                : new ReadOutcome.Data(org.walletstate.domain.evm.Bytes.of(new byte[0])));
      }
      return Uni.createFrom().item(answers);
    }
  }

  static BlockHead head(long number, int fork) {
    return new BlockHead(
        BigInteger.valueOf(number),
        Instant.ofEpochSecond(1_800_000_000L + number),
        Bytes32.of(BigInteger.valueOf(number * 1000 + fork)),
        Bytes32.of(BigInteger.valueOf(7)));
  }

  private final MovableClock clock = new MovableClock("2026-11-25T02:00:00Z");
  private final ScriptedChain chain = new ScriptedChain();
  private final FollowedHeadRpc follower = new FollowedHeadRpc(chain, clock, SETTINGS, null);

  private BlockHead anchor() {
    HeadOutcome outcome =
        follower.head(Deadline.after(clock, Duration.ofSeconds(8))).await().indefinitely();
    assertThat(outcome).isInstanceOf(HeadOutcome.Read.class);
    return ((HeadOutcome.Read) outcome).head();
  }

  @Test
  void aFinalizedAnchorIsReadFromTheChainEveryTimeAndNeverFollowed() {
    chain.at(100);
    assertThat(anchor()).isEqualTo(head(100, 0));
    chain.finalized = new HeadOutcome.Read(head(36, 0));
    Deadline deadline = Deadline.after(clock, Duration.ofSeconds(8));

    HeadOutcome first = follower.head(AnchorTag.FINALIZED, deadline).await().indefinitely();
    HeadOutcome second = follower.head(AnchorTag.FINALIZED, deadline).await().indefinitely();

    assertThat(first).isEqualTo(new HeadOutcome.Read(head(36, 0)));
    assertThat(second).isEqualTo(new HeadOutcome.Read(head(36, 0)));
    assertThat(chain.tagsAsked)
        .containsExactly(AnchorTag.LATEST, AnchorTag.FINALIZED, AnchorTag.FINALIZED);
    // the finalized block did not replace the followed latest head
    assertThat(follower.followed().orElseThrow().head()).isEqualTo(head(100, 0));
    assertThat(anchor()).isEqualTo(head(100, 0));
    assertThat(chain.headReads).isEqualTo(3);
  }

  @Test
  void aFinalizedObservationPinsEveryReadToTheFinalizedBlockAndNamesTheTag() {
    chain.at(100);
    anchor();
    chain.finalized = new HeadOutcome.Read(head(36, 0));
    AnchoredEvmChainState state =
        new AnchoredEvmChainState(
            Map.of(
                ChainId.evm(8453),
                new AnchoredEvmChainState.Chain(follower, Duration.ofSeconds(8))),
            clock,
            BalanceSlotCache.defaults(clock));

    ChainObservation observation =
        state
            .observe(
                ChainId.evm(8453),
                Set.of(BALANCE),
                firstRound -> Set.of(CODE),
                Set.of(),
                AnchorTag.FINALIZED)
            .await()
            .indefinitely();

    assertThat(observation).isInstanceOf(ChainObservation.Observed.class);
    Anchor anchor = ((ChainObservation.Observed) observation).anchor();
    assertThat(anchor)
        .isEqualTo(
            new Anchor.EvmBlock(
                BigInteger.valueOf(36),
                Instant.ofEpochSecond(1_800_000_036L),
                AnchorTag.FINALIZED));
    assertThat(anchor.fields().get("blockTag")).isEqualTo(new PayloadValue.Text("finalized"));
    assertThat(chain.readAt).containsExactly(BigInteger.valueOf(36), BigInteger.valueOf(36));
  }

  @Test
  void aFailedFinalizedReadIsAnUnavailableHeadNotTheFollowedOne() {
    chain.at(100);
    anchor();
    chain.finalized = new HeadOutcome.Failed("eth_getBlockByNumber(finalized) answered no block");
    AnchoredEvmChainState state =
        new AnchoredEvmChainState(
            Map.of(
                ChainId.evm(8453),
                new AnchoredEvmChainState.Chain(follower, Duration.ofSeconds(8))),
            clock,
            BalanceSlotCache.defaults(clock));

    ChainObservation observation =
        state
            .observe(
                ChainId.evm(8453),
                Set.of(BALANCE),
                firstRound -> Set.of(),
                Set.of(),
                AnchorTag.FINALIZED)
            .await()
            .indefinitely();

    assertThat(observation)
        .isEqualTo(
            new ChainObservation.HeadUnavailable(
                "eth_getBlockByNumber(finalized) answered no block"));
    assertThat(chain.readAt).isEmpty();
  }

  @Test
  void anUnknownHeadIsReadByTheRequestAndThenFollowed() {
    chain.at(100);
    assertThat(anchor()).isEqualTo(head(100, 0));
    assertThat(chain.headReads).isEqualTo(1);

    // the next request, within the age bound, anchors without a head read of its own
    clock.advance(Duration.ofSeconds(2));
    assertThat(anchor()).isEqualTo(head(100, 0));
    assertThat(chain.headReads).isEqualTo(1);
  }

  @Test
  void aPolledHeadAnchorsTheNextRequestWithoutARoundTrip() {
    chain.at(100);
    anchor();
    chain.at(101);
    clock.advance(Duration.ofSeconds(1));
    follower.poll();
    int reads = chain.headReads;

    assertThat(anchor()).isEqualTo(head(101, 0));
    assertThat(chain.headReads).isEqualTo(reads);
  }

  @Test
  void aStaleHeadIsNeverUsed_theRequestReadsTheHead() {
    chain.at(100);
    anchor();
    // polls fail from now on: the followed head is not confirmed again
    chain.next = new HeadOutcome.Failed("endpoint down");
    clock.advance(Duration.ofSeconds(1));
    follower.poll();
    clock.advance(Duration.ofMillis(2_001)); // 3.001 s since block 100 was last confirmed
    int reads = chain.headReads;

    chain.at(105);
    assertThat(anchor()).isEqualTo(head(105, 0));
    assertThat(chain.headReads).isEqualTo(reads + 1);
  }

  @Test
  void aStaleHeadWhoseReadFails_isAnUnavailableHeadNotTheOldBlock() {
    chain.at(100);
    anchor();
    chain.next = new HeadOutcome.Failed("endpoint down");
    clock.advance(Duration.ofSeconds(4));

    HeadOutcome outcome =
        follower.head(Deadline.after(clock, Duration.ofSeconds(8))).await().indefinitely();
    assertThat(outcome).isEqualTo(new HeadOutcome.Failed("endpoint down"));
  }

  @Test
  void anEndpointBehindDoesNotMoveTheHeadBackNorKeepItFresh() {
    chain.at(100);
    anchor();
    chain.at(99); // a load-balanced node that lags
    clock.advance(Duration.ofSeconds(2));
    follower.poll();
    assertThat(follower.followed().orElseThrow().head()).isEqualTo(head(100, 0));

    clock.advance(Duration.ofMillis(1_001)); // block 100 was last confirmed 3.001 s ago
    int reads = chain.headReads;
    anchor();
    assertThat(chain.headReads).isEqualTo(reads + 1);
  }

  @Test
  void aReorganisedBlockAtTheSameHeightReplacesTheFollowedOne() {
    chain.at(100);
    anchor();
    chain.next = new HeadOutcome.Read(head(100, 1));
    clock.advance(Duration.ofSeconds(1));
    follower.poll();
    assertThat(anchor()).isEqualTo(head(100, 1));
  }

  @Test
  void aChainNoRequestAsksForIsNotPolled() {
    chain.at(100);
    follower.poll(); // never asked for: nothing is read
    assertThat(chain.headReads).isZero();

    anchor();
    clock.advance(Duration.ofMinutes(2)); // idle for longer than idleAfter
    follower.poll();
    assertThat(chain.headReads).isEqualTo(1);
  }

  @Test
  void readsArePinnedToTheAnchorEvenWhenTheFollowedHeadMovesMidRequest() {
    chain.at(100);
    anchor();
    clock.advance(Duration.ofSeconds(1));
    // while the request's first round is in flight, the follower learns of two newer blocks
    chain.duringRead =
        () -> {
          if (chain.readAt.isEmpty()) {
            chain.at(102);
            follower.poll();
          }
        };
    AnchoredEvmChainState anchored =
        new AnchoredEvmChainState(
            Map.of(
                ChainId.evm(8453),
                new AnchoredEvmChainState.Chain(follower, Duration.ofSeconds(8))),
            clock,
            BalanceSlotCache.defaults(clock));

    ChainObservation observation =
        anchored
            .observe(ChainId.evm(8453), Set.of(BALANCE), firstRound -> Set.of(CODE), Set.of())
            .await()
            .indefinitely();

    assertThat(observation).isInstanceOf(ChainObservation.Observed.class);
    ChainObservation.Observed observed = (ChainObservation.Observed) observation;
    assertThat(((Anchor.EvmBlock) observed.anchor()).number()).isEqualTo(BigInteger.valueOf(100));
    // both rounds at block 100, though the follower moved on to 102 after the first began
    assertThat(chain.readAt).containsExactly(BigInteger.valueOf(100), BigInteger.valueOf(100));
    assertThat(((ReadOutcomes) observed.readings()).outcome(BALANCE))
        .isEqualTo(new ReadOutcome.Quantity(BigInteger.valueOf(100)));
    assertThat(follower.followed().orElseThrow().head()).isEqualTo(head(102, 0));
  }
}
