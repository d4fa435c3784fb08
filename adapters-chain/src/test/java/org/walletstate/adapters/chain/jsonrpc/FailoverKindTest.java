package org.walletstate.adapters.chain.jsonrpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.chain.AnswerBound;
import org.walletstate.adapters.chain.evm.Deadline;
import org.walletstate.application.port.out.ChainCallObserver;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.FailureKind;

/**
 * The non-EVM transport's failover decides whether to try again on a failure's kind, never on its
 * wording: a transient failure worded like an answer over the bound is retried, and a failure over
 * the bound worded like anything else is not.
 */
class FailoverKindTest {

  private final JsonRpcChainConfig config =
      new JsonRpcChainConfig(
          ChainId.named("solana"),
          List.of(URI.create("http://127.0.0.1:1/"), URI.create("http://127.0.0.1:2/")),
          Duration.ofSeconds(2),
          3,
          Duration.ofMillis(1),
          Duration.ofMillis(2),
          Duration.ofSeconds(5),
          Duration.ofSeconds(60));
  private final Failover failover =
      new Failover(config, Clock.systemUTC(), () -> 0.5, ChainCallObserver.NONE);

  private String failing(FailureKind kind, String detail, AtomicInteger tries) throws RpcFailure {
    return failover.exchange(
        Deadline.after(Clock.systemUTC(), Duration.ofSeconds(5)),
        endpoint -> {
          tries.incrementAndGet();
          throw new RpcFailure(kind, detail);
        });
  }

  @Test
  void aTooLargeFailure_isNotRetried_whateverItSays() {
    AtomicInteger tries = new AtomicInteger();

    assertThatThrownBy(() -> failing(FailureKind.TOO_LARGE, "HTTP status 502", tries))
        .isInstanceOf(RpcFailure.class)
        .hasMessageStartingWith("HTTP status 502 (gave up after 1 of 3 attempts: not retried;")
        .satisfies(e -> assertThat(((RpcFailure) e).kind()).isEqualTo(FailureKind.TOO_LARGE));
    assertThat(tries).hasValue(1);
  }

  @Test
  void aTransientFailure_isRetried_evenWhenWordedLikeAnAnswerOverTheBound() {
    AtomicInteger tries = new AtomicInteger();

    assertThatThrownBy(() -> failing(FailureKind.TRANSIENT, AnswerBound.TOO_LARGE, tries))
        .isInstanceOf(RpcFailure.class)
        .hasMessageContaining("gave up after 3 of 3 attempts: attempts spent");
    assertThat(tries).hasValue(3);
  }
}
