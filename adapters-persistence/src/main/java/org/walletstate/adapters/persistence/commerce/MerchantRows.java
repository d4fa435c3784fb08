package org.walletstate.adapters.persistence.commerce;

import static org.walletstate.adapters.persistence.SqlRows.instant;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.mutiny.sqlclient.Row;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.walletstate.adapters.persistence.SqlRows;
import org.walletstate.application.commerce.port.in.NftCollections;
import org.walletstate.application.commerce.port.in.TokenConfigs;
import org.walletstate.application.commerce.port.in.UsdcPayments;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.DiscountMode;
import org.walletstate.domain.commerce.DomainName;
import org.walletstate.domain.commerce.DomainVerification;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.NewMerchant;
import org.walletstate.domain.commerce.NftCollection;
import org.walletstate.domain.commerce.Settings;
import org.walletstate.domain.commerce.TokenConfig;
import org.walletstate.domain.commerce.TokenSet;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * A merchant as a row of {@code merchant}: the columns written (tokens, collections and USDC
 * payment in their validated wire form as jsonb) and the merchant read back through the same domain
 * parsers.
 */
final class MerchantRows {

  static final String COLUMNS =
      "company_name = $2, name_key = $3, location = $4, own_token = $5, partner_tokens = $6,"
          + " nft_collections = $7, discount_mode = $8, discount_cap = $9, usdc_payment = $10,"
          + " max_discounts_per_wallet_per_day = $11, max_unproven_discount = $12, paused = $13,"
          + " paused_at = $14, listed = $15, verification_status = $16, verification_domain ="
          + " $17, verification_token = $18, verification_method = $19, verified_at = $20,"
          + " check_window_start = $21, checks_in_window = $22,"
          + " max_paid_codes_from_other_keys_per_day = $23";

  static final String INSERT =
      "insert into merchant (id, id_key, owner_key_id, external_id, partner_provisioned,"
          + " created_at, company_name, name_key, location, own_token, partner_tokens,"
          + " nft_collections, discount_mode, discount_cap, usdc_payment,"
          + " max_discounts_per_wallet_per_day, max_unproven_discount, paused, paused_at, listed,"
          + " verification_status, verification_domain, verification_token, verification_method,"
          + " verified_at, check_window_start, checks_in_window,"
          + " max_paid_codes_from_other_keys_per_day)"
          + " values ($24, $1, $25, $26, $27, $28, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,"
          + " $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23)"
          + " on conflict (id_key) do nothing returning id";

  private MerchantRows() {}

  /** Parameters $1 to $23 of {@link #COLUMNS}, $1 being the id key. */
  static List<Object> columns(Merchant m) {
    Settings s = m.settings();
    DomainVerification v = m.verification();
    JsonArray partners = new JsonArray();
    m.tokens().partners().forEach(t -> partners.add(new JsonObject(t.wire(true))));
    JsonArray nfts = new JsonArray();
    m.nftCollections().forEach(c -> nfts.add(new JsonObject(c.wire())));
    return Arrays.asList(
        m.id().key(),
        m.companyName(),
        NewMerchant.nameKey(m.companyName()),
        m.location().orElse(null),
        m.tokens().own().map(t -> new JsonObject(t.wire(true))).orElse(null),
        partners,
        nfts,
        s.discountMode().wireName(),
        s.discountCap(),
        new JsonObject(s.usdcPayment().wire()),
        s.maxDiscountsPerWalletPerDay().orElse(null),
        s.maxUnprovenDiscount().orElse(null),
        s.paused(),
        s.pausedAt().map(SqlRows::utc).orElse(null),
        m.listed(),
        v.status().wireName(),
        v.domain().map(DomainName::value).orElse(null),
        v.token().orElse(null),
        v.method().map(DomainVerification.Method::wireName).orElse(null),
        v.verifiedAt().map(SqlRows::utc).orElse(null),
        v.windowStart().map(SqlRows::utc).orElse(null),
        v.checksInWindow(),
        s.maxPaidCodesFromOtherKeysPerDay().orElse(null));
  }

  static Merchant read(Row r) {
    JsonObject own = r.getJsonObject("own_token");
    Optional<TokenConfig> ownToken =
        own == null
            ? Optional.empty()
            : Optional.of(TokenConfigs.parse(Fields.of(StoredJson.object(own), "ownToken")));
    List<TokenConfig> partners = new ArrayList<>();
    RequestValue.Arr stored = (RequestValue.Arr) StoredJson.value(r.getJsonArray("partner_tokens"));
    for (int i = 0; i < stored.items().size(); i++) {
      partners.add(
          TokenConfigs.parse(
              Fields.of((RequestValue.Obj) stored.items().get(i), "partnerTokens[" + i + "]")));
    }
    List<NftCollection> nfts = new ArrayList<>();
    RequestValue.Arr storedNfts =
        (RequestValue.Arr) StoredJson.value(r.getJsonArray("nft_collections"));
    for (int i = 0; i < storedNfts.items().size(); i++) {
      nfts.add(
          NftCollections.parse(
              Fields.of(
                  (RequestValue.Obj) storedNfts.items().get(i), "nftCollections[" + i + "]")));
    }
    Settings settings =
        new Settings(
            DiscountMode.parse(r.getString("discount_mode"), "discountMode"),
            r.getInteger("discount_cap"),
            UsdcPayments.parse(StoredJson.object(r.getJsonObject("usdc_payment")), "usdcPayment"),
            Optional.ofNullable(r.getInteger("max_discounts_per_wallet_per_day")),
            Optional.ofNullable(r.getInteger("max_unproven_discount")),
            Optional.ofNullable(r.getInteger("max_paid_codes_from_other_keys_per_day")),
            r.getBoolean("paused"),
            instant(r, "paused_at"));
    DomainVerification verification =
        new DomainVerification(
            DomainVerification.Status.fromWireName(r.getString("verification_status")),
            Optional.ofNullable(r.getString("verification_domain")).map(DomainName::new),
            Optional.ofNullable(r.getString("verification_token")),
            Optional.ofNullable(r.getString("verification_method"))
                .map(DomainVerification.Method::fromWireName),
            instant(r, "verified_at"),
            instant(r, "check_window_start"),
            r.getInteger("checks_in_window"));
    return new Merchant(
        new CompanyId(r.getString("id")),
        r.getLong("owner_key_id"),
        r.getString("company_name"),
        Optional.ofNullable(r.getString("location")),
        Optional.ofNullable(r.getString("external_id")),
        r.getBoolean("partner_provisioned"),
        instant(r, "created_at").orElseThrow(),
        new TokenSet(ownToken, partners),
        nfts,
        settings,
        r.getBoolean("listed"),
        verification);
  }
}
