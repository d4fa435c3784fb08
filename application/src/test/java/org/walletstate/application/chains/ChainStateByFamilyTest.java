package org.walletstate.application.chains;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;

/**
 * A family is one more reader behind the port: a test-only Solana reader, registered beside an EVM
 * one, observes exactly the Solana chain, at its own kind of anchor.
 */
class ChainStateByFamilyTest {

  /** A read of the test family: the lamports a fixed account holds. */
  private record Lamports() implements ChainRead<Long> {
    @Override
    public ChainFamily family() {
      return ChainFamily.SOLANA;
    }
  }

  /** A reader that anchors at a fixed slot and answers every read with 7. */
  private static final class SlotReader implements ChainState {
    final List<ChainId> observed = new ArrayList<>();

    @Override
    public Uni<ChainObservation> observe(ChainId chain, ChainQuery query) {
      observed.add(chain);
      Readings readings =
          new Readings() {
            @Override
            @SuppressWarnings("unchecked")
            public <T> Reading<T> reading(ChainRead<T> read) {
              if (!query.reads().contains(read)) {
                throw new IllegalArgumentException("not asked: " + read);
              }
              return (Reading<T>) new Reading.Value<>(7L);
            }
          };
      return Uni.createFrom()
          .item(new ChainObservation.Observed(new Anchor.SolanaSlot(312_000_000L), readings));
    }
  }

  @Test
  void eachChainIsObservedByItsFamilysReader() {
    SlotReader solana = new SlotReader();
    SlotReader evm = new SlotReader();
    ChainState chains =
        new ChainStateByFamily(Map.of(ChainFamily.SOLANA, solana, ChainFamily.EVM, evm));

    ChainObservation observation =
        chains
            .observe(ChainId.named("solana"), ChainQuery.of(Set.of(new Lamports())))
            .await()
            .indefinitely();

    assertThat(solana.observed).containsExactly(ChainId.named("solana"));
    assertThat(evm.observed).isEmpty();
    ChainObservation.Observed observed = (ChainObservation.Observed) observation;
    assertThat(observed.anchor()).isEqualTo(new Anchor.SolanaSlot(312_000_000L));
    assertThat(observed.readings().reading(new Lamports())).isEqualTo(new Reading.Value<>(7L));
  }

  @Test
  void aFamilyWithoutAReaderHasNoReadableHead() {
    ChainState chains = new ChainStateByFamily(Map.of(ChainFamily.EVM, new SlotReader()));

    ChainObservation observation =
        chains
            .observe(ChainId.named("xrpl"), ChainQuery.of(Set.of(new Lamports())))
            .await()
            .indefinitely();

    assertThat(observation)
        .isEqualTo(new ChainObservation.HeadUnavailable("no reader for XRPL chains"));
  }
}
