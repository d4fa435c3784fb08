package org.walletstate.application.commerce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.application.commerce.port.in.ConfigureMerchantCommands;
import org.walletstate.application.commerce.port.in.CreateMerchantCommands;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.address.SolanaMint;
import org.walletstate.domain.address.XrplAddress;
import org.walletstate.domain.address.XrplCurrency;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.NftCollection;
import org.walletstate.domain.commerce.Settings;
import org.walletstate.domain.commerce.discount.DiscountWallets;
import org.walletstate.domain.commerce.discount.Eligibility;
import org.walletstate.domain.commerce.discount.Holdings;
import org.walletstate.domain.commerce.discount.HoldingsPlan;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.request.RequestValue;
import org.walletstate.domain.solana.SolanaRead;
import org.walletstate.domain.xrpl.TrustLineHolding;
import org.walletstate.domain.xrpl.XrplRead;

class EligibilityTest {

  static final String TOKEN_A = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
  static final String TOKEN_B = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
  static final String NFT = "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0";
  static final String MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
  static final String ISSUER = "rMwjYedjc7qqtKYVLiAccJSmCwih4LnE2q";
  static final EvmAddress WALLET = EvmAddress.of("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
  static final SolanaAddress SOL_WALLET =
      SolanaAddress.of("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM");
  static final XrplAddress XRPL_WALLET = XrplAddress.of("rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh");
  static final Instant NOW = Instant.parse("2026-11-25T05:00:00Z");

  static RequestValue.Obj j(String singleQuoted) {
    return Json.object(singleQuoted.replace('\'', '"'));
  }

  /** A store with the tokens, collections and settings given as JSON bodies of the endpoints. */
  static Merchant store(String tokens, String nfts, String settings) {
    Merchant m =
        Merchant.create(
            CreateMerchantCommands.newMerchant(j("{'companyName':'Cafe','companyId':'cafe'}")),
            1L,
            false,
            NOW);
    if (tokens != null) {
      m = m.withTokens(ConfigureMerchantCommands.tokens(j(tokens)).applyTo(m.tokens()));
    }
    if (nfts != null) {
      m = m.withNftCollections(ConfigureMerchantCommands.nfts(j(nfts)));
    }
    if (settings != null) {
      m = m.withSettings(m.settings().apply(ConfigureMerchantCommands.settings(j(settings)), NOW));
    }
    return m;
  }

  static final String TIERS =
      "'tiers':[{'name':'bronze','threshold':'10','discount':5},"
          + "{'name':'silver','threshold':'100','discount':10},"
          + "{'name':'gold','threshold':'1000','discount':20}]";

  static String evmToken(String symbol, String contract, String extra) {
    return "{'symbol':'"
        + symbol
        + "','chainId':1,'contractAddress':'"
        + contract
        + "','decimals':18,"
        + TIERS
        + extra
        + "}";
  }

  static final String TWO_TOKENS =
      "{'ownToken':"
          + evmToken("OWN", TOKEN_A, "")
          + ",'partnerTokens':["
          + evmToken("PAR", TOKEN_B, "")
          + "]}";

  static final String NFTS =
      "{'nftCollections':[{'name':'Pass','chainId':1,'contractAddress':'"
          + NFT
          + "','discount':15},{'name':'Club','chainId':1,'contractAddress':'"
          + TOKEN_B.replace("0512", "0513").toLowerCase()
          + "','benefitType':'recognition'}]}";

  static Holdings held(Merchant m, String... symbolAmount) {
    Map<org.walletstate.domain.commerce.TokenConfig, Holdings.TokenHolding> tokens =
        new HashMap<>();
    for (int i = 0; i < symbolAmount.length; i += 2) {
      String symbol = symbolAmount[i];
      var token =
          m.tokens().enabled().stream()
              .filter(t -> t.symbol().equals(symbol))
              .findFirst()
              .orElseThrow();
      tokens.put(token, new Holdings.TokenHolding(new BigDecimal(symbolAmount[i + 1]), false));
    }
    return new Holdings(tokens, Map.of(), Map.of());
  }

  static Holdings withCollections(Holdings h, Merchant m, boolean pass, boolean club) {
    Map<NftCollection, Boolean> c = new HashMap<>();
    c.put(m.nftCollections().get(0), pass);
    c.put(m.nftCollections().get(1), club);
    return new Holdings(h.tokens(), c, h.anchors());
  }

  @Test
  void highestTierPerToken_acrossOwnAndPartner() {
    Merchant m = store(TWO_TOKENS, null, null);
    Eligibility e = Eligibility.of(m, held(m, "OWN", "150", "PAR", "1000"), true);
    assertThat(e.earned())
        .containsExactly(
            new Eligibility.Earned("OWN", "silver", 10), new Eligibility.Earned("PAR", "gold", 20));
    assertThat(e.discount()).isEqualTo(20);
    assertThat(e.verified()).isTrue();
  }

  @Test
  void thresholdIsInclusiveAndExact() {
    Merchant m = store(TWO_TOKENS, null, null);
    assertThat(Eligibility.of(m, held(m, "OWN", "9.999999999999999999"), true).earned()).isEmpty();
    assertThat(Eligibility.of(m, held(m, "OWN", "10"), true).discount()).isEqualTo(5);
  }

  @Test
  void modes_highestStackCapped() {
    String both = TWO_TOKENS;
    Merchant highest = store(both, NFTS, null);
    Holdings h = withCollections(held(highest, "OWN", "150", "PAR", "10"), highest, true, false);
    assertThat(Eligibility.of(highest, h, true).discount()).isEqualTo(15);

    Merchant stack = store(both, NFTS, "{'discountMode':'stack'}");
    Holdings hs = withCollections(held(stack, "OWN", "150", "PAR", "10"), stack, true, false);
    assertThat(Eligibility.of(stack, hs, true).discount()).isEqualTo(30);

    Merchant capped = store(both, NFTS, "{'discountMode':'capped','discountCap':25}");
    Holdings hc = withCollections(held(capped, "OWN", "150", "PAR", "10"), capped, true, false);
    Eligibility c = Eligibility.of(capped, hc, true);
    assertThat(c.discount()).isEqualTo(25);
    assertThat(c.earned()).extracting(Eligibility.Earned::discount).containsExactly(10, 5, 15);
  }

  @Test
  void stackNeverPassesOneHundred() {
    String tiers50 = "'tiers':[{'name':'max','threshold':'1','discount':50}]";
    String t =
        "{'ownToken':{'symbol':'A','chainId':1,'contractAddress':'"
            + TOKEN_A
            + "','decimals':18,"
            + tiers50
            + "},'partnerTokens':[{'symbol':'B','chainId':1,'contractAddress':'"
            + TOKEN_B
            + "','decimals':18,"
            + tiers50
            + "}]}";
    Merchant m = store(t, NFTS, "{'discountMode':'stack'}");
    Holdings h = withCollections(held(m, "A", "1", "B", "1"), m, true, false);
    assertThat(Eligibility.of(m, h, true).discount()).isEqualTo(100);
  }

  @Test
  void nftRecognition_earnsNoPercentButQualifies() {
    Merchant m = store(null, NFTS, null);
    Eligibility e = Eligibility.of(m, withCollections(Holdings.NONE, m, false, true), true);
    assertThat(e.recognized()).containsExactly("Club");
    assertThat(e.earned()).isEmpty();
    assertThat(e.discount()).isZero();
    assertThat(e.verified()).isTrue();
    assertThat(e.carriesDiscount()).isFalse();
  }

  @Test
  void nothingHeld_isVerifiedFalseAndZero() {
    Merchant m = store(TWO_TOKENS, NFTS, null);
    Eligibility e = Eligibility.of(m, Holdings.NONE, false);
    assertThat(e.verified()).isFalse();
    assertThat(e.discount()).isZero();
    assertThat(e.discountIfProven()).isEmpty();
  }

  @Test
  void disabledTokensAndCollectionsEarnNothing() {
    Merchant m =
        store(
            "{'ownToken':" + evmToken("OWN", TOKEN_A, ",'enabled':false") + "}",
            "{'nftCollections':[{'name':'Pass','chainId':1,'contractAddress':'"
                + NFT
                + "','discount':15,'enabled':false}]}",
            null);
    Holdings h =
        new Holdings(
            Map.of(
                m.tokens().own().orElseThrow(),
                new Holdings.TokenHolding(new BigDecimal("5000"), false)),
            Map.of(m.nftCollections().get(0), true),
            Map.of());
    assertThat(Eligibility.of(m, h, true).discount()).isZero();
  }

  @Test
  void frozenHoldingEarnsNoTier() {
    Merchant m = store(TWO_TOKENS, null, null);
    Holdings h =
        new Holdings(
            Map.of(
                m.tokens().own().orElseThrow(),
                new Holdings.TokenHolding(new BigDecimal("5000"), true)),
            Map.of(),
            Map.of());
    assertThat(Eligibility.of(m, h, true).earned()).isEmpty();
  }

  @Test
  void unprovenCap_lowersAndReportsDiscountIfProven() {
    Merchant m = store(TWO_TOKENS, null, "{'maxUnprovenDiscount':5}");
    Holdings h = held(m, "OWN", "1000");
    Eligibility unproven = Eligibility.of(m, h, false);
    assertThat(unproven.discount()).isEqualTo(5);
    assertThat(unproven.fullDiscount()).isEqualTo(20);
    assertThat(unproven.discountIfProven()).contains(20);
    assertThat(unproven.walletProven()).isFalse();

    Eligibility proven = Eligibility.of(m, h, true);
    assertThat(proven.discount()).isEqualTo(20);
    assertThat(proven.discountIfProven()).isEmpty();

    Merchant zero = store(TWO_TOKENS, null, "{'maxUnprovenDiscount':0}");
    Eligibility none = Eligibility.of(zero, held(zero, "OWN", "1000"), false);
    assertThat(none.discount()).isZero();
    assertThat(none.verified()).isTrue();
    assertThat(none.discountIfProven()).contains(20);

    Merchant noLimit = store(TWO_TOKENS, null, null);
    assertThat(Eligibility.of(noLimit, held(noLimit, "OWN", "1000"), false).discount())
        .isEqualTo(20);
  }

  @Test
  void dailyLimit_onlyUnprovenOnlyWithDiscount() {
    Merchant m = store(TWO_TOKENS, null, "{'maxDiscountsPerWalletPerDay':2}");
    Settings s = m.settings();
    Eligibility unproven = Eligibility.of(m, held(m, "OWN", "10"), false);
    assertThat(unproven.limitedToday(s, 1)).isFalse();
    assertThat(unproven.limitedToday(s, 2)).isTrue();
    assertThat(Eligibility.of(m, held(m, "OWN", "10"), true).limitedToday(s, 50)).isFalse();
    assertThat(Eligibility.of(m, Holdings.NONE, false).limitedToday(s, 50)).isFalse();
    Merchant unlimited = store(TWO_TOKENS, null, null);
    assertThat(
            Eligibility.of(unlimited, held(unlimited, "OWN", "10"), false)
                .limitedToday(unlimited.settings(), 1000))
        .isFalse();
  }

  // --- the read plan: alsoOn, families, failures

  static final String ALSO_ON_TOKEN =
      "{'ownToken':{'symbol':'USDC','chainId':1,'contractAddress':'"
          + TOKEN_A
          + "','decimals':6,"
          + TIERS
          + ",'alsoOn':[{'chainId':8453,'contractAddress':'"
          + TOKEN_B
          + "'},{'chainId':'solana','contractAddress':'"
          + MINT
          + "'}]}}";

  static ChainObservation observed(Anchor anchor, Map<ChainRead<?>, Reading<?>> answers) {
    return new ChainObservation.Observed(anchor, Readings.of(answers));
  }

  static Anchor block(long n) {
    return new Anchor.EvmBlock(BigInteger.valueOf(n), NOW, AnchorTag.LATEST);
  }

  @Test
  void alsoOn_sumsExactlyAcrossNetworks_tierOnce() {
    Merchant m = store(ALSO_ON_TOKEN, null, null);
    DiscountWallets wallets =
        new DiscountWallets(Optional.of(WALLET), Optional.of(SOL_WALLET), Optional.empty());
    HoldingsPlan plan = HoldingsPlan.of(m, wallets);
    assertThat(plan.chains())
        .containsExactly(ChainId.evm(1), ChainId.evm(8453), ChainId.named("solana"));
    EvmAddress a = EvmAddress.of(TOKEN_A);
    EvmAddress b = EvmAddress.of(TOKEN_B);
    SolanaMint mint = SolanaMint.of(MINT);
    // 60 (6 decimals) + 30.000000000000000001 (18 decimals) + 10 (9 decimals) =
    // 100.000000000000000001
    Map<ChainId, ChainObservation> seen =
        Map.of(
            ChainId.evm(1),
            observed(
                block(10),
                Map.of(
                    new EvmRead.Erc20BalanceOf(a, WALLET),
                    new Reading.Value<>(BigInteger.valueOf(60_000_000)),
                    new EvmRead.Erc20Decimals(a),
                    new Reading.Value<>(TokenDecimals.of(6)))),
            ChainId.evm(8453),
            observed(
                block(20),
                Map.of(
                    new EvmRead.Erc20BalanceOf(b, WALLET),
                    new Reading.Value<>(new BigInteger("30000000000000000001")),
                    new EvmRead.Erc20Decimals(b),
                    new Reading.Value<>(TokenDecimals.of(18)))),
            ChainId.named("solana"),
            observed(
                new Anchor.SolanaSlot(7),
                Map.of(
                    new SolanaRead.TokenAmount(SOL_WALLET, mint),
                    new Reading.Value<>(BigInteger.valueOf(10_000_000_000L)),
                    new SolanaRead.MintDecimals(mint),
                    new Reading.Value<>(TokenDecimals.of(9)))));
    HoldingsPlan.Outcome outcome = plan.holdings(seen);
    assertThat(outcome).isInstanceOf(HoldingsPlan.Outcome.Read.class);
    Holdings h = ((HoldingsPlan.Outcome.Read) outcome).holdings();
    assertThat(h.of(m.tokens().own().orElseThrow()).amount())
        .isEqualByComparingTo("100.000000000000000001");
    assertThat(h.anchors()).hasSize(3);
    Eligibility e = Eligibility.of(m, h, true);
    assertThat(e.earned()).containsExactly(new Eligibility.Earned("USDC", "silver", 10));
  }

  @Test
  void alsoOn_oneFailedNetworkRefusesTheWholeCheck() {
    Merchant m = store(ALSO_ON_TOKEN, null, null);
    HoldingsPlan plan = HoldingsPlan.of(m, DiscountWallets.evm(WALLET));
    assertThat(plan.chains()).containsExactly(ChainId.evm(1), ChainId.evm(8453));
    EvmAddress a = EvmAddress.of(TOKEN_A);
    Map<ChainId, ChainObservation> seen = new HashMap<>();
    seen.put(
        ChainId.evm(1),
        observed(
            block(10),
            Map.of(
                new EvmRead.Erc20BalanceOf(a, WALLET),
                new Reading.Value<>(BigInteger.valueOf(999_000_000)),
                new EvmRead.Erc20Decimals(a),
                new Reading.Value<>(TokenDecimals.of(6)))));
    seen.put(ChainId.evm(8453), new ChainObservation.HeadUnavailable("down"));
    assertThat(plan.holdings(seen)).isInstanceOf(HoldingsPlan.Outcome.Incomplete.class);

    EvmAddress b = EvmAddress.of(TOKEN_B);
    seen.put(
        ChainId.evm(8453),
        observed(
            block(20),
            Map.of(
                new EvmRead.Erc20BalanceOf(b, WALLET),
                new Reading.Unreadable<>("timeout"),
                new EvmRead.Erc20Decimals(b),
                new Reading.Value<>(TokenDecimals.of(6)))));
    HoldingsPlan.Outcome outcome = plan.holdings(seen);
    assertThat(outcome).isInstanceOf(HoldingsPlan.Outcome.Incomplete.class);
    assertThat(((HoldingsPlan.Outcome.Incomplete) outcome).failures())
        .singleElement()
        .asString()
        .contains("USDC")
        .contains("8453")
        .doesNotContain(WALLET.lowercase());
  }

  @Test
  void xrplFrozenLine_readAndEarnsNothing() {
    Merchant m =
        store(
            "{'ownToken':{'symbol':'RLUSD','chainId':'xrpl','contractAddress':'"
                + ISSUER
                + "','currency':'USD','decimals':6,"
                + TIERS
                + "}}",
            null,
            null);
    DiscountWallets wallets =
        new DiscountWallets(Optional.empty(), Optional.empty(), Optional.of(XRPL_WALLET));
    HoldingsPlan plan = HoldingsPlan.of(m, wallets);
    XrplAddress issuer = XrplAddress.of(ISSUER);
    XrplRead.TrustLine line = new XrplRead.TrustLine(XRPL_WALLET, issuer, XrplCurrency.of("USD"));
    for (boolean frozenLine : List.of(true, false)) {
      Map<ChainId, ChainObservation> seen =
          Map.of(
              ChainId.named("xrpl"),
              observed(
                  new Anchor.XrplLedger(5, "AB"),
                  Map.of(
                      line,
                      new Reading.Value<>(new TrustLineHolding(new BigDecimal("5000"), frozenLine)),
                      new XrplRead.IssuerFrozen(issuer),
                      new Reading.Value<>(false))));
      Holdings h = ((HoldingsPlan.Outcome.Read) plan.holdings(seen)).holdings();
      assertThat(Eligibility.of(m, h, true).discount()).isEqualTo(frozenLine ? 0 : 20);
    }
  }

  @Test
  void walletsOfOtherFamiliesReadNothing() {
    Merchant m = store(ALSO_ON_TOKEN, NFTS, null);
    HoldingsPlan plan =
        HoldingsPlan.of(
            m, new DiscountWallets(Optional.empty(), Optional.empty(), Optional.of(XRPL_WALLET)));
    assertThat(plan.chains()).isEmpty();
    assertThat(plan.holdings(Map.of())).isInstanceOf(HoldingsPlan.Outcome.Read.class);
  }

  @Test
  void evmCollection_heldWhenBalanceIsPositive() {
    Merchant m = store(null, NFTS, null);
    HoldingsPlan plan = HoldingsPlan.of(m, DiscountWallets.evm(WALLET));
    EvmAddress pass = EvmAddress.of(NFT);
    EvmAddress club = EvmAddress.of(m.nftCollections().get(1).contractAddress());
    Map<ChainId, ChainObservation> seen =
        Map.of(
            ChainId.evm(1),
            observed(
                block(3),
                Map.of(
                    new EvmRead.Erc721BalanceOf(pass, WALLET),
                    new Reading.Value<>(BigInteger.TWO),
                    new EvmRead.Erc721BalanceOf(club, WALLET),
                    new Reading.Value<>(BigInteger.ZERO))));
    Holdings h = ((HoldingsPlan.Outcome.Read) plan.holdings(seen)).holdings();
    Eligibility e = Eligibility.of(m, h, true);
    assertThat(e.earned()).containsExactly(new Eligibility.Earned("Pass", "NFT", 15));
    assertThat(e.recognized()).isEmpty();
  }

  @Test
  void walletsAreRequiredAndKeyedPerFamily() {
    assertThatThrownBy(
            () -> new DiscountWallets(Optional.empty(), Optional.empty(), Optional.empty()))
        .isInstanceOf(ValidationException.class)
        .hasMessageContaining("wallet is required");
    DiscountWallets both =
        new DiscountWallets(Optional.of(WALLET), Optional.of(SOL_WALLET), Optional.empty());
    assertThat(both.keys())
        .containsExactly("evm:" + WALLET.lowercase(), "solana:" + SOL_WALLET.text());
  }
}
