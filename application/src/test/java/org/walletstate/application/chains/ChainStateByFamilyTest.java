package org.walletstate.application.chains;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.application.testing.TableChainState;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
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
  private static TableChainState slotReader() {
    return new TableChainState(Clock.systemUTC())
        .anchoredAt(ChainId.named("solana"), new Anchor.SolanaSlot(312_000_000L))
        .otherwise((chain, read) -> new Reading.Value<>(7L));
  }

  @Test
  void eachChainIsObservedByItsFamilysReader() {
    TableChainState solana = slotReader();
    TableChainState evm = slotReader();
    ChainState chains =
        new ChainStateByFamily(Map.of(ChainFamily.SOLANA, solana, ChainFamily.EVM, evm));

    ChainObservation observation =
        chains
            .observe(ChainId.named("solana"), ChainQuery.of(Set.of(new Lamports())))
            .await()
            .indefinitely();

    assertThat(solana.observed()).containsExactly(ChainId.named("solana"));
    assertThat(evm.observed()).isEmpty();
    ChainObservation.Observed observed = (ChainObservation.Observed) observation;
    assertThat(observed.anchor()).isEqualTo(new Anchor.SolanaSlot(312_000_000L));
    assertThat(observed.readings().reading(new Lamports())).isEqualTo(new Reading.Value<>(7L));
  }

  @Test
  void aFamilyWithoutAReaderHasNoReadableHead() {
    ChainState chains = new ChainStateByFamily(Map.of(ChainFamily.EVM, slotReader()));

    ChainObservation observation =
        chains
            .observe(ChainId.named("xrpl"), ChainQuery.of(Set.of(new Lamports())))
            .await()
            .indefinitely();

    assertThat(observation)
        .isEqualTo(new ChainObservation.HeadUnavailable("no reader for XRPL chains"));
  }

  @Test
  void aPastBlockIsReadByTheChainsFamilysReader_andByNoneThatCannot() {
    TableChainState evm =
        new TableChainState(Clock.systemUTC()).otherwise((chain, read) -> new Reading.Value<>(7L));
    ChainState solana = slotReader()::observe; // a reader with the port's own past reads
    ChainState chains =
        new ChainStateByFamily(Map.of(ChainFamily.SOLANA, solana, ChainFamily.EVM, evm));
    ChainQuery query = ChainQuery.of(Set.of(new Lamports()));

    ChainObservation past = chains.observeAt(ChainId.evm(8453), 90, query).await().indefinitely();
    ChainObservation solanaPast =
        chains.observeAt(ChainId.named("solana"), 90, query).await().indefinitely();

    assertThat(evm.pastReads()).singleElement().satisfies(p -> assertThat(p.block()).isEqualTo(90));
    assertThat(((ChainObservation.Observed) past).anchor())
        .isInstanceOfSatisfying(
            Anchor.EvmBlock.class, b -> assertThat(b.number().longValueExact()).isEqualTo(90));
    assertThat(solanaPast)
        .as("a reader that cannot read past blocks says so, as an unreadable head")
        .isEqualTo(new ChainObservation.HeadUnavailable(ChainState.NO_PAST_BLOCKS));
  }
}
