package org.walletstate.adapters.chain.tron;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.chain.ChainReaderContract;
import org.walletstate.adapters.chain.jsonrpc.RpcFailure;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.devnet.replay.JsonRpcReplay;
import org.walletstate.devnet.replay.TronReplay;
import org.walletstate.domain.address.TronAddress;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;
import org.walletstate.domain.tron.TronRead;

/** The Tron reader against a replay of the node's documented answers. */
class TronChainStateTest extends ChainReaderContract {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String WALLET = "TZ4UXDV5ZhNW7fb2AMSbgfAEZ7hWsnYS2g";
  private static final String USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
  private static final JsonRpcReplay REPLAY = JsonRpcReplay.start();
  private static final ChainId TRON = catalogued("tron");

  private final TronReplay chain = new TronReplay();
  private final TronChainState reader =
      new TronChainState(replayConfig(TRON, REPLAY.url()), clock(), () -> 0.5);

  @BeforeEach
  void documentedAccounts() {
    REPLAY.reset();
    chain.clear();
    chain.account(WALLET, 1_793_227_200L);
    chain.token(USDT, 6);
    chain.holds(
        USDT, TronAddress.of(WALLET).abiWord().substring(24), BigInteger.valueOf(1087360000));
    chain.serveOn(REPLAY);
  }

  @Override
  protected ChainId chain() {
    return TRON;
  }

  @Override
  protected ChainState reader() {
    return reader;
  }

  @Override
  protected void assertAnchoredAtTheNode(Anchor anchor) {
    assertThat(anchor).isEqualTo(new Anchor.TronBlock(chain.number(), chain.blockId()));
  }

  @Override
  protected Expected<BigInteger> nativeBalance() {
    return new Expected<>(
        new TronRead.TrxSun(TronAddress.of(WALLET)), BigInteger.valueOf(1_793_227_200L));
  }

  @Override
  protected Optional<Expected<?>> tokenBalance() {
    return Optional.of(
        new Expected<>(
            new TronRead.Trc20Balance(TronAddress.of(USDT), TronAddress.of(WALLET)),
            BigInteger.valueOf(1087360000)));
  }

  @Override
  protected Optional<Expected<?>> decimals() {
    return Optional.of(
        new Expected<>(new TronRead.Trc20Decimals(TronAddress.of(USDT)), TokenDecimals.of(6)));
  }

  @Override
  protected List<Expected<?>> unknownAccount() {
    TronAddress nobody = TronAddress.of("TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8");
    return List.of(
        new Expected<>(new TronRead.TrxSun(nobody), BigInteger.ZERO),
        new Expected<>(new TronRead.Trc20Balance(TronAddress.of(USDT), nobody), BigInteger.ZERO));
  }

  @Override
  protected ChainState brokenNode(Fault fault) {
    for (String path :
        List.of(
            "/walletsolidity/getnowblock",
            "/walletsolidity/getaccount",
            "/walletsolidity/triggerconstantcontract")) {
      REPLAY.on(path, reply(fault));
    }
    return reader;
  }

  @AfterAll
  static void stop() {
    REPLAY.close();
  }

  @Test
  void trxAndTrc20_areReadAtTheSolidifiedHead() {
    TronRead.TrxSun sun = new TronRead.TrxSun(TronAddress.of(WALLET));
    TronRead.Trc20Balance balance =
        new TronRead.Trc20Balance(TronAddress.of(USDT), TronAddress.of(WALLET));
    TronRead.Trc20Decimals decimals = new TronRead.Trc20Decimals(TronAddress.of(USDT));
    Set<ChainRead<?>> reads = Set.of(sun, balance, decimals);

    ChainObservation.Observed observed =
        (ChainObservation.Observed)
            reader.observe(TRON, ChainQuery.of(reads)).await().atMost(Duration.ofSeconds(20));

    assertThat(observed.anchor()).isEqualTo(new Anchor.TronBlock(chain.number(), chain.blockId()));
    assertThat(observed.readings().reading(sun))
        .isEqualTo(new Reading.Value<>(BigInteger.valueOf(1_793_227_200L)));
    assertThat(observed.readings().reading(balance))
        .isEqualTo(new Reading.Value<>(BigInteger.valueOf(1087360000)));
    assertThat(observed.readings().reading(decimals))
        .isEqualTo(new Reading.Value<>(TokenDecimals.of(6)));
    assertThat(
            REPLAY.requests("/walletsolidity/triggerconstantcontract").stream()
                .map(r -> r.path("body").path("parameter").asText())
                .toList())
        .contains("000000000000000000000000fd49eda0f23ff7ec1d03b52c3a45991c24cd440e");
  }

  @Test
  void theDocumentedConstantCall_isItsWord_andARevertIsAFailure() throws Exception {
    String documented =
        "{\"result\":{\"result\":true},\"energy_used\":935,\"constant_result\":"
            + "[\"0000000000000000000000000000000000000000000000000000000040cfcc00\"],"
            + "\"transaction\":{\"ret\":[{}],\"visible\":false,\"txID\":\"cff6\"}}";

    assertThat(TronChainState.word(JSON.readTree(documented), "balanceOf(address)"))
        .isEqualTo(BigInteger.valueOf(1087360000));
    assertThatThrownBy(
            () -> TronChainState.word(JSON.readTree(TronReplay.reverted()), "decimals()"))
        .isInstanceOf(RpcFailure.class)
        .hasMessageContaining("reverted");
  }

  @Test
  void anAccountWithoutBalance_holdsZeroSun() throws Exception {
    assertThat(TronChainState.sun(JSON.readTree("{}"))).isZero();
    assertThat(TronChainState.sun(JSON.readTree("{\"balance\":1793227200}")))
        .isEqualTo(BigInteger.valueOf(1793227200));
    assertThatThrownBy(() -> TronChainState.sun(JSON.readTree("{\"balance\":\"12\"}")))
        .isInstanceOf(RpcFailure.class);
  }
}
