package org.walletstate.application.commerce.port.in;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.DirectoryQuery;
import org.walletstate.domain.commerce.DiscountMode;
import org.walletstate.domain.commerce.Discounts;
import org.walletstate.domain.commerce.DomainName;
import org.walletstate.domain.commerce.DomainVerification;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.MerchantLimits;
import org.walletstate.domain.commerce.NewMerchant;
import org.walletstate.domain.commerce.NftCollection;
import org.walletstate.domain.commerce.RegistryEntry;
import org.walletstate.domain.commerce.RegistrySubmission;
import org.walletstate.domain.commerce.Settings;
import org.walletstate.domain.commerce.Tier;
import org.walletstate.domain.commerce.TokenConfig;
import org.walletstate.domain.commerce.TokenSet;
import org.walletstate.domain.commerce.UsdcPayment;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.request.RequestValue;

class MerchantRulesTest {

  static final String USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
  static final String USDC_ETH = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
  static final String USDC_SOL = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
  static final String XRPL_ISSUER = "rMwjYedjc7qqtKYVLiAccJSmCwih4LnE2q";

  static RequestValue.Obj j(String singleQuoted) {
    return Json.object(singleQuoted.replace('\'', '"'));
  }

  static String token(String symbol, Object chainId, String contract, String extra) {
    String chain = chainId instanceof String s ? "'" + s + "'" : chainId.toString();
    return "{'symbol':'"
        + symbol
        + "','chainId':"
        + chain
        + ",'contractAddress':'"
        + contract
        + "','decimals':6,'tiers':[{'name':'bronze','threshold':'10','discount':5},"
        + "{'name':'gold','threshold':'100.5','discount':'10.0'}]"
        + extra
        + "}";
  }

  static void refused(Runnable r, String mentions) {
    assertThatThrownBy(r::run)
        .isInstanceOf(ValidationException.class)
        .hasMessageContaining(mentions);
  }

  // --- onboarding -------------------------------------------------------------------------------

  @Test
  void newMerchant_readsTheBodyAndAppliesTheLengthRules() {
    NewMerchant m =
        CreateMerchantCommands.newMerchant(
            j("{'companyName':' Acme Shop ','companyId':'acme-1','location':'Berlin'}"));
    assertThat(m.id().value()).isEqualTo("acme-1");
    assertThat(m.companyName()).isEqualTo("Acme Shop");
    assertThat(m.location()).contains("Berlin");
    assertThat(m.allowDuplicateName()).isFalse();
    refused(
        () -> CreateMerchantCommands.newMerchant(j("{'companyId':'acme'}")),
        "companyName is required");
    refused(
        () -> CreateMerchantCommands.newMerchant(j("{'companyName':'a','companyId':'x'}")),
        "companyId");
    refused(
        () ->
            CreateMerchantCommands.newMerchant(
                j("{'companyName':'a','companyId':'" + "x".repeat(51) + "'}")),
        "companyId");
    refused(
        () -> CreateMerchantCommands.newMerchant(j("{'companyName':'a','companyId':'a b'}")),
        "companyId");
    refused(
        () ->
            CreateMerchantCommands.newMerchant(
                j("{'companyName':'" + "n".repeat(101) + "','companyId':'ab'}")),
        "at most 100");
    refused(
        () ->
            CreateMerchantCommands.newMerchant(
                j("{'companyName':'n','companyId':'ab','location':'" + "l".repeat(201) + "'}")),
        "at most 200");
    refused(
        () ->
            CreateMerchantCommands.newMerchant(
                j("{'companyName':'n','companyId':'ab','allowDuplicateName':1}")),
        "allowDuplicateName must be a boolean");
    assertThat(new CompanyId("AcMe").key()).isEqualTo("acme");
    assertThat(NewMerchant.nameKey("  Acme   Shop ")).isEqualTo("acme shop");
  }

  // --- tokens -----------------------------------------------------------------------------------

  @Test
  void tokens_wholeDiscountsFrom1To50_digitStringsWithZeroFractionAccepted() {
    TokenSet set =
        ConfigureMerchantCommands.tokens(
                j("{'ownToken':" + token("USDC", 8453, USDC_BASE, "") + "}"))
            .applyTo(TokenSet.NONE);
    assertThat(set.own().orElseThrow().tiers()).extracting(Tier::discount).containsExactly(5, 10);
    for (String bad : new String[] {"10.5", "0", "51", "'10.5'", "'abc'", "-1", "true"}) {
      refused(
          () ->
              ConfigureMerchantCommands.tokens(
                  j(
                      "{'ownToken':{'symbol':'A','chainId':1,'contractAddress':'"
                          + USDC_ETH
                          + "','decimals':6,'tiers':[{'name':'t','threshold':'1','discount':"
                          + bad
                          + "}]}}")),
          "ownToken.tiers[0].discount");
    }
  }

  @Test
  void tokens_tiersAscend_decimals0To18_nativeOnlyWith18OnEvm() {
    refused(
        () ->
            ConfigureMerchantCommands.tokens(
                j(
                    "{'ownToken':{'symbol':'A','chainId':1,'contractAddress':'"
                        + USDC_ETH
                        + "','decimals':6,'tiers':[{'name':'a','threshold':'10','discount':5},"
                        + "{'name':'b','threshold':'10','discount':6}]}}")),
        "ascending threshold order");
    refused(
        () ->
            ConfigureMerchantCommands.tokens(
                j(
                    "{'ownToken':{'symbol':'A','chainId':1,'contractAddress':'"
                        + USDC_ETH
                        + "','decimals':19,'tiers':[]}}")),
        "ownToken.decimals");
    refused(
        () ->
            ConfigureMerchantCommands.tokens(
                j(
                    "{'ownToken':{'symbol':'E','chainId':1,'contractAddress':'native','decimals':6}}")),
        "18 decimals");
    TokenSet ok =
        ConfigureMerchantCommands.tokens(
                j(
                    "{'ownToken':{'symbol':'E','chainId':1,'contractAddress':'native','decimals':18}}"))
            .applyTo(TokenSet.NONE);
    assertThat(ok.own().orElseThrow().contractAddress()).isEqualTo("native");
  }

  @Test
  void tokens_nonMerchantChainsAreRefused_andAddressesFollowTheAttestRules() {
    for (String chain : new String[] {"bitcoin", "tron", "stellar", "sui"}) {
      refused(
          () ->
              ConfigureMerchantCommands.tokens(
                  j("{'ownToken':" + token("A", chain, "native", "") + "}")),
          "not allowed for merchant configuration");
    }
    refused(
        () ->
            ConfigureMerchantCommands.tokens(
                j("{'ownToken':" + token("A", 1284, USDC_ETH, "") + "}")),
        "retired");
    refused(
        () ->
            ConfigureMerchantCommands.tokens(
                j("{'ownToken':" + token("A", "solana", "0xabc", "") + "}")),
        "ownToken.contractAddress");
    refused(
        () ->
            ConfigureMerchantCommands.tokens(
                j(
                    "{'ownToken':"
                        + token("A", "xrpl", XRPL_ISSUER.replace('M', 'N'), ",'currency':'USD'")
                        + "}")),
        "ownToken.contractAddress");
    refused(
        () ->
            ConfigureMerchantCommands.tokens(
                j("{'ownToken':" + token("A", "xrpl", XRPL_ISSUER, "") + "}")),
        "ownToken.currency is required");
    refused(
        () ->
            ConfigureMerchantCommands.tokens(
                j("{'ownToken':" + token("A", "xrpl", XRPL_ISSUER, ",'currency':'XRP'") + "}")),
        "ownToken.currency");
    refused(
        () ->
            ConfigureMerchantCommands.tokens(
                j("{'ownToken':" + token("A", 1, USDC_ETH, ",'currency':'USD'") + "}")),
        "XRP Ledger");
    TokenConfig xrpl =
        ConfigureMerchantCommands.tokens(
                j("{'ownToken':" + token("A", "xrpl", XRPL_ISSUER, ",'currency':'Dollary'") + "}"))
            .applyTo(TokenSet.NONE)
            .own()
            .orElseThrow();
    assertThat(xrpl.currency()).contains("Dollary");
    TokenConfig sol =
        ConfigureMerchantCommands.tokens(
                j("{'ownToken':" + token("S", "solana", USDC_SOL, "") + "}"))
            .applyTo(TokenSet.NONE)
            .own()
            .orElseThrow();
    assertThat(sol.contractAddress()).isEqualTo(USDC_SOL);
    refused(
        () ->
            ConfigureMerchantCommands.tokens(
                j(
                    "{'ownToken':"
                        + token("A", 1, USDC_ETH.toLowerCase().replace("0xa0", "0xA0"), "")
                        + "}")),
        "checksum");
  }

  @Test
  void tokens_atMostEightInTotal() {
    StringBuilder partners = new StringBuilder("[");
    String[] evm = {"1", "56", "8453", "43114", "137", "42161", "10", "100"};
    for (int i = 0; i < 8; i++) {
      partners.append(i == 0 ? "" : ",").append(token("P" + i, evm[i], USDC_ETH, ""));
    }
    partners.append("]");
    TokenSet eight =
        ConfigureMerchantCommands.tokens(j("{'partnerTokens':" + partners + "}"))
            .applyTo(TokenSet.NONE);
    assertThat(eight.total()).isEqualTo(8);
    refused(
        () ->
            ConfigureMerchantCommands.tokens(
                    j("{'ownToken':" + token("O", 5000, USDC_ETH, "") + "}"))
                .applyTo(eight),
        "at most 8 tokens");
  }

  @Test
  void alsoOn_upToNine_evmAndSolana_noNetworkTwice_noNetworkOfAnotherToken() {
    String also =
        ",'alsoOn':[{'chainId':1,'contractAddress':'"
            + USDC_ETH
            + "'},{'chainId':'solana','contractAddress':'"
            + USDC_SOL
            + "'}]";
    TokenSet set =
        ConfigureMerchantCommands.tokens(
                j("{'ownToken':" + token("USDC", 8453, USDC_BASE, also) + "}"))
            .applyTo(TokenSet.NONE);
    assertThat(set.own().orElseThrow().alsoOn()).hasSize(2);
    assertThat(set.total()).isEqualTo(1);
    refused(
        () ->
            ConfigureMerchantCommands.tokens(
                j(
                    "{'ownToken':"
                        + token(
                            "USDC",
                            8453,
                            USDC_BASE,
                            ",'alsoOn':[{'chainId':1,'contractAddress':'"
                                + USDC_ETH
                                + "'},{'chainId':1,'contractAddress':'native'}]")
                        + "}")),
        "listed twice");
    refused(
        () ->
            ConfigureMerchantCommands.tokens(
                j(
                    "{'ownToken':"
                        + token(
                            "USDC",
                            8453,
                            USDC_BASE,
                            ",'alsoOn':[{'chainId':8453,'contractAddress':'native'}]")
                        + "}")),
        "listed twice");
    refused(
        () ->
            ConfigureMerchantCommands.tokens(
                j(
                    "{'ownToken':"
                        + token(
                            "USDC",
                            8453,
                            USDC_BASE,
                            ",'alsoOn':[{'chainId':'xrpl','contractAddress':'"
                                + XRPL_ISSUER
                                + "'}]")
                        + "}")),
        "EVM and Solana");
    refused(
        () ->
            ConfigureMerchantCommands.tokens(
                    j(
                        "{'ownToken':"
                            + token("USDC", 8453, USDC_BASE, also)
                            + ",'partnerTokens':["
                            + token("X", 1, USDC_ETH, "")
                            + "]}"))
                .applyTo(TokenSet.NONE),
        "already lists");
    StringBuilder ten = new StringBuilder(",'alsoOn':[");
    String[] evm = {"1", "56", "43114", "137", "42161", "10", "100", "5000", "534352", "59144"};
    for (int i = 0; i < 10; i++) {
      ten.append(i == 0 ? "" : ",").append("{'chainId':" + evm[i] + ",'contractAddress':'native'}");
    }
    ten.append("]");
    refused(
        () ->
            ConfigureMerchantCommands.tokens(
                j("{'ownToken':" + token("U", 8453, USDC_BASE, ten.toString()) + "}")),
        "at most 9");
  }

  @Test
  void ownToken_nullRemoves_enabledFalseSwitchesOffAndKeepsTheConfiguration() {
    TokenSet set =
        ConfigureMerchantCommands.tokens(
                j("{'ownToken':" + token("USDC", 8453, USDC_BASE, "") + "}"))
            .applyTo(TokenSet.NONE);
    TokenSet off =
        ConfigureMerchantCommands.tokens(j("{'ownToken':{'enabled':false}}")).applyTo(set);
    assertThat(off.own().orElseThrow().enabled()).isFalse();
    assertThat(off.enabled()).isEmpty();
    TokenSet on = ConfigureMerchantCommands.tokens(j("{'ownToken':{'enabled':true}}")).applyTo(off);
    assertThat(on).isEqualTo(set);
    assertThat(ConfigureMerchantCommands.tokens(j("{'ownToken':null}")).applyTo(set).own())
        .isEmpty();
    refused(
        () -> ConfigureMerchantCommands.tokens(j("{'ownToken':{'enabled':'no'}}")),
        "enabled must be a boolean");
    refused(
        () -> ConfigureMerchantCommands.tokens(j("{}")), "send ownToken, partnerTokens or both");
    TokenSet partnersKept =
        ConfigureMerchantCommands.tokens(
                j("{'partnerTokens':[" + token("P", 1, USDC_ETH, "") + "]}"))
            .applyTo(set);
    assertThat(partnersKept.own()).isEqualTo(set.own());
    assertThat(partnersKept.partners()).hasSize(1);
  }

  @Test
  void tokenWire_roundTripsThroughTheParser() {
    TokenConfig t =
        ConfigureMerchantCommands.tokens(
                j(
                    "{'ownToken':"
                        + token(
                            "USDC",
                            8453,
                            USDC_BASE,
                            ",'name':'USD Coin','logo':'https://x.example/u.png','alsoOn':[{'chainId':'solana','contractAddress':'"
                                + USDC_SOL
                                + "'}]")
                        + "}"))
            .applyTo(TokenSet.NONE)
            .own()
            .orElseThrow();
    assertThat(t.wire(true)).containsKeys("alsoOn", "tiers", "enabled");
    assertThat(t.wire(false)).doesNotContainKey("alsoOn");
  }

  // --- NFTs -------------------------------------------------------------------------------------

  @Test
  void nfts_atMostFour_recognitionNeedsNoDiscount_taxonOnlyOnXrpl() {
    String evm = "{'name':'Punks','contractAddress':'" + USDC_ETH + "','chainId':1,'discount':15}";
    List<NftCollection> list =
        ConfigureMerchantCommands.nfts(
            j(
                "{'nftCollections':["
                    + evm
                    + ",{'name':'Club','contractAddress':'"
                    + XRPL_ISSUER
                    + "','chainId':'xrpl','benefitType':'recognition','taxon':'7'}]}"));
    assertThat(list.get(0).discount()).contains(15);
    assertThat(list.get(1).discount()).isEmpty();
    assertThat(list.get(1).taxon()).contains(7L);
    refused(
        () ->
            ConfigureMerchantCommands.nfts(
                j(
                    "{'nftCollections':["
                        + String.join(",", List.of(evm, evm, evm, evm, evm))
                        + "]}")),
        "at most 4");
    refused(
        () ->
            ConfigureMerchantCommands.nfts(
                j(
                    "{'nftCollections':[{'name':'a','contractAddress':'"
                        + USDC_ETH
                        + "','chainId':1}]}")),
        "nftCollections[0].discount is required");
    refused(
        () ->
            ConfigureMerchantCommands.nfts(
                j(
                    "{'nftCollections':[{'name':'a','contractAddress':'"
                        + USDC_ETH
                        + "','chainId':1,'discount':5,'taxon':1}]}")),
        "XRP Ledger collections only");
    refused(
        () ->
            ConfigureMerchantCommands.nfts(
                j(
                    "{'nftCollections':[{'name':'a','contractAddress':'native','chainId':1,'discount':5}]}")),
        "native is not allowed");
    refused(
        () ->
            ConfigureMerchantCommands.nfts(
                j(
                    "{'nftCollections':[{'name':'"
                        + "n".repeat(51)
                        + "','contractAddress':'"
                        + USDC_ETH
                        + "','chainId':1,'discount':5}]}")),
        "at most 50");
    refused(
        () ->
            ConfigureMerchantCommands.nfts(
                j(
                    "{'nftCollections':[{'name':'a','contractAddress':'"
                        + USDC_ETH
                        + "','chainId':1,'discount':5,'benefitType':'cash'}]}")),
        "discount or recognition");
    refused(() -> ConfigureMerchantCommands.nfts(j("{}")), "nftCollections is required");
  }

  // --- settings and pause -----------------------------------------------------------------------

  @Test
  void settings_needAtLeastOneField_andCheckEachRange() {
    refused(() -> ConfigureMerchantCommands.settings(j("{}")), "at least one of");
    refused(
        () -> ConfigureMerchantCommands.settings(j("{'discountMode':'lowest'}")),
        "highest, stack, capped");
    refused(() -> ConfigureMerchantCommands.settings(j("{'discountCap':101}")), "discountCap");
    refused(() -> ConfigureMerchantCommands.settings(j("{'discountCap':0}")), "discountCap");
    refused(
        () -> ConfigureMerchantCommands.settings(j("{'maxDiscountsPerWalletPerDay':0}")),
        "1 to 100");
    refused(() -> ConfigureMerchantCommands.settings(j("{'maxUnprovenDiscount':101}")), "0 to 100");
    refused(
        () -> ConfigureMerchantCommands.settings(j("{'paused':'yes'}")),
        "paused must be a boolean");
    refused(
        () -> ConfigureMerchantCommands.settings(j("{'usdcPayment':{'enabled':true}}")),
        "needs evmAddress");
    refused(
        () ->
            ConfigureMerchantCommands.settings(
                j("{'usdcPayment':{'evmAddress':'" + USDC_ETH + "','preferredChainId':'solana'}}")),
        "no receiving address");
    refused(
        () ->
            ConfigureMerchantCommands.settings(
                j("{'usdcPayment':{'evmAddress':'" + USDC_ETH + "','preferredChainId':100}}")),
        "not a payment chain");
    Settings s =
        Settings.DEFAULTS.apply(
            ConfigureMerchantCommands.settings(
                j(
                    "{'discountMode':'capped','discountCap':30,'maxDiscountsPerWalletPerDay':3,"
                        + "'maxUnprovenDiscount':0,'usdcPayment':{'evmAddress':'"
                        + USDC_ETH
                        + "','preferredChainId':8453}}")),
            Instant.EPOCH);
    assertThat(s.discountMode()).isEqualTo(DiscountMode.CAPPED);
    assertThat(s.discountCap()).isEqualTo(30);
    assertThat(s.maxDiscountsPerWalletPerDay()).contains(3);
    assertThat(s.maxUnprovenDiscount()).contains(0);
    assertThat(s.usdcPayment().enabled()).isTrue();
    Settings cleared =
        s.apply(
            ConfigureMerchantCommands.settings(
                j("{'maxDiscountsPerWalletPerDay':null,'usdcPayment':null}")),
            Instant.EPOCH);
    assertThat(cleared.maxDiscountsPerWalletPerDay()).isEmpty();
    assertThat(cleared.maxUnprovenDiscount()).contains(0);
    assertThat(cleared.usdcPayment()).isEqualTo(UsdcPayment.OFF);
  }

  @Test
  void paidCodesFromOtherKeys_defaultTo200_takeZeroTo100000_andNullRestoresTheDefault() {
    assertThat(Settings.DEFAULTS.paidCodesFromOtherKeysPerDay()).isEqualTo(200);
    refused(
        () -> ConfigureMerchantCommands.settings(j("{'maxPaidCodesFromOtherKeysPerDay':-1}")),
        "0 to 100000");
    refused(
        () -> ConfigureMerchantCommands.settings(j("{'maxPaidCodesFromOtherKeysPerDay':100001}")),
        "0 to 100000");
    refused(
        () -> ConfigureMerchantCommands.settings(j("{'maxPaidCodesFromOtherKeysPerDay':'many'}")),
        "null for the default of 200");
    Settings none =
        Settings.DEFAULTS.apply(
            ConfigureMerchantCommands.settings(j("{'maxPaidCodesFromOtherKeysPerDay':0}")),
            Instant.EPOCH);
    assertThat(none.paidCodesFromOtherKeysPerDay()).isZero();
    Settings back =
        none.apply(
            ConfigureMerchantCommands.settings(j("{'maxPaidCodesFromOtherKeysPerDay':null}")),
            Instant.EPOCH);
    assertThat(back.maxPaidCodesFromOtherKeysPerDay()).isEmpty();
    assertThat(back.paidCodesFromOtherKeysPerDay()).isEqualTo(200);
  }

  @Test
  void pauseAndResume_restoreEverythingAsItWas() {
    Settings configured =
        Settings.DEFAULTS.apply(
            ConfigureMerchantCommands.settings(
                j("{'discountMode':'stack','maxUnprovenDiscount':5}")),
            Instant.EPOCH);
    Instant t1 = Instant.parse("2026-11-25T10:00:00Z");
    Settings paused =
        configured.apply(ConfigureMerchantCommands.settings(j("{'paused':true}")), t1);
    assertThat(paused.paused()).isTrue();
    assertThat(paused.pausedAt()).contains(t1);
    Settings again =
        paused.apply(ConfigureMerchantCommands.settings(j("{'paused':true}")), t1.plusSeconds(60));
    assertThat(again.pausedAt()).as("pausing a paused store keeps its start").contains(t1);
    Settings resumed =
        again.apply(ConfigureMerchantCommands.settings(j("{'paused':false}")), t1.plusSeconds(120));
    assertThat(resumed).isEqualTo(configured);
  }

  @Test
  void discountModes_combineEarnedDiscounts() {
    List<Integer> earned = List.of(10, 25, 40);
    assertThat(Discounts.combine(earned, DiscountMode.HIGHEST, 100)).isEqualTo(40);
    assertThat(Discounts.combine(earned, DiscountMode.STACK, 100)).isEqualTo(75);
    assertThat(Discounts.combine(earned, DiscountMode.CAPPED, 30)).isEqualTo(30);
    assertThat(Discounts.combine(List.of(50, 50, 50), DiscountMode.STACK, 100)).isEqualTo(100);
    assertThat(Discounts.combine(List.of(), DiscountMode.HIGHEST, 100)).isZero();
    assertThat(Discounts.unproven(40, 15)).isEqualTo(15);
    assertThat(Discounts.unproven(40, null)).isEqualTo(40);
  }

  // --- domain verification ----------------------------------------------------------------------

  @Test
  void domainNames_withoutProtocolPortPathOrIp() {
    assertThat(DomainName.parse("Shop.Example.COM.").value()).isEqualTo("shop.example.com");
    refused(() -> DomainName.parse("https://shop.example.com"), "without a protocol");
    for (String bad :
        new String[] {
          "localhost",
          "shop.example.com:443",
          "shop.example.com/x",
          "10.0.0.1",
          "-a.com",
          "a..com",
          ""
        }) {
      refused(() -> DomainName.parse(bad), "domain must be");
    }
  }

  @Test
  void verification_eachPostRegeneratesTheToken_andOnlyTheCurrentTokenVerifies() {
    Instant now = Instant.parse("2026-11-25T10:00:00Z");
    DomainName shop = DomainName.parse("shop.example.com");
    DomainVerification issued = DomainVerification.NONE.issue(shop, "t1");
    assertThat(issued.status()).isEqualTo(DomainVerification.Status.TOKEN_ISSUED);
    DomainVerification reissued = issued.issue(shop, "t2");
    assertThat(reissued.found("t1", DomainVerification.Method.DNS, now)).isEmpty();
    DomainVerification verified =
        reissued.found("t2", DomainVerification.Method.META, now).orElseThrow();
    assertThat(verified.verified()).isTrue();
    assertThat(verified.method()).contains(DomainVerification.Method.META);
    assertThat(DomainVerification.NONE.found("t2", DomainVerification.Method.DNS, now)).isEmpty();
    assertThat(DomainVerification.NONE.byPartner(shop, now).method())
        .contains(DomainVerification.Method.PARTNER);
  }

  @Test
  void verificationChecks_areLimitedPerWindow_withRetryAfter() {
    Instant now = Instant.parse("2026-11-25T10:00:00Z");
    DomainVerification v = DomainVerification.NONE.issue(DomainName.parse("a.example"), "t");
    for (int i = DomainVerification.MAX_CHECKS - 1; i >= 0; i--) {
      var admitted = (DomainVerification.Admission.Admitted) v.admit(now.plusSeconds(10));
      assertThat(admitted.remaining()).isEqualTo(i);
      v = admitted.after();
    }
    var limited = (DomainVerification.Admission.Limited) v.admit(now.plusSeconds(20));
    assertThat(limited.retryAfterSeconds()).isEqualTo(Duration.ofHours(1).toSeconds() - 10);
    assertThat(v.admit(now.plus(Duration.ofHours(1)).plusSeconds(10)))
        .isInstanceOf(DomainVerification.Admission.Admitted.class);
  }

  // --- directory --------------------------------------------------------------------------------

  @Test
  void directoryQuery_defaultsAndBounds() {
    DirectoryQuery q = MerchantQueryCommands.directory(null, null, null, null);
    assertThat(q.limit()).isEqualTo(50);
    assertThat(q.offset()).isZero();
    assertThat(MerchantQueryCommands.directory("usdc", "true", "200", "0").verified())
        .contains(true);
    refused(
        () -> MerchantQueryCommands.directory(null, null, "201", null),
        "limit must be an integer from 1 to 200");
    refused(() -> MerchantQueryCommands.directory(null, null, "0", null), "limit");
    refused(() -> MerchantQueryCommands.directory(null, null, "-1", null), "limit");
    refused(() -> MerchantQueryCommands.directory(null, null, null, "x"), "offset");
    refused(
        () -> MerchantQueryCommands.directory(null, "yes", null, null),
        "verified must be true or false");
  }

  @Test
  void partnerProvisionedStores_needAVerifiedDomainBeforePublishing() {
    NewMerchant request =
        CreateMerchantCommands.newMerchant(j("{'companyName':'P','companyId':'p1'}"));
    Merchant partner = Merchant.create(request, 1, true, Instant.EPOCH);
    assertThat(partner.publishRefusal()).isPresent();
    assertThatThrownBy(() -> partner.withListed(true)).isInstanceOf(IllegalStateException.class);
    Merchant verified =
        partner.withVerification(
            DomainVerification.NONE.byPartner(DomainName.parse("p.example"), Instant.EPOCH));
    assertThat(verified.withListed(true).listed()).isTrue();
    Merchant plain = Merchant.create(request, 1, false, Instant.EPOCH);
    assertThat(plain.withListed(true).listed()).isTrue();
    assertThat(plain.withListed(true).withListed(false).listed()).isFalse();
    assertThat(MerchantLimits.forKey(false)).isEqualTo(MerchantLimits.PER_KEY);
  }

  // --- registry ---------------------------------------------------------------------------------

  @Test
  void registrySubmission_rulesAndProvenance() {
    RegistrySubmission s =
        TokenRegistryCommands.submission(
            j(
                "{'chainId':8453,'contractAddress':'"
                    + USDC_BASE.toLowerCase()
                    + "','type':'token','symbol':'USDC','decimals':6}"));
    assertThat(s.source()).isEqualTo("api");
    assertThat(s.contractAddress()).isEqualTo(USDC_BASE);
    assertThat(s.registryAddress()).isEqualTo(USDC_BASE.toLowerCase());
    RegistrySubmission x =
        TokenRegistryCommands.submission(
            j(
                "{'chainId':'xrpl','contractAddress':'"
                    + XRPL_ISSUER
                    + "','type':'token','symbol':'USD','decimals':6,'currency':'USD','source':'partner:acme'}"));
    assertThat(x.registryAddress()).isEqualTo(XRPL_ISSUER + ".USD");
    refused(
        () ->
            TokenRegistryCommands.submission(
                j(
                    "{'chainId':'tron','contractAddress':'native','type':'token','symbol':'T','decimals':6}")),
        "not allowed for merchant configuration");
    refused(
        () ->
            TokenRegistryCommands.submission(
                j("{'chainId':1,'contractAddress':'" + USDC_ETH + "','type':'coin','symbol':'T'}")),
        "type must be token or nft");
    refused(
        () ->
            TokenRegistryCommands.submission(
                j(
                    "{'chainId':1,'contractAddress':'"
                        + USDC_ETH
                        + "','type':'token','symbol':'T'}")),
        "decimals is required");
    refused(
        () ->
            TokenRegistryCommands.submission(
                j(
                    "{'chainId':1,'contractAddress':'"
                        + USDC_ETH
                        + "','type':'nft','symbol':'T','source':'Bad Tag'}")),
        "provenance tag");
    assertThat(TokenRegistryCommands.query("8453", "usdc", "token").chain()).isPresent();
    refused(() -> TokenRegistryCommands.query("1284", null, null), "retired");
    assertThat(Optional.of(RegistryEntry.Status.PENDING.wireName())).contains("pending");
  }
}
