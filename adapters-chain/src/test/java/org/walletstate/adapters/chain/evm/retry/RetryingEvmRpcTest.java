package org.walletstate.adapters.chain.evm.retry;

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
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.chain.AnswerBound;
import org.walletstate.adapters.chain.evm.BlockHead;
import org.walletstate.adapters.chain.evm.Deadline;
import org.walletstate.adapters.chain.evm.EvmRpc;
import org.walletstate.adapters.chain.evm.HeadOutcome;
import org.walletstate.application.port.out.ChainCallObserver;
import org.walletstate.application.testing.MovableClock;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.FailureKind;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.evm.read.ReadOutcome;

/**
 * The endpoint choice over time, which the devnet cannot show without waiting a minute: endpoints
 * here are scripted stand-ins, and the clock is the test's.
 */
class RetryingEvmRpcTest {

  private static final BlockHead HEAD =
      new BlockHead(BigInteger.TEN, Instant.EPOCH, Bytes32.ZERO, Bytes32.ZERO);
  private static final EvmRequest BALANCE =
      new EvmRequest.EthGetBalance(EvmAddress.of("0x2c971b9f2ae3126cdd6ed998babb3e2af64e418c"));

  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
  private final MovableClock clock = new MovableClock("2026-01-01T00:00:00Z");

  @AfterEach
  void stop() {
    timer.shutdownNow();
  }

  @Test
  void read_staysOnTheEndpointItFailedOverToUntilTheFailbackHasPassed() {
    Scripted first = new Scripted("first");
    Scripted second = new Scripted("second");
    RetryingEvmRpc rpc =
        new RetryingEvmRpc(
            List.of(first, second),
            3,
            new Backoff(Duration.ofMillis(1), Duration.ofMillis(2), () -> 0.0),
            Duration.ofSeconds(60),
            clock,
            timer);

    first.down = true;
    assertThat(read(rpc)).isInstanceOf(ReadOutcome.Quantity.class);
    assertThat(first.asked).isEqualTo(1);
    assertThat(second.asked).isEqualTo(1);

    first.down = false;
    clock.advance(Duration.ofSeconds(59));
    read(rpc);
    assertThat(first.asked).isEqualTo(1);
    assertThat(second.asked).isEqualTo(2);

    clock.advance(Duration.ofSeconds(1));
    read(rpc);
    assertThat(first.asked).isEqualTo(2);
    assertThat(second.asked).isEqualTo(2);
  }

  @Test
  void read_reportsTheLastFailureOnceTheAttemptsAreSpent() {
    Scripted only = new Scripted("only");
    only.down = true;
    RetryingEvmRpc rpc =
        new RetryingEvmRpc(
            List.of(only),
            3,
            new Backoff(Duration.ofMillis(1), Duration.ofMillis(2), () -> 0.0),
            Duration.ofSeconds(60),
            clock,
            timer);

    assertThat(read(rpc))
        .isInstanceOfSatisfying(
            ReadOutcome.Failed.class,
            failed ->
                assertThat(failed.detail())
                    .isEqualTo("only is down (gave up after 3 of 3 attempts: attempts spent)"));
    assertThat(only.asked).isEqualTo(3);
  }

  @Test
  void read_decidesOnTheFailuresKind_notOnItsWording() {
    Scripted tooLarge = new Scripted("tooLarge");
    tooLarge.down = true;
    tooLarge.failure = new ReadOutcome.Failed(FailureKind.TOO_LARGE, "HTTP status 502");
    Scripted worded = new Scripted("worded");
    worded.down = true;
    worded.failure = new ReadOutcome.Failed(FailureKind.TRANSIENT, AnswerBound.TOO_LARGE);

    assertThat(read(retrying(tooLarge)))
        .isInstanceOfSatisfying(
            ReadOutcome.Failed.class,
            failed -> {
              assertThat(failed.kind()).isEqualTo(FailureKind.TOO_LARGE);
              assertThat(failed.detail()).startsWith("HTTP status 502 (gave up after 1 of 3");
            });
    assertThat(tooLarge.asked).as("no retry changes an answer over the bound").isEqualTo(1);
    assertThat(read(retrying(worded))).isInstanceOf(ReadOutcome.Failed.class);
    assertThat(worded.asked).as("a transient failure is retried, whatever it says").isEqualTo(3);
  }

  private RetryingEvmRpc retrying(EvmRpc only) {
    return new RetryingEvmRpc(
        List.of(only),
        3,
        new Backoff(Duration.ofMillis(1), Duration.ofMillis(2), () -> 0.0),
        Duration.ofSeconds(60),
        clock,
        timer);
  }

  @Test
  void read_triesNoMoreWhenThePauseWouldOutlastTheDeadline() {
    Scripted only = new Scripted("only");
    only.down = true;
    RetryingEvmRpc rpc =
        new RetryingEvmRpc(
            List.of(only),
            3,
            new Backoff(Duration.ofSeconds(10), Duration.ofSeconds(10), () -> 0.0),
            Duration.ofSeconds(60),
            clock,
            timer);

    assertThat(read(rpc))
        .isInstanceOfSatisfying(
            ReadOutcome.Failed.class,
            failed -> assertThat(failed.detail()).contains("deadline too close"));
    assertThat(only.asked).isEqualTo(1);
  }

  @Test
  void observer_isToldOkRetriedFailedOverAndFailedPerCall() {
    Scripted first = new Scripted("first");
    Scripted second = new Scripted("second");
    Scripted only = new Scripted("only");
    List<String> told = new ArrayList<>();
    ChainCallObserver observer =
        (chain, outcome, elapsed, provider) -> {
          assertThat(elapsed.isNegative()).isFalse();
          told.add(chain + " " + outcome.wireName());
        };
    Backoff quick = new Backoff(Duration.ofMillis(1), Duration.ofMillis(2), () -> 0.0);
    RetryingEvmRpc two =
        new RetryingEvmRpc(
            ChainId.evm(8453),
            observer,
            List.of(first, second),
            3,
            quick,
            Duration.ofSeconds(60),
            clock,
            timer);
    RetryingEvmRpc one =
        new RetryingEvmRpc(
            ChainId.evm(10),
            observer,
            List.of(only),
            2,
            quick,
            Duration.ofSeconds(60),
            clock,
            timer);

    read(two);
    first.down = true;
    read(two);
    only.down = true;
    read(one);
    only.failNext = 1;
    only.down = false;
    read(one);

    assertThat(told).containsExactly("8453 ok", "8453 failed_over", "10 failed", "10 retried");
  }

  private ReadOutcome read(RetryingEvmRpc rpc) {
    return rpc.read(HEAD, Set.of(BALANCE), Deadline.after(clock, Duration.ofSeconds(4)))
        .await()
        .atMost(Duration.ofSeconds(30))
        .get(BALANCE);
  }

  /** An endpoint that answers every balance with 1 wei, or fails while it is down. */
  private static final class Scripted implements EvmRpc {
    private final String name;
    volatile boolean down;
    volatile int failNext;
    int asked;

    Scripted(String name) {
      this.name = name;
    }

    @Override
    public String toString() {
      return name;
    }

    @Override
    public Uni<HeadOutcome> head(AnchorTag tag, Deadline deadline) {
      throw new UnsupportedOperationException(
          "the retry tests read at a given head; none is asked for");
    }

    /** How this endpoint fails while down, when not as {@code "<name> is down"}. */
    ReadOutcome.Failed failure;

    @Override
    public Uni<Map<EvmRequest, ReadOutcome>> read(
        BlockHead block, Set<EvmRequest> requests, Deadline deadline) {
      asked++;
      boolean failing = down || failNext > 0;
      if (failNext > 0) {
        failNext--;
      }
      Map<EvmRequest, ReadOutcome> outcomes = new LinkedHashMap<>();
      for (EvmRequest request : new ArrayList<>(requests)) {
        outcomes.put(
            request,
            failing
                ? (failure != null ? failure : new ReadOutcome.Failed(name + " is down"))
                : new ReadOutcome.Quantity(BigInteger.ONE));
      }
      return Uni.createFrom().item(outcomes);
    }
  }
}
