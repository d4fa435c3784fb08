package org.walletstate.adapters.http.commerce;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.walletstate.application.commerce.port.in.DiscountEligibilityUseCase.EligibilityOutcome.Computed;
import org.walletstate.application.commerce.port.in.IssueDiscountUseCase.IssueOutcome;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.commerce.discount.DiscountRequest;
import org.walletstate.domain.commerce.discount.Eligibility;
import org.walletstate.domain.commerce.discount.IssuedCode;
import org.walletstate.domain.commerce.discount.OrderLines;
import org.walletstate.domain.observation.ReadAssurance;
import org.walletstate.domain.payload.Timestamps;

/**
 * The wire shapes of the discount endpoints: the verification block (the signed statement and its
 * signatures, with the readable members beside it), the ACP ({@code 2026-04-17}) and UCP ({@code
 * 2026-08-25}, extension {@code dev.ucp.shopping.discount}) discount objects, {@code /v1/verify},
 * the discount check and the code read.
 */
public final class DiscountViews {

  static final String ACP_VERSION = "2026-04-17";
  static final String UCP_VERSION = "2026-08-25";
  static final String UCP_EXTENSION = "dev.ucp.shopping.discount";

  private static final ObjectMapper JSON = new ObjectMapper();

  private DiscountViews() {}

  /** The protocols a code is rendered in. */
  enum Protocol {
    ACP,
    UCP,
    VERIFY
  }

  static Map<String, Object> issued(
      IssueOutcome.Issued issued, Protocol protocol, OrderLines order) {
    Map<String, Object> v = new LinkedHashMap<>();
    Map<String, Object> verification = verification(issued, protocol != Protocol.UCP);
    switch (protocol) {
      case ACP -> {
        v.put("protocol", "acp");
        v.put("version", ACP_VERSION);
        v.put("discounts", discounts(issued, order, protocol));
      }
      case UCP -> {
        v.put("protocol", "ucp");
        v.put("version", UCP_VERSION);
        v.put("extension", UCP_EXTENSION);
        v.put("discounts", discounts(issued, order, protocol));
      }
      case VERIFY -> {
        Eligibility e = issued.eligibility();
        v.put("merchantId", issued.merchant().id().value());
        v.put("verified", e.verified());
        v.put("discountPercent", issued.code().discountPercent());
        v.put("code", issued.code().code().text());
        v.put("expiresAt", Timestamps.iso(issued.code().expiresAt()));
        v.put("walletProven", issued.code().walletProven());
        e.discountIfProven().ifPresent(d -> v.put("discountIfProven", d));
        v.put("breakdown", breakdown(e));
        v.put("recognized", e.recognized());
      }
    }
    v.put("verification", verification);
    return v;
  }

  /**
   * {@code {code, expiresAt, breakdown (ACP and verify), walletProven, discountIfProven (when the
   * unproven limit lowered the discount), discount (the signed statement), sig, kid, pqSig,
   * pqKid}}. The readable members are copies of the signed ones; the verifier SDK checks that they
   * agree.
   */
  static Map<String, Object> verification(IssueOutcome.Issued issued, boolean withBreakdown) {
    JsonNode signed = parse(issued.signed());
    JsonNode statement = signed.get("discount");
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("code", statement.get("code").asText());
    v.put("expiresAt", statement.get("expiresAt").asText());
    if (withBreakdown) {
      v.put("breakdown", statement.get("breakdown"));
    }
    v.put("walletProven", statement.get("walletProven").asBoolean());
    if (statement.has("discountIfProven")) {
      v.put("discountIfProven", statement.get("discountIfProven").asInt());
    }
    signed.properties().forEach(member -> v.put(member.getKey(), member.getValue()));
    return v;
  }

  /**
   * The discounts object of ACP and UCP: no codes, the one applied discount when the code carries a
   * percent and the order has lines, and (ACP only) no rejected codes.
   */
  private static Map<String, Object> discounts(
      IssueOutcome.Issued issued, OrderLines order, Protocol protocol) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("codes", List.of());
    List<Object> applied = new ArrayList<>();
    int percent = issued.code().discountPercent();
    if (percent > 0 && order.present()) {
      applied.add(applied(issued, order, percent, protocol));
    }
    d.put("applied", applied);
    if (protocol == Protocol.ACP) {
      d.put("rejected", List.of());
    }
    return d;
  }

  private static Map<String, Object> applied(
      IssueOutcome.Issued issued, OrderLines order, int percent, Protocol protocol) {
    Map<String, Object> a = new LinkedHashMap<>();
    if (protocol == Protocol.ACP) {
      String code = issued.code().code().text();
      a.put("id", "di_" + code.substring(4).toLowerCase(java.util.Locale.ROOT));
      Map<String, Object> coupon = new LinkedHashMap<>();
      coupon.put("id", "coupon_" + issued.merchant().id().key() + "_" + percent);
      coupon.put("name", title(percent));
      coupon.put("percent_off", percent);
      a.put("coupon", coupon);
    } else {
      a.put("title", title(percent));
    }
    a.put("amount", order.discountAmount(percent).orElseThrow());
    a.put("automatic", true);
    a.put("method", order.items().isEmpty() ? "across" : "each");
    a.put("priority", 1);
    a.put("allocations", allocations(order, percent));
    if (protocol == Protocol.ACP) {
      a.put("start", Timestamps.iso(issued.code().createdAt()));
      a.put("end", Timestamps.iso(issued.code().expiresAt()));
    }
    return a;
  }

  private static String title(int percent) {
    return "Token holder discount (" + percent + "% off)";
  }

  private static List<Object> allocations(OrderLines order, int percent) {
    List<Object> out = new ArrayList<>();
    for (OrderLines.Allocation a : order.allocations(percent)) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("path", a.path());
      m.put("amount", a.amount());
      out.add(m);
    }
    return out;
  }

  static List<Object> breakdown(Eligibility e) {
    List<Object> out = new ArrayList<>();
    for (Eligibility.Earned earned : e.earned()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("symbol", earned.symbol());
      m.put("tier", earned.tier());
      m.put("discount", earned.discount());
      out.add(m);
    }
    return out;
  }

  /**
   * {@code GET /v1/discount/check}: what the wallet gets without a proof, and with one; when the
   * request sent {@code assurance}, then {@code readAssurance}: one {@code {chainId, mode,
   * providers, of[, names]}} per chain read, in the plan's order, as a code's verification signs it
   * (unsigned here: the check signs nothing).
   */
  public static Map<String, Object> check(DiscountRequest request, Computed computed) {
    Map<String, Object> v = check(computed.merchant().id().value(), computed.eligibility());
    if (request.assurance().isPresent()) {
      List<Object> read = new ArrayList<>();
      computed
          .holdings()
          .assurances()
          .forEach(
              (chain, assurance) -> {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put(
                    "chainId", chain instanceof ChainId.Evm evm ? evm.value() : chain.toString());
                entry.put("mode", assurance.mode().wire());
                entry.put("providers", assurance.providers());
                entry.put("of", assurance.of());
                if (!assurance.names().isEmpty()) {
                  entry.put("names", assurance.names());
                }
                read.add(entry);
              });
      v.put(ReadAssurance.MEMBER, read);
    }
    return v;
  }

  /** {@code GET /v1/discount/check}: what the wallet gets without a proof, and with one. */
  static Map<String, Object> check(String merchantId, Eligibility e) {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("merchantId", merchantId);
    v.put("verified", e.verified());
    v.put("discountPercent", e.discount());
    v.put("walletProven", false);
    e.discountIfProven().ifPresent(d -> v.put("discountIfProven", d));
    v.put("breakdown", breakdown(e));
    v.put("recognized", e.recognized());
    return v;
  }

  /** {@code GET /v1/codes/{code}}: the valid shape or {@code {valid: false, code, reason}}. */
  public static Map<String, Object> code(String text, IssuedCode code, IssuedCode.State state) {
    Map<String, Object> v = new LinkedHashMap<>();
    if (state == IssuedCode.State.VALID) {
      v.put("valid", true);
      v.put("code", code.code().text());
      v.put("merchantId", code.merchantId().value());
      v.put("discountPercent", code.discountPercent());
      v.put("expiresAt", Timestamps.iso(code.expiresAt()));
      v.put("createdAt", Timestamps.iso(code.createdAt()));
      v.put("walletProven", code.walletProven());
      return v;
    }
    v.put("valid", false);
    v.put("code", code != null ? code.code().text() : text);
    v.put("reason", state.wireName());
    return v;
  }

  private static JsonNode parse(String signed) {
    try {
      return JSON.readTree(signed);
    } catch (java.io.IOException e) {
      throw new IllegalStateException("the signer's own text is JSON", e);
    }
  }
}
