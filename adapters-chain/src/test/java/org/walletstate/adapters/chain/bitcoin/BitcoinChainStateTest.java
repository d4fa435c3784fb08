package org.walletstate.adapters.chain.bitcoin;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.chain.ChainReaderContract;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.devnet.replay.BitcoinReplay;
import org.walletstate.devnet.replay.JsonRpcReplay;
import org.walletstate.devnet.replay.Reply;
import org.walletstate.domain.address.BitcoinAddress;
import org.walletstate.domain.bitcoin.BitcoinRead;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;

/** The Bitcoin reader against a replay of Esplora's answers, bracketed by the tip. */
class BitcoinChainStateTest extends ChainReaderContract {

  private static final String WALLET = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
  private static final JsonRpcReplay REPLAY = JsonRpcReplay.start();
  private static final ChainId BITCOIN = catalogued("bitcoin");

  private final BitcoinReplay chain = new BitcoinReplay();
  private final BitcoinChainState reader =
      new BitcoinChainState(replayConfig(BITCOIN, REPLAY.url()), clock(), () -> 0.5);
  private final BitcoinRead.ConfirmedSats sats =
      new BitcoinRead.ConfirmedSats(BitcoinAddress.of(WALLET));

  @BeforeEach
  void documentedAddress() {
    REPLAY.reset();
    chain.clear();
    chain.address(WALLET, 150_000, 50_000, 7_000, 0);
    chain.serveOn(REPLAY);
  }

  @Override
  protected ChainId chain() {
    return BITCOIN;
  }

  @Override
  protected ChainState reader() {
    return reader;
  }

  @Override
  protected void assertAnchoredAtTheNode(Anchor anchor) {
    assertThat(anchor).isEqualTo(new Anchor.BitcoinTip(chain.height(), chain.hash()));
  }

  @Override
  protected Expected<BigInteger> nativeBalance() {
    return new Expected<>(sats, BigInteger.valueOf(100_000));
  }

  /** Bitcoin has no tokens. */
  @Override
  protected Optional<Expected<?>> tokenBalance() {
    return Optional.empty();
  }

  @Override
  protected Optional<Expected<?>> decimals() {
    return Optional.empty();
  }

  @Override
  protected List<Expected<?>> unknownAccount() {
    return List.of(
        new Expected<>(
            new BitcoinRead.ConfirmedSats(BitcoinAddress.of("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")),
            BigInteger.ZERO));
  }

  @Override
  protected ChainState brokenNode(Fault fault) {
    for (String path : List.of("/blocks/tip/hash", "/block/*", "/address/*")) {
      REPLAY.on(path, reply(fault));
    }
    return reader;
  }

  @AfterAll
  static void stop() {
    REPLAY.close();
  }

  private ChainObservation observe() {
    Set<ChainRead<?>> reads = Set.of(sats);
    return reader.observe(BITCOIN, ChainQuery.of(reads)).await().atMost(Duration.ofSeconds(20));
  }

  @Test
  void confirmedSats_areFundedLessSpent_withoutTheMempool_atTheTip() {
    ChainObservation observation = observe();

    assertThat(observation).isInstanceOf(ChainObservation.Observed.class);
    ChainObservation.Observed observed = (ChainObservation.Observed) observation;
    assertThat(observed.anchor()).isEqualTo(new Anchor.BitcoinTip(chain.height(), chain.hash()));
    assertThat(observed.readings().reading(sats))
        .isEqualTo(new Reading.Value<>(BigInteger.valueOf(100_000)));
  }

  @Test
  void aMissingChainStats_isUnreadable_andAFlakyEndpointIsRetried() {
    AtomicInteger calls = new AtomicInteger();
    REPLAY.on(
        "/address/*",
        request ->
            calls.incrementAndGet() == 1
                ? Reply.status(502)
                : Reply.json("{\"address\":\"" + WALLET + "\"}"));

    ChainObservation.Observed observed = (ChainObservation.Observed) observe();

    assertThat(observed.readings().reading(sats)).isInstanceOf(Reading.Unreadable.class);
    assertThat(calls.get()).isEqualTo(3);
  }

  @Test
  void aTipThatIsNotABlockHash_leavesTheChainUnobserved() {
    REPLAY.on("/blocks/tip/hash", Reply.json("<html>rate limited</html>"));

    assertThat(observe()).isInstanceOf(ChainObservation.HeadUnavailable.class);
  }

  @Test
  void aBlockAnswerForAnotherHash_isRefused() {
    REPLAY.on("/block/*", Reply.json("{\"id\":\"" + "ab".repeat(32) + "\",\"height\":1}"));

    assertThat(observe()).isInstanceOf(ChainObservation.HeadUnavailable.class);
  }
}
