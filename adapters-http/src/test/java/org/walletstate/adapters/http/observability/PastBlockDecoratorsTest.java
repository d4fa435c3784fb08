package org.walletstate.adapters.http.observability;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.smallrye.mutiny.Uni;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.timing.TimedChainState;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;

/**
 * The decorators of the chain-state port (timing, the caller's context, tracing) pass a read at a
 * past block on to the reader they wrap, with its block; a past block's anchor is not shown as the
 * chain's head on the status board, a head's is.
 */
class PastBlockDecoratorsTest {

  static final ChainId BASE = ChainId.evm(8453);

  /** A reader anchored at block 100 that answers a past block at that block. */
  static final class Reader implements ChainState {
    final List<Long> past = new ArrayList<>();

    @Override
    public Uni<ChainObservation> observe(ChainId chain, ChainQuery query) {
      return at(100);
    }

    @Override
    public Uni<ChainObservation> observeAt(ChainId chain, long block, ChainQuery query) {
      past.add(block);
      return at(block);
    }

    private static Uni<ChainObservation> at(long block) {
      return Uni.createFrom()
          .item(
              new ChainObservation.Observed(
                  new Anchor.EvmBlock(BigInteger.valueOf(block), Instant.EPOCH),
                  Readings.of(java.util.Map.of())));
    }
  }

  @Test
  void aPastBlockRead_goesThroughEveryDecorator_andLeavesTheBoardsHeadAlone() {
    Reader reader = new Reader();
    ChainStatusBoard board = new ChainStatusBoard(Clock.systemUTC());
    ChainTelemetry telemetry =
        new ChainTelemetry(
            new ServiceMeters(new SimpleMeterRegistry()),
            board,
            OpenTelemetry.noop().getTracer("test"));
    ChainState chains = new TimedChainState(new OnCallerContext(telemetry.traced(reader)));
    ChainQuery query = ChainQuery.of(Set.of());

    ChainObservation past = chains.observeAt(BASE, 90, query).await().indefinitely();

    assertThat(reader.past).containsExactly(90L);
    assertThat(((Anchor.EvmBlock) ((ChainObservation.Observed) past).anchor()).number())
        .isEqualTo(BigInteger.valueOf(90));
    assertThat(board.view(BASE)).as("no head shown for a past block").isNull();

    chains.observe(BASE, query).await().indefinitely();
    assertThat(board.view(BASE)).isNotNull();
  }
}
