package org.walletstate.application.chains;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.walletstate.application.testing.TableChainState;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;

/**
 * Several chains observed for one request: each once, with its own query, the answer in the order
 * the chains were given, and a chain that cannot be read answered as such beside the others.
 */
class AllChainsTest {

  static final EvmAddress WALLET = EvmAddress.of("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
  static final ChainId MAINNET = ChainId.evm(1);
  static final ChainId BASE = ChainId.evm(8453);
  static final ChainId OPTIMISM = ChainId.evm(10);

  @Test
  void observe_readsEachChainOnceWithItsOwnQuery_inTheOrderGiven() {
    TableChainState chains =
        new TableChainState(Clock.fixed(Instant.parse("2026-11-28T07:00:00Z"), ZoneOffset.UTC))
            .value(BASE, new EvmRead.NativeBalance(WALLET), BigInteger.TWO)
            .value(MAINNET, new EvmRead.NativeBalance(WALLET), BigInteger.ONE)
            .down(OPTIMISM);

    Map<ChainId, ChainObservation> observed =
        AllChains.observe(
                chains,
                List.of(BASE, OPTIMISM, MAINNET),
                chain -> ChainQuery.of(Set.<ChainRead<?>>of(new EvmRead.NativeBalance(WALLET))))
            .await()
            .indefinitely();

    assertThat(observed.keySet()).containsExactly(BASE, OPTIMISM, MAINNET);
    assertThat(balance(observed.get(BASE))).isEqualTo(new Reading.Value<>(BigInteger.TWO));
    assertThat(balance(observed.get(MAINNET))).isEqualTo(new Reading.Value<>(BigInteger.ONE));
    assertThat(observed.get(OPTIMISM)).isInstanceOf(ChainObservation.HeadUnavailable.class);
    assertThat(chains.observed()).containsExactlyInAnyOrder(BASE, OPTIMISM, MAINNET);
  }

  private static Reading<BigInteger> balance(ChainObservation observation) {
    return ((ChainObservation.Observed) observation)
        .readings()
        .reading(new EvmRead.NativeBalance(WALLET));
  }
}
