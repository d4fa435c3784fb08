package org.walletstate.adapters.chain.xrpl;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
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
import org.walletstate.devnet.replay.JsonRpcReplay;
import org.walletstate.devnet.replay.Reply;
import org.walletstate.devnet.replay.XrplReplay;
import org.walletstate.domain.address.XrplAddress;
import org.walletstate.domain.address.XrplCurrency;
import org.walletstate.domain.address.XrplTaxon;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;
import org.walletstate.domain.xrpl.TrustLineHolding;
import org.walletstate.domain.xrpl.XrplRead;

/** The XRPL reader against a replay of the documented answers, pinned to one validated ledger. */
class XrplChainStateTest extends ChainReaderContract {

  private static final String HOLDER = "r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59";
  private static final String ISSUER = "rMwjYedjc7qqtKYVLiAccJSmCwih4LnE2q";
  private static final String OTHER_ISSUER = "rpgKWEmNqSDAGFhy5WDnsyPqfQxbWxKeVd";
  private static final String NFT_ISSUER = "rGJUF4PvVkMNxG6Bg6AKg3avhrtQyAffcm";

  private static final JsonRpcReplay REPLAY = JsonRpcReplay.start();
  private static final ChainId XRPL = catalogued("xrpl");

  private final XrplReplay ledger = new XrplReplay();
  private final XrplChainState reader =
      new XrplChainState(replayConfig(XRPL, REPLAY.url()), clock(), () -> 0.5);

  @BeforeEach
  void documentedAccounts() {
    REPLAY.reset();
    ledger.clear();
    ledger.account(HOLDER, "9986", 1114112);
    ledger.account(ISSUER, "1000000000", 0);
    ledger.account(OTHER_ISSUER, "1000000000", 0);
    ledger.line(HOLDER, ISSUER, "USD", "5", false, false, false);
    ledger.line(HOLDER, OTHER_ISSUER, "BTC", "-0.00111", false, false, false);
    ledger.serveOn(REPLAY);
  }

  @Override
  protected ChainId chain() {
    return XRPL;
  }

  @Override
  protected ChainState reader() {
    return reader;
  }

  @Override
  protected void assertAnchoredAtTheNode(Anchor anchor) {
    assertThat(anchor).isEqualTo(new Anchor.XrplLedger(ledger.ledgerIndex(), ledger.ledgerHash()));
  }

  @Override
  protected Expected<BigInteger> nativeBalance() {
    return new Expected<>(new XrplRead.XrpDrops(XrplAddress.of(HOLDER)), BigInteger.valueOf(9986));
  }

  /** An issued currency: a trust line, read with the issuer's freeze. */
  @Override
  protected Optional<Expected<?>> tokenBalance() {
    return Optional.of(new Expected<>(usd(), new TrustLineHolding(new BigDecimal("5"), false)));
  }

  /** Issued currencies carry their own decimal amounts: no decimals to read. */
  @Override
  protected Optional<Expected<?>> decimals() {
    return Optional.empty();
  }

  @Override
  protected List<Expected<?>> unknownAccount() {
    XrplAddress nobody = XrplAddress.of("rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn");
    return List.of(
        new Expected<>(new XrplRead.XrpDrops(nobody), BigInteger.ZERO),
        new Expected<>(
            new XrplRead.TrustLine(nobody, XrplAddress.of(ISSUER), XrplCurrency.of("USD")),
            TrustLineHolding.NONE));
  }

  @Override
  protected ChainState brokenNode(Fault fault) {
    for (String method : List.of("ledger", "account_info", "account_lines", "account_nfts")) {
      REPLAY.on(method, reply(fault));
    }
    return reader;
  }

  @AfterAll
  static void stop() {
    REPLAY.close();
  }

  private ChainObservation observe(XrplRead<?>... reads) {
    Set<ChainRead<?>> set = Set.of(reads);
    return reader.observe(XRPL, ChainQuery.of(set)).await().atMost(Duration.ofSeconds(20));
  }

  private static <T> Reading<T> reading(ChainObservation observation, ChainRead<T> read) {
    assertThat(observation).isInstanceOf(ChainObservation.Observed.class);
    return ((ChainObservation.Observed) observation).readings().reading(read);
  }

  private static <T> T value(ChainObservation observation, ChainRead<T> read) {
    Reading<T> reading = reading(observation, read);
    assertThat(reading).isInstanceOf(Reading.Value.class);
    return ((Reading.Value<T>) reading).value();
  }

  private static XrplRead.TrustLine usd() {
    return new XrplRead.TrustLine(
        XrplAddress.of(HOLDER), XrplAddress.of(ISSUER), XrplCurrency.of("USD"));
  }

  @Test
  void everyCall_isPinnedToTheValidatedLedgerResolvedFirst() {
    var drops = new XrplRead.XrpDrops(XrplAddress.of(HOLDER));

    ChainObservation observation = observe(drops, usd());

    assertThat(((ChainObservation.Observed) observation).anchor())
        .isEqualTo(new Anchor.XrplLedger(ledger.ledgerIndex(), ledger.ledgerHash()));
    assertThat(value(observation, drops)).isEqualTo(BigInteger.valueOf(9986));
    assertThat(value(observation, usd()))
        .isEqualTo(new TrustLineHolding(new BigDecimal("5"), false));
    assertThat(REPLAY.requests().get(0).path("method").asText()).isEqualTo("ledger");
    assertThat(REPLAY.requests().subList(1, REPLAY.requests().size()))
        .allSatisfy(
            r ->
                assertThat(r.path("params").path(0).path("ledger_index").asLong())
                    .isEqualTo(ledger.ledgerIndex()));
  }

  @Test
  void anUnfundedWallet_holdsNothing_butAnIssuerThatDoesNotExistIsUnreadable() {
    String nobody = "rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn";
    var drops = new XrplRead.XrpDrops(XrplAddress.of(nobody));
    var line =
        new XrplRead.TrustLine(
            XrplAddress.of(nobody), XrplAddress.of(ISSUER), XrplCurrency.of("USD"));
    var nfts =
        new XrplRead.NftHeld(XrplAddress.of(nobody), XrplAddress.of(ISSUER), Optional.empty());
    var issuer = new XrplRead.IssuerFrozen(XrplAddress.of(nobody));

    ChainObservation observation = observe(drops, line, nfts, issuer);

    assertThat(value(observation, drops)).isZero();
    assertThat(value(observation, line)).isEqualTo(TrustLineHolding.NONE);
    assertThat(value(observation, nfts)).isFalse();
    assertThat(reading(observation, issuer)).isInstanceOf(Reading.Unreadable.class);
  }

  @Test
  void aLineTheWalletOwesOn_holdsZero() {
    var btc =
        new XrplRead.TrustLine(
            XrplAddress.of(HOLDER), XrplAddress.of(OTHER_ISSUER), XrplCurrency.of("BTC"));

    assertThat(value(observe(btc), btc).balance()).isZero();
  }

  @Test
  void freezes_countWhenTheIssuerSetThem_notWhenTheHolderDid() {
    ledger.clear();
    ledger.account(HOLDER, "9986", 0);
    ledger.account(ISSUER, "1", XrplChainState.GLOBAL_FREEZE);
    ledger.line(HOLDER, ISSUER, "USD", "5", false, true, false);
    ledger.line(HOLDER, ISSUER, "EUR", "5", false, false, true);
    ledger.line(HOLDER, ISSUER, "GBP", "5", true, false, false);
    var eur =
        new XrplRead.TrustLine(
            XrplAddress.of(HOLDER), XrplAddress.of(ISSUER), XrplCurrency.of("EUR"));
    var gbp =
        new XrplRead.TrustLine(
            XrplAddress.of(HOLDER), XrplAddress.of(ISSUER), XrplCurrency.of("GBP"));
    var global = new XrplRead.IssuerFrozen(XrplAddress.of(ISSUER));

    ChainObservation observation = observe(usd(), eur, gbp, global);

    assertThat(value(observation, usd()).frozen()).as("freeze_peer").isTrue();
    assertThat(value(observation, eur).frozen()).as("deep_freeze_peer").isTrue();
    assertThat(value(observation, gbp).frozen()).as("the holder's own freeze").isFalse();
    assertThat(value(observation, global)).as("lsfGlobalFreeze").isTrue();
  }

  @Test
  void trustLinePages_areFollowed_evenWhenAPageHoldsNoLineOfThePeer() {
    ledger.clear();
    ledger.account(HOLDER, "1", 0);
    ledger.pageSize(2);
    for (int i = 0; i < 5; i++) {
      ledger.line(HOLDER, OTHER_ISSUER, "B" + i + "X".substring(0, 1), "1", false, false, false);
    }
    ledger.line(HOLDER, ISSUER, "USD", "12.5", false, false, false);

    assertThat(value(observe(usd()), usd()).balance()).isEqualByComparingTo("12.5");
    assertThat(REPLAY.requests("account_lines")).hasSize(3);
  }

  @Test
  void nfts_matchIssuerAndTaxon_acrossPages_andTheWalkHasABound() {
    ledger.pageSize(1);
    ledger.nft(HOLDER, ISSUER, 1, 1);
    ledger.nft(HOLDER, NFT_ISSUER, 0, 2);
    ledger.nft(HOLDER, NFT_ISSUER, 7, 3);
    var anyTaxon =
        new XrplRead.NftHeld(XrplAddress.of(HOLDER), XrplAddress.of(NFT_ISSUER), Optional.empty());
    var taxon7 =
        new XrplRead.NftHeld(
            XrplAddress.of(HOLDER), XrplAddress.of(NFT_ISSUER), Optional.of(XrplTaxon.of(7, "t")));
    var taxon8 =
        new XrplRead.NftHeld(
            XrplAddress.of(HOLDER), XrplAddress.of(NFT_ISSUER), Optional.of(XrplTaxon.of(8, "t")));

    ChainObservation observation = observe(anyTaxon, taxon7, taxon8);

    assertThat(value(observation, anyTaxon)).isTrue();
    assertThat(value(observation, taxon7)).isTrue();
    assertThat(value(observation, taxon8)).isFalse();

    for (int i = 0; i < XrplRead.NftHeld.MAX_REQUESTS + 1; i++) {
      ledger.nft(HOLDER, ISSUER, 1, 10 + i);
    }
    Reading<Boolean> beyond = reading(observe(taxon8), taxon8);
    assertThat(beyond).isInstanceOf(Reading.Unreadable.class);
    assertThat(((Reading.Unreadable<Boolean>) beyond).detail())
        .startsWith(XrplRead.NftHeld.TOO_MANY);
  }

  @Test
  void anAnswerOfAnotherLedger_isRetried() {
    AtomicInteger calls = new AtomicInteger();
    REPLAY.on(
        "account_info",
        request -> {
          if (calls.incrementAndGet() == 1) {
            return Reply.json(
                "{\"result\":{\"error\":\"lgrNotFound\",\"error_code\":21,\"status\":\"error\"}}");
          }
          return Reply.json(
              "{\"result\":{\"account_data\":{\"Account\":\""
                  + HOLDER
                  + "\",\"Balance\":\"77\",\"Flags\":0},\"ledger_index\":"
                  + (calls.get() == 2 ? ledger.ledgerIndex() + 1 : ledger.ledgerIndex())
                  + ",\"status\":\"success\",\"validated\":true}}");
        });
    var drops = new XrplRead.XrpDrops(XrplAddress.of(HOLDER));

    assertThat(value(observe(drops), drops)).isEqualTo(BigInteger.valueOf(77));
    assertThat(calls).hasValue(3);
  }

  @Test
  void brokenAnswers_areUnreadable_andABrokenLedgerCallIsAnUnavailableHead() {
    for (Reply broken :
        List.of(
            Reply.status(500),
            Reply.json("{\"result\":{\"status\":\"success\",\"validated\":false}}"),
            Reply.truncated(ledger.ledgerAnswer()),
            Reply.dropped(),
            Reply.json("{}").after(Duration.ofSeconds(2)))) {
      REPLAY.reset();
      ledger.serveOn(REPLAY);
      REPLAY.on("account_info", broken);
      var drops = new XrplRead.XrpDrops(XrplAddress.of(HOLDER));
      assertThat(reading(observe(drops), drops))
          .as(broken.toString())
          .isInstanceOf(Reading.Unreadable.class);

      REPLAY.on("ledger", broken);
      assertThat(observe(drops))
          .as(broken.toString())
          .isInstanceOf(ChainObservation.HeadUnavailable.class);
    }
  }
}
