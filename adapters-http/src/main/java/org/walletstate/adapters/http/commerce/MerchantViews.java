package org.walletstate.adapters.http.commerce;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.walletstate.application.commerce.port.in.MerchantQueries;
import org.walletstate.application.commerce.port.in.ScannersUseCase;
import org.walletstate.domain.commerce.DomainVerification;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.NftCollection;
import org.walletstate.domain.commerce.Scanner;
import org.walletstate.domain.commerce.Settings;
import org.walletstate.domain.commerce.Tier;
import org.walletstate.domain.commerce.TokenConfig;
import org.walletstate.domain.commerce.TokenSet;
import org.walletstate.domain.payload.Timestamps;

/** The response bodies of the merchant endpoints, member order as documented. */
public final class MerchantViews {

  private MerchantViews() {}

  /** {@code POST /v1/merchants}. */
  static Map<String, Object> created(Merchant m, long credits) {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("id", m.id().value());
    v.put("companyName", m.companyName());
    v.put("credits", credits);
    v.put("apiAccessEnabled", true);
    return v;
  }

  /**
   * {@code GET /v1/merchants/{id}/status}: every merchant field, tokens with alsoOn, the owner
   * key's credits and the codes the store issued since 00:00 UTC.
   */
  static Map<String, Object> status(MerchantQueries.Owned owned) {
    Merchant m = owned.merchant();
    Map<String, Object> v = named(m, "companyName");
    v.put("credits", owned.credits());
    v.put("codesIssuedToday", owned.codesIssuedToday());
    v.put("apiAccessEnabled", true);
    v.put("createdAt", Timestamps.iso(m.createdAt()));
    settings(v, m.settings());
    v.put("maxPaidCodesFromOtherKeysPerDay", m.settings().paidCodesFromOtherKeysPerDay());
    v.put("listedInDirectory", m.listed());
    v.put("ownToken", m.tokens().own().map(t -> t.wire(true)).orElse(null));
    v.put("partnerTokens", m.tokens().partners().stream().map(t -> t.wire(true)).toList());
    v.put("nftCollections", m.nftCollections().stream().map(NftCollection::wire).toList());
    v.put("usdcPayment", m.settings().usdcPayment().wire());
    v.put("verification", verification(m.verification()));
    v.put("paused", m.paused());
    v.put("pausedAt", m.settings().pausedAt().map(Timestamps::iso).orElse(null));
    v.put("walletTerms", walletTerms(m.settings()));
    return v;
  }

  /**
   * {@code GET /v1/merchants/{id}}: public details; switched-off tokens and collections left out.
   */
  public static Map<String, Object> publicView(Merchant m) {
    Map<String, Object> v = named(m, "companyName");
    v.put("createdAt", Timestamps.iso(m.createdAt()));
    settings(v, m.settings());
    v.put("listedInDirectory", m.listed());
    v.put(
        "ownToken",
        m.tokens().own().filter(TokenConfig::enabled).map(t -> t.wire(false)).orElse(null));
    v.put(
        "partnerTokens",
        m.tokens().partners().stream()
            .filter(TokenConfig::enabled)
            .map(t -> t.wire(false))
            .toList());
    v.put("nftCollections", m.enabledCollections().stream().map(NftCollection::wire).toList());
    v.put("usdcPayment", m.settings().usdcPayment().wire());
    v.put("verification", verification(m.verification()));
    v.put("walletTerms", walletTerms(m.settings()));
    return v;
  }

  /** The first members of every view of a store: who and where it is (its name as {@code key}). */
  private static Map<String, Object> named(Merchant m, String key) {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("id", m.id().value());
    v.put(key, m.companyName());
    v.put("location", m.location().orElse(null));
    return v;
  }

  /** One entry of {@code GET /v1/merchants}. */
  public static Map<String, Object> directoryEntry(Merchant m) {
    Map<String, Object> v = named(m, "name");
    List<Map<String, Object>> accepted = new ArrayList<>();
    List<Map<String, Object>> tiers = new ArrayList<>();
    for (TokenConfig t : m.tokens().enabled()) {
      Map<String, Object> token = new LinkedHashMap<>();
      token.put("symbol", t.symbol());
      token.put("chainId", t.chain().id().wireValue());
      token.put("contractAddress", t.contractAddress());
      t.currency().ifPresent(c -> token.put("currency", c));
      accepted.add(token);
      for (Tier tier : t.tiers()) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("symbol", t.symbol());
        row.putAll(tier.wire());
        tiers.add(row);
      }
    }
    v.put("acceptedTokens", accepted);
    v.put("tiers", tiers);
    v.put(
        "nftCollections", m.enabledCollections().stream().map(MerchantViews::collection).toList());
    v.put("verified", m.verification().verified());
    v.put("walletTerms", walletTerms(m.settings()));
    return v;
  }

  /** {@code PUT tokens}. */
  static Map<String, Object> tokens(TokenSet set) {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("ownToken", set.own().map(MerchantViews::tokenSummary).orElse(null));
    v.put("partnerTokens", set.partners().stream().map(MerchantViews::tokenSummary).toList());
    v.put("totalTokens", set.total());
    v.put("maxTokens", TokenSet.MAX_TOKENS);
    return v;
  }

  private static Map<String, Object> collection(NftCollection c) {
    Map<String, Object> n = new LinkedHashMap<>();
    n.put("name", c.name());
    n.put("chainId", c.chain().id().wireValue());
    n.put("discount", c.discount().orElse(null));
    return n;
  }

  private static Map<String, Object> tokenSummary(TokenConfig t) {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("symbol", t.symbol());
    v.put("tiersConfigured", t.tiers().size());
    return v;
  }

  /** {@code PUT nfts}. */
  static Map<String, Object> nfts(List<NftCollection> list) {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("nftCollections", list.stream().map(MerchantViews::collection).toList());
    v.put("totalCollections", list.size());
    v.put("maxCollections", NftCollection.MAX_COLLECTIONS);
    return v;
  }

  /** {@code PUT settings}. */
  static Map<String, Object> settingsAnswer(Settings s) {
    Map<String, Object> v = new LinkedHashMap<>();
    settings(v, s);
    v.put("maxPaidCodesFromOtherKeysPerDay", s.paidCodesFromOtherKeysPerDay());
    v.put("usdcPayment", Map.of("enabled", s.usdcPayment().enabled()));
    return v;
  }

  /** A page of {@code GET /v1/merchants} and of the MCP tool {@code list_merchants}. */
  static Map<String, Object> directoryPage(MerchantQueries.Directory page) {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("merchants", page.merchants().stream().map(MerchantViews::directoryEntry).toList());
    v.put("total", page.total());
    v.put("limit", page.query().limit());
    v.put("offset", page.query().offset());
    return v;
  }

  /** {@code POST directory}. */
  static Map<String, Object> directory(Merchant m) {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("id", m.id().value());
    v.put("published", m.listed());
    v.put("tokensListed", m.tokens().enabled().size());
    v.put("nftCollectionsListed", m.enabledCollections().size());
    return v;
  }

  static Map<String, Object> verification(DomainVerification d) {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("status", d.status().wireName());
    v.put("domain", d.domain().map(Object::toString).orElse(null));
    return v;
  }

  private static void settings(Map<String, Object> v, Settings s) {
    v.put("discountMode", s.discountMode().wireName());
    v.put("discountCap", s.discountCap());
    v.put("maxDiscountsPerWalletPerDay", s.maxDiscountsPerWalletPerDay().orElse(null));
    v.put("maxUnprovenDiscount", s.maxUnprovenDiscount().orElse(null));
  }

  /**
   * What a wallet can expect: the two limits that apply to wallets sent without proof of control; a
   * proven wallet is never limited.
   */
  static Map<String, Object> walletTerms(Settings s) {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("maxDiscountsPerWalletPerDay", s.maxDiscountsPerWalletPerDay().orElse(null));
    v.put("maxUnprovenDiscount", s.maxUnprovenDiscount().orElse(null));
    v.put("provenWalletsUnlimited", true);
    return v;
  }

  /** One scanner, never its PIN. */
  static Map<String, Object> scanner(Scanner scanner) {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("scannerId", scanner.id());
    v.put("label", scanner.label().orElse(null));
    v.put("createdAt", Timestamps.iso(scanner.createdAt()));
    v.put("lastLoginAt", scanner.lastLoginAt().map(Timestamps::iso).orElse(null));
    return v;
  }

  static Map<String, Object> scannerAdded(Scanner added) {
    Map<String, Object> v = scanner(added);
    v.put("limit", Scanner.PER_MERCHANT);
    return v;
  }

  static Map<String, Object> scannerList(ScannersUseCase.Listed listed) {
    List<Scanner> scanners = listed.scanners();
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("scanners", scanners.stream().map(MerchantViews::scanner).toList());
    v.put("count", scanners.size());
    v.put("limit", Scanner.PER_MERCHANT);
    v.put("lockoutAlertedAt", listed.lockoutAlertedAt().map(Timestamps::iso).orElse(null));
    return v;
  }
}
