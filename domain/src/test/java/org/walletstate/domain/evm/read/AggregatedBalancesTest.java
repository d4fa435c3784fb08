package org.walletstate.domain.evm.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;

class AggregatedBalancesTest {

  private static final EvmAddress TOKEN =
      EvmAddress.parse("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", "token");

  private static EvmRead.Erc20BalanceOf balance(int holder) {
    return new EvmRead.Erc20BalanceOf(TOKEN, EvmAddress.of(String.format("0x%040x", holder + 1)));
  }

  private static Set<ChainRead<?>> reads(int balances) {
    Set<ChainRead<?>> reads = new LinkedHashSet<>();
    reads.add(new EvmRead.Erc20Decimals(TOKEN));
    for (int i = 0; i < balances; i++) {
      reads.add(balance(i));
    }
    return reads;
  }

  private static Aggregate3 only(AggregatedBalances sent) {
    return sent.reads().stream()
        .filter(Aggregate3.class::isInstance)
        .map(Aggregate3.class::cast)
        .findFirst()
        .orElseThrow();
  }

  @Test
  void balanceReads_goOutAsAggregates_ofAtMostTheChunk_besideTheOtherReads() {
    AggregatedBalances sent = AggregatedBalances.of(Aggregate3.CANONICAL, reads(1_001));

    assertThat(sent.aggregated()).isEqualTo(1_001);
    assertThat(sent.reads()).contains(new EvmRead.Erc20Decimals(TOKEN)).hasSize(4);
    List<Integer> sizes =
        sent.reads().stream()
            .filter(Aggregate3.class::isInstance)
            .map(r -> ((Aggregate3) r).calls().size())
            .toList();
    assertThat(sizes).containsExactly(500, 500, 1);
    assertThat(only(sent).multicall()).isEqualTo(Aggregate3.CANONICAL);
    assertThat(only(sent).calls().get(0)).isEqualTo(balance(0).request());
  }

  @Test
  void aBalanceReadAlone_isSentAsItIs() {
    Set<ChainRead<?>> reads = reads(1);
    AggregatedBalances sent = AggregatedBalances.of(Aggregate3.CANONICAL, reads);

    assertThat(sent.aggregated()).isZero();
    assertThat(sent.reads()).isEqualTo(reads);
  }

  @Test
  void eachBalance_isAnsweredByItsResult_andAFailedCallIsUnreadable_neverARevert() {
    AggregatedBalances sent = AggregatedBalances.of(Aggregate3.CANONICAL, reads(3));
    Map<ChainRead<?>, Reading<?>> answers = new LinkedHashMap<>();
    answers.put(new EvmRead.Erc20Decimals(TOKEN), new Reading.Value<>(6));
    answers.put(
        only(sent),
        new Reading.Value<>(
            List.of(
                new Aggregate3.Result(true, Bytes32.of(BigInteger.valueOf(5)).bytes()),
                new Aggregate3.Result(false, Bytes.EMPTY),
                new Aggregate3.Result(true, Bytes.of(new byte[2])))));

    Readings answered = sent.answering(Readings.of(answers));

    assertThat(answered.reading(balance(0))).isEqualTo(new Reading.Value<>(BigInteger.valueOf(5)));
    assertThat(answered.reading(balance(1))).isInstanceOf(Reading.Unreadable.class);
    assertThat(answered.reading(balance(2))).isInstanceOf(Reading.Unreadable.class);
    assertThat(answered.reading(new EvmRead.Erc20Decimals(TOKEN)))
        .isEqualTo(new Reading.Value<>(6));
  }

  @Test
  void aFailedOrRevertedAggregate_leavesEveryBalanceUnreadable() {
    AggregatedBalances sent =
        AggregatedBalances.of(Aggregate3.deployment(new ChainId.Evm(324)), reads(2));
    assertThat(only(sent).multicall()).isNotEqualTo(Aggregate3.CANONICAL);
    for (Reading<?> outcome :
        List.of(new Reading.Unreadable<>("timeout"), new Reading.Reverted<>())) {
      Readings answered =
          sent.answering(
              Readings.of(
                  Map.of(
                      new EvmRead.Erc20Decimals(TOKEN),
                      new Reading.Value<>(6),
                      only(sent),
                      outcome)));
      assertThat(answered.reading(balance(0))).isInstanceOf(Reading.Unreadable.class);
      assertThat(answered.reading(balance(1))).isInstanceOf(Reading.Unreadable.class);
    }
  }
}
