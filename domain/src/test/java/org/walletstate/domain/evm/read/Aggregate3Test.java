package org.walletstate.domain.evm.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.AbiDecodingException;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.fixtures.Multicall;

class Aggregate3Test {

  private static final EvmAddress TOKEN =
      EvmAddress.parse("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", "token");
  private static final EvmAddress HOLDER =
      EvmAddress.parse("0x70997970c51812dc3a04c8d9cac2a3a7f6e08f8d", "holder");

  private static EvmRequest.EthCall balanceOf(EvmAddress token) {
    return new EvmRequest.EthCall(
        token, EvmRead.BALANCE_OF.encodeCall(List.of(Bytes32.of(HOLDER))));
  }

  private static Bytes answer(List<Aggregate3.Result> results) {
    return Multicall.answer(results);
  }

  private static Bytes word(long value) {
    return Multicall.word(value);
  }

  @Test
  void request_isOneCallToMulticallWithTheAggregate3Selector() {
    Aggregate3 read = new Aggregate3(Aggregate3.CANONICAL, List.of(balanceOf(TOKEN)));

    EvmRequest.EthCall call = (EvmRequest.EthCall) read.request();

    assertThat(call.to()).isEqualTo(Aggregate3.CANONICAL);
    assertThat(call.data().toHex()).startsWith("0x82ad56cb");
  }

  @Test
  void equalCallsMakeEqualReads_andTheRequestIsTheEncodingOfTheCalls() {
    EvmAddress other = EvmAddress.parse("0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc", "token");
    Aggregate3 read = new Aggregate3(Aggregate3.CANONICAL, List.of(balanceOf(TOKEN)));
    Aggregate3 same = new Aggregate3(Aggregate3.CANONICAL, List.of(balanceOf(TOKEN)));
    Aggregate3 longer =
        new Aggregate3(Aggregate3.CANONICAL, List.of(balanceOf(TOKEN), balanceOf(other)));
    Aggregate3 elsewhere = new Aggregate3(other, List.of(balanceOf(TOKEN)));

    read.request(); // one of two equal reads has its request encoded, the other not yet
    assertThat(read).isEqualTo(same).hasSameHashCodeAs(same);
    assertThat(read).isNotEqualTo(longer).isNotEqualTo(elsewhere);
    assertThat(read.request()).isSameAs(read.request());
    assertThat(same.request())
        .isEqualTo(
            new EvmRequest.EthCall(
                Aggregate3.CANONICAL, Aggregate3.encode(List.of(balanceOf(TOKEN)))));
  }

  @Test
  void encode_laysOutEachCallAsTargetAllowFailureAndCallData() {
    EvmRequest.EthCall inner = balanceOf(TOKEN);
    String hex = Aggregate3.encode(List.of(inner)).toHex().substring(10);

    // offset 0x20, length 1, tuple offset 0x20, then target, allowFailure = 1, bytes offset 0x60,
    // the 36-byte call data padded to 64
    assertThat(hex.substring(0, 64)).isEqualTo(pad("20"));
    assertThat(hex.substring(64, 128)).isEqualTo(pad("1"));
    assertThat(hex.substring(128, 192)).isEqualTo(pad("20"));
    assertThat(hex.substring(192, 256)).isEqualTo(Bytes32.of(TOKEN).bytes().toHex().substring(2));
    assertThat(hex.substring(256, 320)).isEqualTo(pad("1"));
    assertThat(hex.substring(320, 384)).isEqualTo(pad("60"));
    assertThat(hex.substring(384, 448)).isEqualTo(pad("24"));
    assertThat(hex.substring(448, 448 + 72)).isEqualTo(inner.data().toHex().substring(2));
    assertThat(hex).hasSize(448 + 128);
  }

  @Test
  void decode_readsEveryResultInOrder() {
    EvmAddress other = EvmAddress.parse("0xdAC17F958D2ee523a2206206994597C13D831ec7", "other");
    Aggregate3 read =
        new Aggregate3(Aggregate3.CANONICAL, List.of(balanceOf(TOKEN), balanceOf(other)));
    List<Aggregate3.Result> sent =
        List.of(
            new Aggregate3.Result(true, word(5)),
            new Aggregate3.Result(false, Bytes.fromHex("0x08c379a0")));

    List<Aggregate3.Result> got = read.decode(new ReadOutcome.Data(answer(sent)));

    assertThat(got).isEqualTo(sent);
  }

  @Test
  void decode_refusesAnAnswerWithAnotherNumberOfResults() {
    Aggregate3 read = new Aggregate3(Aggregate3.CANONICAL, List.of(balanceOf(TOKEN)));
    Bytes two =
        answer(List.of(new Aggregate3.Result(true, word(1)), new Aggregate3.Result(true, word(2))));

    assertThatThrownBy(() -> read.decode(new ReadOutcome.Data(two)))
        .isInstanceOf(AbiDecodingException.class)
        .hasMessageContaining("2 results for 1 calls");
  }

  @Test
  void decode_refusesEmptyReturnData_asFromAnAddressWithoutCode() {
    Aggregate3 read = new Aggregate3(Aggregate3.CANONICAL, List.of(balanceOf(TOKEN)));

    assertThatThrownBy(() -> read.decode(new ReadOutcome.Data(Bytes.EMPTY)))
        .isInstanceOf(AbiDecodingException.class);
  }

  private static String pad(String hex) {
    return "0".repeat(64 - hex.length()) + hex;
  }
}
