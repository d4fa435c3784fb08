package org.walletstate.adapters.chain.jsonrpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.chain.ReadProvider;
import org.walletstate.adapters.chain.bitcoin.BitcoinChainState;
import org.walletstate.adapters.chain.solana.SolanaChainState;
import org.walletstate.adapters.chain.stellar.StellarChainState;
import org.walletstate.adapters.chain.sui.SuiChainState;
import org.walletstate.adapters.chain.tron.TronChainState;
import org.walletstate.adapters.chain.xrpl.XrplChainState;
import org.walletstate.application.port.out.ChainCallObserver;
import org.walletstate.devnet.replay.BitcoinReplay;
import org.walletstate.devnet.replay.HorizonReplay;
import org.walletstate.devnet.replay.JsonRpcReplay;
import org.walletstate.devnet.replay.Reply;
import org.walletstate.devnet.replay.SolanaReplay;
import org.walletstate.devnet.replay.SuiReplay;
import org.walletstate.devnet.replay.TronReplay;
import org.walletstate.devnet.replay.XrplReplay;
import org.walletstate.domain.address.BitcoinAddress;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.address.StellarAddress;
import org.walletstate.domain.address.SuiAddress;
import org.walletstate.domain.address.SuiCoinType;
import org.walletstate.domain.address.TronAddress;
import org.walletstate.domain.address.XrplAddress;
import org.walletstate.domain.bitcoin.BitcoinRead;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;
import org.walletstate.domain.observation.ReadAssurance;
import org.walletstate.domain.solana.SolanaRead;
import org.walletstate.domain.stellar.StellarRead;
import org.walletstate.domain.sui.SuiRead;
import org.walletstate.domain.tron.TronRead;
import org.walletstate.domain.xrpl.XrplRead;

/**
 * Quorum reads of the non-EVM families through two replay servers each, in the families' official
 * shapes: XRPL and Sui (reads pinned to a ledger or checkpoint both providers hold with the same
 * hash or digest), Solana and Stellar (current-state snapshots whose values must match at close
 * slots or ledgers), Bitcoin and Tron (current-state snapshots from anchors compared before the
 * reads: Esplora tips, solidified heads).
 */
class QuorumSnapshotChainStateTest {

  private static final String XRPL_HOLDER = "r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59";
  private static final String SOL_OWNER = "A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJd";
  private static final String HASH_A =
      "9DAAAE85FC0D64E95506608FDB48E8B77706EF64FF144F18EEBC2FC4366D9B20";
  private static final String HASH_B =
      "1111111111111111111111111111111111111111111111111111111111111111";
  private static final long LEDGER = 100972465;
  private static final long SLOT = 341197933;
  private static final String BTC_HOLDER = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
  private static final String TRON_HOLDER = "TZ4UXDV5ZhNW7fb2AMSbgfAEZ7hWsnYS2g";
  private static final long HEIGHT = 923456;
  private static final String TIP =
      "00000000000000000001a0b3c6f4e8a1d2c3b4a5968778695a4b3c2d1e0f1a2b";
  private static final String OTHER_TIP = "00000000000000000000" + "f".repeat(44);
  private static final long TRON_BLOCK = 66987627;
  private static final String BLOCK_ID =
      "0000000003fe266bf6b6d392f654dc2e5011601546ed04623d9fcc4e9d439a25";
  private static final String OTHER_BLOCK_ID = "0000000003fe266b" + "1".repeat(48);
  private static final String STELLAR_HOLDER =
      "GDI73WJ4SX7LOG3XZDJC3KCK6ED6E5NBYK2JUBQSPBCNNWEG3ZN7T75U";
  private static final String STELLAR_HASH_A =
      "e1218a337cecda05526fba902c61d3d7130baa58d8db41f544bf563f779b6329";
  private static final String STELLAR_HASH_B = "2".repeat(64);
  private static final long STELLAR_LEDGER = 40074676;
  private static final String SUI_OWNER = "0x" + "a1".repeat(32);
  private static final String SUI_LONG = "0x" + "0".repeat(63) + "2::sui::SUI";
  private static final String DIGEST_A = "4Hp7dkzYDb3nKPFAbGfqHE3eYAvvYKbmxFYTpYDjfPPq";
  private static final String DIGEST_B = "5yWvPgzZ2mJtR8kLh3QbNcX7aDfE9uVs6HqTnBpWxYrK";
  private static final long CHECKPOINT = 164329987;

  private static final JsonRpcReplay ONE = JsonRpcReplay.start();
  private static final JsonRpcReplay TWO = JsonRpcReplay.start();
  private static final ChainId XRPL = catalogued("xrpl");
  private static final ChainId SOLANA = catalogued("solana");
  private static final ChainId STELLAR = catalogued("stellar");
  private static final ChainId SUI = catalogued("sui");
  private static final HorizonReplay HORIZON_ONE = HorizonReplay.start();
  private static final HorizonReplay HORIZON_TWO = HorizonReplay.start();
  private static final ChainId BITCOIN = catalogued("bitcoin");
  private static final ChainId TRON = catalogued("tron");

  private final List<String> disagreed = new CopyOnWriteArrayList<>();
  private final ChainCallObserver observer =
      new ChainCallObserver() {
        @Override
        public void called(ChainId chain, Outcome outcome, Duration elapsed, String provider) {}

        @Override
        public void disagreed(ChainId chain, String provider) {
          disagreed.add(chain + "/" + provider);
        }
      };
  private final XrplReplay xrplOne = new XrplReplay();
  private final XrplReplay xrplTwo = new XrplReplay();
  private final SuiReplay suiOne = new SuiReplay();
  private final SuiReplay suiTwo = new SuiReplay();
  private final SolanaReplay solanaOne = new SolanaReplay();
  private final SolanaReplay solanaTwo = new SolanaReplay();
  private final BitcoinReplay bitcoinOne = new BitcoinReplay();
  private final BitcoinReplay bitcoinTwo = new BitcoinReplay();
  private final TronReplay tronOne = new TronReplay();
  private final TronReplay tronTwo = new TronReplay();
  private QuorumSnapshotChainState<?> reader;

  @BeforeEach
  void sameState() {
    ONE.reset();
    TWO.reset();
    for (XrplReplay ledger : List.of(xrplOne, xrplTwo)) {
      ledger.clear().ledger(LEDGER, HASH_A).account(XRPL_HOLDER, "9986", 0);
    }
    for (SolanaReplay chain : List.of(solanaOne, solanaTwo)) {
      chain.clear().slot(SLOT).wallet(SOL_OWNER, 2_500_000_000L);
    }
    for (BitcoinReplay chain : List.of(bitcoinOne, bitcoinTwo)) {
      chain.clear().tip(HEIGHT, TIP).address(BTC_HOLDER, 150_000, 50_000, 7_000, 0);
    }
    for (TronReplay chain : List.of(tronOne, tronTwo)) {
      chain.clear().head(TRON_BLOCK, BLOCK_ID).account(TRON_HOLDER, 1_793_227_200L);
    }
    for (HorizonReplay horizon : List.of(HORIZON_ONE, HORIZON_TWO)) {
      horizon.reset().ledger(STELLAR_LEDGER, STELLAR_HASH_A).account(STELLAR_HOLDER, "80.8944518");
    }
    for (SuiReplay chain : List.of(suiOne, suiTwo)) {
      chain.clear().checkpoint(CHECKPOINT, DIGEST_A).balance(SUI_OWNER, SUI_LONG, "3000000000");
    }
  }

  @AfterEach
  void close() {
    if (reader != null) {
      reader.close();
    }
  }

  @AfterAll
  static void stop() {
    ONE.close();
    TWO.close();
    HORIZON_ONE.close();
    HORIZON_TWO.close();
  }

  @Test
  void xrpl_agreeingProviders_readQuorumTwoOfTwo_atTheLedgerBothHold() {
    ChainObservation observation = observeXrpl(false);

    ChainObservation.Observed observed = (ChainObservation.Observed) observation;
    assertThat(observed.anchor()).isEqualTo(new Anchor.XrplLedger(LEDGER, HASH_A));
    assertThat(observed.readings().reading(drops())).isEqualTo(new Reading.Value<>(bi(9986)));
    assertThat(observed.assurance()).isEqualTo(new ReadAssurance(Assurance.QUORUM, 2, 2));
    assertThat(disagreed).isEmpty();
    // every read named the agreed ledger on both servers
    for (JsonRpcReplay server : List.of(ONE, TWO)) {
      assertThat(server.requests("account_info"))
          .allSatisfy(
              r ->
                  assertThat(r.path("params").path(0).path("ledger_index").asLong())
                      .isEqualTo(LEDGER));
    }
  }

  @Test
  void xrpl_withNamesSigned_theAssuranceNamesBothProviders() {
    ChainObservation.Observed observed = (ChainObservation.Observed) observeXrpl(true);

    assertThat(observed.assurance().names()).containsExactly("one", "two");
  }

  @Test
  void xrpl_aProviderWithAnotherBalance_isADisagreement_countedForBoth() {
    xrplTwo.account(XRPL_HOLDER, "1", 0);

    ChainObservation observation = observeXrpl(false);

    assertThat(observation).isInstanceOf(ChainObservation.HeadUnavailable.class);
    ChainObservation.HeadUnavailable refused = (ChainObservation.HeadUnavailable) observation;
    assertThat(refused.disagreed()).isTrue();
    assertThat(refused.detail()).contains("one and two answered a read differently");
    assertThat(disagreed).containsExactlyInAnyOrder("xrpl/one", "xrpl/two");
  }

  @Test
  void xrpl_anotherHashAtTheSameLedger_isADisagreementOnTheAnchor() {
    xrplTwo.ledger(LEDGER, HASH_B);

    ChainObservation.HeadUnavailable refused =
        (ChainObservation.HeadUnavailable) observeXrpl(false);

    assertThat(refused.disagreed()).isTrue();
    assertThat(refused.detail()).contains("hold different anchors at " + LEDGER);
    assertThat(TWO.requests("account_info")).isEmpty();
  }

  @Test
  void xrpl_aProviderOneLedgerAhead_isReadAtTheLowerLedger_whichBothHold() {
    xrplTwo.ledger(LEDGER + 1, HASH_B).alsoHolds(LEDGER, HASH_A);

    ChainObservation.Observed observed = (ChainObservation.Observed) observeXrpl(false);

    assertThat(observed.anchor()).isEqualTo(new Anchor.XrplLedger(LEDGER, HASH_A));
    assertThat(observed.assurance().providers()).isEqualTo(2);
  }

  @Test
  void xrpl_aProviderAheadThatLacksTheLowerLedger_isAFailedRead_notADisagreement() {
    xrplTwo.ledger(LEDGER + 1, HASH_B);

    ChainObservation.HeadUnavailable refused =
        (ChainObservation.HeadUnavailable) observeXrpl(false);

    assertThat(refused.disagreed()).isFalse();
    assertThat(refused.detail()).startsWith("two: ");
    assertThat(disagreed).isEmpty();
  }

  @Test
  void xrpl_aProviderFurtherBehindThanTheLag_isRefusedAsLagging() {
    xrplTwo.ledger(LEDGER + 4, HASH_B).alsoHolds(LEDGER, HASH_A);

    ChainObservation.HeadUnavailable refused =
        (ChainObservation.HeadUnavailable) observeXrpl(false);

    assertThat(refused.disagreed()).isTrue();
    assertThat(refused.detail()).contains("are 4 apart (at most 3 allowed): one lags");
  }

  @Test
  void xrpl_withoutTheOption_readsOneProvider_andSignsNothingMore() {
    xrplTwo.account(XRPL_HOLDER, "1", 0);
    xrplOne.serveOn(ONE);
    xrplTwo.serveOn(TWO);
    reader = xrpl(false);

    ChainObservation.Observed observed =
        (ChainObservation.Observed)
            reader.observe(XRPL, ChainQuery.of(Set.of(drops()))).await().atMost(AWAIT);

    assertThat(observed.assurance()).isEqualTo(ReadAssurance.single());
    assertThat(TWO.requests()).isEmpty();
  }

  @Test
  void solana_agreeingProviders_readQuorumTwoOfTwo_atTheLowerSlot() {
    solanaTwo.slot(SLOT + 2);

    ChainObservation.Observed observed = (ChainObservation.Observed) observeSolana();

    assertThat(observed.anchor()).isEqualTo(new Anchor.SolanaSlot(SLOT));
    assertThat(observed.readings().reading(lamports()))
        .isEqualTo(new Reading.Value<>(bi(2_500_000_000L)));
    assertThat(observed.assurance()).isEqualTo(new ReadAssurance(Assurance.QUORUM, 2, 2));
  }

  @Test
  void solana_aProviderWithAnotherBalance_isADisagreement() {
    solanaTwo.wallet(SOL_OWNER, 1);

    ChainObservation.HeadUnavailable refused = (ChainObservation.HeadUnavailable) observeSolana();

    assertThat(refused.disagreed()).isTrue();
    assertThat(refused.message()).isEqualTo(ChainObservation.HeadUnavailable.DISAGREED);
    assertThat(disagreed).containsExactlyInAnyOrder("solana/one", "solana/two");
  }

  @Test
  void solana_snapshotsFurtherApartThanTheLag_areRefused_evenWithTheSameValues() {
    solanaTwo.slot(SLOT + 26);

    ChainObservation.HeadUnavailable refused = (ChainObservation.HeadUnavailable) observeSolana();

    assertThat(refused.disagreed()).isTrue();
    assertThat(refused.detail()).contains("are 26 apart (at most 25 allowed)");
  }

  @Test
  void solana_aProviderThatCannotBeRead_isAFailedRead_notADisagreement() {
    solanaOne.serveOn(ONE);
    solanaTwo.serveOn(TWO);
    TWO.on("getMultipleAccounts", Reply.status(503));

    ChainObservation.HeadUnavailable refused =
        (ChainObservation.HeadUnavailable) observe(solanaReader(), SOLANA, lamports());

    assertThat(refused.disagreed()).isFalse();
    assertThat(refused.detail()).startsWith("two: ");
  }

  @Test
  void bitcoin_agreeingProviders_readQuorumTwoOfTwo_atTheLowerTip() {
    bitcoinTwo.tip(HEIGHT + 1, OTHER_TIP);

    ChainObservation.Observed observed = (ChainObservation.Observed) observeBitcoin();

    assertThat(observed.anchor()).isEqualTo(new Anchor.BitcoinTip(HEIGHT, TIP));
    assertThat(observed.readings().reading(sats())).isEqualTo(new Reading.Value<>(bi(100_000)));
    assertThat(observed.assurance()).isEqualTo(new ReadAssurance(Assurance.QUORUM, 2, 2));
    assertThat(disagreed).isEmpty();
  }

  @Test
  void bitcoin_aProviderWithAnotherBalance_isADisagreement_countedForBoth() {
    bitcoinTwo.address(BTC_HOLDER, 150_000, 50_001, 0, 0);

    ChainObservation.HeadUnavailable refused = (ChainObservation.HeadUnavailable) observeBitcoin();

    assertThat(refused.disagreed()).isTrue();
    assertThat(refused.detail()).contains("one and two answered a read differently");
    assertThat(disagreed).containsExactlyInAnyOrder("bitcoin/one", "bitcoin/two");
  }

  @Test
  void bitcoin_anotherHashAtTheSameHeight_isADisagreementOnTheAnchor_andNoAddressIsRead() {
    bitcoinTwo.tip(HEIGHT, OTHER_TIP);

    ChainObservation.HeadUnavailable refused = (ChainObservation.HeadUnavailable) observeBitcoin();

    assertThat(refused.disagreed()).isTrue();
    assertThat(refused.detail()).contains("hold different anchors at " + HEIGHT);
    for (JsonRpcReplay server : List.of(ONE, TWO)) {
      assertThat(server.requests())
          .noneMatch(r -> r.path("method").asText().startsWith("/address/"));
    }
  }

  @Test
  void bitcoin_tipsFurtherApartThanTheLag_areRefusedAsLagging() {
    bitcoinTwo.tip(HEIGHT + 2, OTHER_TIP);

    ChainObservation.HeadUnavailable refused = (ChainObservation.HeadUnavailable) observeBitcoin();

    assertThat(refused.disagreed()).isTrue();
    assertThat(refused.detail()).contains("are 2 apart (at most 1 allowed): one lags");
  }

  @Test
  void bitcoin_aProviderWhoseTipCannotBeRead_isAFailedRead_notADisagreement() {
    bitcoinOne.serveOn(ONE);
    bitcoinTwo.serveOn(TWO);
    TWO.on("/blocks/tip/hash", Reply.status(503));

    ChainObservation.HeadUnavailable refused =
        (ChainObservation.HeadUnavailable) observe(bitcoinReader(), BITCOIN, sats());

    assertThat(refused.disagreed()).isFalse();
    assertThat(refused.detail()).startsWith("two: ");
    assertThat(disagreed).isEmpty();
  }

  @Test
  void tron_agreeingProviders_readQuorumTwoOfTwo_atTheLowerSolidifiedHead() {
    tronTwo.head(TRON_BLOCK + 3, OTHER_BLOCK_ID);

    ChainObservation.Observed observed = (ChainObservation.Observed) observeTron();

    assertThat(observed.anchor()).isEqualTo(new Anchor.TronBlock(TRON_BLOCK, BLOCK_ID));
    assertThat(observed.readings().reading(sun()))
        .isEqualTo(new Reading.Value<>(bi(1_793_227_200L)));
    assertThat(observed.assurance()).isEqualTo(new ReadAssurance(Assurance.QUORUM, 2, 2));
  }

  @Test
  void tron_aProviderWithAnotherBalance_isADisagreement_countedForBoth() {
    tronTwo.account(TRON_HOLDER, 1);

    ChainObservation.HeadUnavailable refused = (ChainObservation.HeadUnavailable) observeTron();

    assertThat(refused.disagreed()).isTrue();
    assertThat(refused.message()).isEqualTo(ChainObservation.HeadUnavailable.DISAGREED);
    assertThat(disagreed).containsExactlyInAnyOrder("tron/one", "tron/two");
  }

  @Test
  void tron_anotherBlockIdAtTheSameNumber_isADisagreementOnTheAnchor_andNoAccountIsRead() {
    tronTwo.head(TRON_BLOCK, OTHER_BLOCK_ID);

    ChainObservation.HeadUnavailable refused = (ChainObservation.HeadUnavailable) observeTron();

    assertThat(refused.disagreed()).isTrue();
    assertThat(refused.detail()).contains("hold different anchors at " + TRON_BLOCK);
    assertThat(ONE.requests("/walletsolidity/getaccount")).isEmpty();
    assertThat(TWO.requests("/walletsolidity/getaccount")).isEmpty();
  }

  @Test
  void tron_solidifiedHeadsFurtherApartThanTheLag_areRefused_evenWithTheSameValues() {
    tronTwo.head(TRON_BLOCK + 6, OTHER_BLOCK_ID);

    ChainObservation.HeadUnavailable refused = (ChainObservation.HeadUnavailable) observeTron();

    assertThat(refused.disagreed()).isTrue();
    assertThat(refused.detail()).contains("are 6 apart (at most 5 allowed)");
  }

  @Test
  void tron_aReadThatFailsOnOneProvider_isUnreadable_notADisagreement() {
    tronOne.serveOn(ONE);
    tronTwo.serveOn(TWO);
    TWO.on("/walletsolidity/getaccount", Reply.status(503));

    ChainObservation.Observed observed =
        (ChainObservation.Observed) observe(tronReader(), TRON, sun());

    assertThat(observed.readings().reading(sun())).isInstanceOf(Reading.Unreadable.class);
    assertThat(disagreed).isEmpty();
  }

  @Test
  void stellar_agreeingProviders_readQuorumTwoOfTwo_atTheLowerLedger() {
    HORIZON_TWO.ledger(STELLAR_LEDGER + 1, STELLAR_HASH_B).account(STELLAR_HOLDER, "80.8944518");

    ChainObservation.Observed observed = (ChainObservation.Observed) observeStellar();

    assertThat(observed.anchor())
        .isEqualTo(new Anchor.StellarLedger(STELLAR_LEDGER, STELLAR_HASH_A));
    assertThat(observed.readings().reading(stroops()))
        .isEqualTo(new Reading.Value<>(bi(808_944_518L)));
    assertThat(observed.assurance()).isEqualTo(new ReadAssurance(Assurance.QUORUM, 2, 2));
    assertThat(disagreed).isEmpty();
    // each provider took its own snapshot: its account and the ledger it answered at
    assertThat(HORIZON_ONE.paths())
        .containsExactly("/accounts/" + STELLAR_HOLDER, "/ledgers/" + STELLAR_LEDGER);
    assertThat(HORIZON_TWO.paths())
        .containsExactly("/accounts/" + STELLAR_HOLDER, "/ledgers/" + (STELLAR_LEDGER + 1));
  }

  @Test
  void stellar_aProviderWithAnotherBalance_isADisagreement_countedForBoth() {
    HORIZON_TWO.account(STELLAR_HOLDER, "80.8944517");

    ChainObservation.HeadUnavailable refused = (ChainObservation.HeadUnavailable) observeStellar();

    assertThat(refused.disagreed()).isTrue();
    assertThat(refused.message()).isEqualTo(ChainObservation.HeadUnavailable.DISAGREED);
    assertThat(refused.detail()).contains("one and two answered a read differently");
    assertThat(disagreed).containsExactlyInAnyOrder("stellar/one", "stellar/two");
  }

  @Test
  void stellar_anotherHashAtTheSameLedger_isADisagreementOnTheAnchor() {
    HORIZON_TWO.ledger(STELLAR_LEDGER, STELLAR_HASH_B);

    ChainObservation.HeadUnavailable refused = (ChainObservation.HeadUnavailable) observeStellar();

    assertThat(refused.disagreed()).isTrue();
    assertThat(refused.detail()).contains("hold different anchors at " + STELLAR_LEDGER);
    assertThat(disagreed).containsExactlyInAnyOrder("stellar/one", "stellar/two");
  }

  @Test
  void stellar_snapshotsFurtherApartThanTheLag_areRefused_evenWithTheSameValues() {
    HORIZON_TWO.ledger(STELLAR_LEDGER + 3, STELLAR_HASH_B).account(STELLAR_HOLDER, "80.8944518");

    ChainObservation.HeadUnavailable refused = (ChainObservation.HeadUnavailable) observeStellar();

    assertThat(refused.disagreed()).isTrue();
    assertThat(refused.detail()).contains("are 3 apart (at most 2 allowed): one lags");
  }

  @Test
  void stellar_aProviderThatCannotBeRead_isAFailedRead_notADisagreement() {
    HORIZON_TWO.fail("accounts", Reply.status(503));

    ChainObservation.HeadUnavailable refused = (ChainObservation.HeadUnavailable) observeStellar();

    assertThat(refused.disagreed()).isFalse();
    assertThat(refused.detail()).startsWith("two: ");
    assertThat(disagreed).isEmpty();
  }

  @Test
  void sui_agreeingProviders_readQuorumTwoOfTwo_atTheCheckpointBothHold() {
    suiTwo.checkpoint(CHECKPOINT + 1, DIGEST_B).alsoHolds(CHECKPOINT, DIGEST_A);

    ChainObservation.Observed observed = (ChainObservation.Observed) observeSui();

    assertThat(observed.anchor()).isEqualTo(new Anchor.SuiCheckpoint(CHECKPOINT, DIGEST_A));
    assertThat(observed.readings().reading(mist()))
        .isEqualTo(new Reading.Value<>(bi(3_000_000_000L)));
    assertThat(observed.assurance()).isEqualTo(new ReadAssurance(Assurance.QUORUM, 2, 2));
    assertThat(disagreed).isEmpty();
    // every balance was read pinned to the agreed checkpoint on both servers
    for (JsonRpcReplay server : List.of(ONE, TWO)) {
      List<JsonNode> balances =
          server.requests().stream().filter(r -> r.path("variables").has("o0")).toList();
      assertThat(balances)
          .singleElement()
          .satisfies(
              r -> {
                assertThat(r.path("variables").path("at").asLong()).isEqualTo(CHECKPOINT);
                assertThat(r.path("query").asText()).contains("checkpoint(sequenceNumber: $at)");
              });
    }
  }

  @Test
  void sui_aProviderWithAnotherBalance_isADisagreement_countedForBoth() {
    suiTwo.balance(SUI_OWNER, SUI_LONG, "2999999999");

    ChainObservation.HeadUnavailable refused = (ChainObservation.HeadUnavailable) observeSui();

    assertThat(refused.disagreed()).isTrue();
    assertThat(refused.detail()).contains("one and two answered a read differently");
    assertThat(disagreed).containsExactlyInAnyOrder("sui/one", "sui/two");
  }

  @Test
  void sui_anotherDigestAtTheSameCheckpoint_isADisagreementOnTheAnchor_andNothingIsRead() {
    suiTwo.checkpoint(CHECKPOINT, DIGEST_B);

    ChainObservation.HeadUnavailable refused = (ChainObservation.HeadUnavailable) observeSui();

    assertThat(refused.disagreed()).isTrue();
    assertThat(refused.detail()).contains("hold different anchors at " + CHECKPOINT);
    // two was asked for its latest checkpoint, and for no balance
    assertThat(TWO.requests()).isNotEmpty().noneMatch(r -> r.path("variables").has("o0"));
  }

  @Test
  void sui_aProviderAheadThatLacksTheLowerCheckpoint_isAFailedRead_notADisagreement() {
    suiTwo.checkpoint(CHECKPOINT + 1, DIGEST_B);

    ChainObservation.HeadUnavailable refused = (ChainObservation.HeadUnavailable) observeSui();

    assertThat(refused.disagreed()).isFalse();
    assertThat(refused.detail())
        .startsWith("two: ")
        .contains("checkpoint " + CHECKPOINT + " is not available on this server");
    assertThat(disagreed).isEmpty();
  }

  @Test
  void sui_aProviderFurtherAheadThanTheLag_isRefusedAsLagging() {
    suiTwo.checkpoint(CHECKPOINT + 41, DIGEST_B).alsoHolds(CHECKPOINT, DIGEST_A);

    ChainObservation.HeadUnavailable refused = (ChainObservation.HeadUnavailable) observeSui();

    assertThat(refused.disagreed()).isTrue();
    assertThat(refused.detail()).contains("are 41 apart (at most 40 allowed): one lags");
  }

  @Test
  void sui_aProviderThatCannotBeRead_isAFailedRead_notADisagreement() {
    suiOne.serveOn(ONE);
    TWO.on("graphql", Reply.status(503));

    ChainObservation.HeadUnavailable refused =
        (ChainObservation.HeadUnavailable) observe(suiReader(), SUI, mist());

    assertThat(refused.disagreed()).isFalse();
    assertThat(refused.detail()).startsWith("two: ");
    assertThat(disagreed).isEmpty();
  }

  @Test
  void tooFewIndependentProviders_refuseQuorumQueries() {
    SnapshotQuorum quorum =
        new SnapshotQuorum(
            List.of(
                new ReadProvider("one", List.of(ONE.url()), true),
                new ReadProvider("two", List.of(TWO.url()), false)),
            2,
            3,
            false);
    reader = QuorumSnapshotChainState.of(xrplReader(ONE.url()), quorum, this::xrplOf, observer);

    ChainObservation observation = observe(reader, XRPL, drops());

    assertThat(observation).isInstanceOf(ChainObservation.HeadUnavailable.class);
    assertThat(ONE.requests()).isEmpty();
  }

  // --- fixtures

  private static final Duration AWAIT = Duration.ofSeconds(30);

  private ChainObservation observeXrpl(boolean names) {
    xrplOne.serveOn(ONE);
    xrplTwo.serveOn(TWO);
    reader = xrpl(names);
    return observe(reader, XRPL, drops());
  }

  private ChainObservation observeSolana() {
    solanaOne.serveOn(ONE);
    solanaTwo.serveOn(TWO);
    return observe(solanaReader(), SOLANA, lamports());
  }

  private ChainObservation observeBitcoin() {
    bitcoinOne.serveOn(ONE);
    bitcoinTwo.serveOn(TWO);
    return observe(bitcoinReader(), BITCOIN, sats());
  }

  private ChainObservation observeTron() {
    tronOne.serveOn(ONE);
    tronTwo.serveOn(TWO);
    return observe(tronReader(), TRON, sun());
  }

  private QuorumSnapshotChainState<BitcoinRead<?>> bitcoinReader() {
    QuorumSnapshotChainState<BitcoinRead<?>> bitcoin =
        QuorumSnapshotChainState.of(
            bitcoinOf(config(BITCOIN, ONE.url())),
            twoProviders(1, false),
            this::bitcoinOf,
            observer);
    reader = bitcoin;
    return bitcoin;
  }

  private QuorumSnapshotChainState<TronRead<?>> tronReader() {
    QuorumSnapshotChainState<TronRead<?>> tron =
        QuorumSnapshotChainState.of(
            tronOf(config(TRON, ONE.url())), twoProviders(5, false), this::tronOf, observer);
    reader = tron;
    return tron;
  }

  private SnapshotChainState<BitcoinRead<?>> bitcoinOf(JsonRpcChainConfig config) {
    return new BitcoinChainState(config, Clock.systemUTC(), () -> 0.5);
  }

  private SnapshotChainState<TronRead<?>> tronOf(JsonRpcChainConfig config) {
    return new TronChainState(config, Clock.systemUTC(), () -> 0.5);
  }

  private static BitcoinRead.ConfirmedSats sats() {
    return new BitcoinRead.ConfirmedSats(BitcoinAddress.of(BTC_HOLDER));
  }

  private static TronRead.TrxSun sun() {
    return new TronRead.TrxSun(TronAddress.of(TRON_HOLDER));
  }

  private ChainObservation observeStellar() {
    QuorumSnapshotChainState<StellarRead<?>> stellar =
        QuorumSnapshotChainState.of(
            stellarOf(config(STELLAR, HORIZON_ONE.url())),
            twoProviders(HORIZON_ONE.url(), HORIZON_TWO.url(), 2, false),
            this::stellarOf,
            observer);
    reader = stellar;
    return observe(stellar, STELLAR, stroops());
  }

  private ChainObservation observeSui() {
    suiOne.serveOn(ONE);
    suiTwo.serveOn(TWO);
    return observe(suiReader(), SUI, mist());
  }

  private QuorumSnapshotChainState<SuiRead<?>> suiReader() {
    QuorumSnapshotChainState<SuiRead<?>> sui =
        QuorumSnapshotChainState.of(
            suiOf(config(SUI, ONE.url())), twoProviders(40, false), this::suiOf, observer);
    reader = sui;
    return sui;
  }

  private QuorumSnapshotChainState<SolanaRead<?>> solanaReader() {
    QuorumSnapshotChainState<SolanaRead<?>> solana =
        QuorumSnapshotChainState.of(
            solanaOf(config(SOLANA, ONE.url())), twoProviders(25, false), this::solanaOf, observer);
    reader = solana;
    return solana;
  }

  private QuorumSnapshotChainState<XrplRead<?>> xrpl(boolean names) {
    return QuorumSnapshotChainState.of(
        xrplReader(ONE.url()), twoProviders(3, names), this::xrplOf, observer);
  }

  private static SnapshotQuorum twoProviders(long maxLag, boolean names) {
    return twoProviders(ONE.url(), TWO.url(), maxLag, names);
  }

  private static SnapshotQuorum twoProviders(URI one, URI two, long maxLag, boolean names) {
    return new SnapshotQuorum(
        List.of(
            new ReadProvider("one", List.of(one), true),
            new ReadProvider("two", List.of(two), true)),
        2,
        maxLag,
        names);
  }

  private SnapshotChainState<XrplRead<?>> xrplReader(URI endpoint) {
    return xrplOf(config(XRPL, endpoint));
  }

  private SnapshotChainState<XrplRead<?>> xrplOf(JsonRpcChainConfig config) {
    return new XrplChainState(config, Clock.systemUTC(), () -> 0.5);
  }

  private SnapshotChainState<SolanaRead<?>> solanaOf(JsonRpcChainConfig config) {
    return new SolanaChainState(config, Clock.systemUTC(), () -> 0.5);
  }

  private SnapshotChainState<StellarRead<?>> stellarOf(JsonRpcChainConfig config) {
    return new StellarChainState(config, Clock.systemUTC(), () -> 0.5);
  }

  private SnapshotChainState<SuiRead<?>> suiOf(JsonRpcChainConfig config) {
    return new SuiChainState(config, Clock.systemUTC(), () -> 0.5);
  }

  private static ChainObservation observe(
      QuorumSnapshotChainState<?> reader, ChainId chain, ChainRead<?> read) {
    ChainQuery query =
        new ChainQuery(
            Set.of(read), first -> Set.of(), Set.of(), AnchorTag.LATEST, Assurance.QUORUM);
    return reader.observe(chain, query).await().atMost(AWAIT);
  }

  private static JsonRpcChainConfig config(ChainId chain, URI endpoint) {
    return new JsonRpcChainConfig(
        chain,
        List.of(endpoint),
        Duration.ofMillis(700),
        2,
        Duration.ofMillis(10),
        Duration.ofMillis(40),
        Duration.ofSeconds(4),
        Duration.ofSeconds(60));
  }

  private static XrplRead.XrpDrops drops() {
    return new XrplRead.XrpDrops(XrplAddress.of(XRPL_HOLDER));
  }

  private static SolanaRead.Lamports lamports() {
    return new SolanaRead.Lamports(SolanaAddress.of(SOL_OWNER));
  }

  private static StellarRead.LumenStroops stroops() {
    return new StellarRead.LumenStroops(StellarAddress.of(STELLAR_HOLDER));
  }

  private static SuiRead.CoinBalance mist() {
    return new SuiRead.CoinBalance(SuiAddress.of(SUI_OWNER), SuiCoinType.SUI);
  }

  private static BigInteger bi(long value) {
    return BigInteger.valueOf(value);
  }

  private static ChainId catalogued(String id) {
    return ChainCatalogue.all().stream()
        .filter(c -> c.id().toString().equals(id))
        .findFirst()
        .orElseThrow()
        .id();
  }
}
