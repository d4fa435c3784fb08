package org.walletstate.adapters.chain.sui;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.walletstate.adapters.chain.ChainReaderContract;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.devnet.replay.JsonRpcReplay;
import org.walletstate.devnet.replay.SuiReplay;
import org.walletstate.domain.address.SuiAddress;
import org.walletstate.domain.address.SuiCoinType;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.sui.SuiRead;

/**
 * The Sui reader against a replay of GraphQL answers in the schema's shape, pinned to one
 * checkpoint. Everything it is held to is {@link ChainReaderContract}'s.
 */
class SuiChainStateTest extends ChainReaderContract {

  private static final String WALLET = "0x" + "a1".repeat(32);
  private static final String SUI_LONG =
      "0x0000000000000000000000000000000000000000000000000000000000000002::sui::SUI";
  private static final String USDC =
      "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC";

  private static final JsonRpcReplay GRAPHQL = JsonRpcReplay.start();
  private static final ChainId SUI = catalogued("sui");

  private final SuiReplay chain = new SuiReplay();
  private final SuiChainState reader =
      new SuiChainState(replayConfig(SUI, GRAPHQL.url()), clock(), () -> 0.5);

  @BeforeEach
  void documentedBalances() {
    GRAPHQL.reset();
    chain.clear();
    chain.balance(WALLET, SUI_LONG, "3000000000");
    chain.balance(WALLET, USDC, "250000000");
    chain.coin(USDC, 6);
    chain.serveOn(GRAPHQL);
  }

  @AfterAll
  static void stop() {
    GRAPHQL.close();
  }

  @Override
  protected ChainId chain() {
    return SUI;
  }

  @Override
  protected ChainState reader() {
    return reader;
  }

  @Override
  protected void assertAnchoredAtTheNode(Anchor anchor) {
    assertThat(anchor).isEqualTo(new Anchor.SuiCheckpoint(chain.sequence(), chain.digest()));
  }

  @Override
  protected Expected<BigInteger> nativeBalance() {
    return new Expected<>(
        new SuiRead.CoinBalance(SuiAddress.of(WALLET), SuiCoinType.SUI),
        BigInteger.valueOf(3_000_000_000L));
  }

  @Override
  protected Optional<Expected<?>> tokenBalance() {
    return Optional.of(
        new Expected<>(
            new SuiRead.CoinBalance(SuiAddress.of(WALLET), SuiCoinType.of(USDC)),
            BigInteger.valueOf(250_000_000L)));
  }

  @Override
  protected Optional<Expected<?>> decimals() {
    return Optional.of(new Expected<>(new SuiRead.CoinDecimals(SuiCoinType.of(USDC)), 6));
  }

  @Override
  protected List<Expected<?>> unknownAccount() {
    SuiAddress nobody = SuiAddress.of("0x" + "b2".repeat(32));
    return List.of(
        new Expected<>(new SuiRead.CoinBalance(nobody, SuiCoinType.SUI), BigInteger.ZERO),
        new Expected<>(new SuiRead.CoinBalance(nobody, SuiCoinType.of(USDC)), BigInteger.ZERO));
  }

  @Override
  protected ChainState brokenNode(Fault fault) {
    GRAPHQL.on("graphql", reply(fault));
    return reader;
  }
}
