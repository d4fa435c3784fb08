package org.walletstate.application.commerce.port.in;

import java.util.List;
import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.commerce.DiscountMode;
import org.walletstate.domain.commerce.NftCollection;
import org.walletstate.domain.commerce.Settings;
import org.walletstate.domain.commerce.SettingsUpdate;
import org.walletstate.domain.commerce.SettingsUpdate.Change;
import org.walletstate.domain.commerce.TokenConfig;
import org.walletstate.domain.commerce.TokenSet;
import org.walletstate.domain.commerce.TokenUpdate;
import org.walletstate.domain.commerce.UsdcPayment;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * Reads the bodies of {@link ConfigureMerchantUseCase}: {@code PUT /v1/merchants/{id}/tokens},
 * {@code …/nfts} and {@code …/settings}.
 */
public final class ConfigureMerchantCommands {

  private ConfigureMerchantCommands() {}

  /** {@code PUT /v1/merchants/{id}/tokens}: at least one of ownToken and partnerTokens. */
  public static TokenUpdate tokens(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    RequestValue ownRaw = fields.get("ownToken");
    RequestValue partnersRaw = fields.get("partnerTokens");
    if (ownRaw instanceof RequestValue.Absent && partnersRaw instanceof RequestValue.Absent) {
      throw new ValidationException("send ownToken, partnerTokens or both");
    }
    TokenUpdate.OwnChange own;
    if (ownRaw instanceof RequestValue.Absent) {
      own = new TokenUpdate.Keep();
    } else if (ownRaw instanceof RequestValue.Null) {
      own = new TokenUpdate.Remove();
    } else if (ownRaw instanceof RequestValue.Obj o) {
      Fields token = Fields.of(o, "ownToken");
      if (o.members().size() == 1 && o.members().containsKey("enabled")) {
        own = new TokenUpdate.Switch(BodyMembers.bool(token, "enabled", true));
      } else {
        own = new TokenUpdate.Replace(TokenConfigs.parse(token));
      }
    } else {
      throw new ValidationException("ownToken must be an object or null, not " + ownRaw.kind());
    }
    Optional<List<TokenConfig>> partners;
    if (partnersRaw instanceof RequestValue.Absent) {
      partners = Optional.empty();
    } else {
      RequestValue.Arr array =
          BodyMembers.array(fields, "partnerTokens").orElse(new RequestValue.Arr(List.of()));
      BodyMembers.atMost(array, "partnerTokens", TokenSet.MAX_TOKENS, "tokens");
      partners = Optional.of(BodyMembers.elements(array, "partnerTokens", TokenConfigs::parse));
    }
    return new TokenUpdate(own, partners);
  }

  /** {@code PUT /v1/merchants/{id}/nfts}: the whole list, required, at most 4. */
  public static List<NftCollection> nfts(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    if (!fields.has("nftCollections")) {
      throw new ValidationException(
          "nftCollections is required (send [] to remove every collection)");
    }
    RequestValue.Arr array = BodyMembers.array(fields, "nftCollections").orElseThrow();
    BodyMembers.atMost(array, "nftCollections", NftCollection.MAX_COLLECTIONS, "collections");
    return List.copyOf(BodyMembers.elements(array, "nftCollections", NftCollections::parse));
  }

  /** {@code PUT /v1/merchants/{id}/settings}: the fields to change; at least one. */
  public static SettingsUpdate settings(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    boolean any = false;
    for (String member : SettingsUpdate.MEMBERS) {
      any |= !(fields.get(member) instanceof RequestValue.Absent);
    }
    if (!any) {
      throw new ValidationException(
          "send at least one of " + String.join(", ", SettingsUpdate.MEMBERS));
    }
    Optional<DiscountMode> mode = Optional.empty();
    if (!(fields.get("discountMode") instanceof RequestValue.Absent)) {
      mode = Optional.of(DiscountMode.parse(fields.requiredText("discountMode"), "discountMode"));
    }
    Optional<Integer> cap = Optional.empty();
    if (!(fields.get("discountCap") instanceof RequestValue.Absent)) {
      cap = Optional.of(BodyMembers.cap(fields.get("discountCap"), "discountCap"));
    }
    Optional<UsdcPayment> usdc = Optional.empty();
    if (!(fields.get("usdcPayment") instanceof RequestValue.Absent)) {
      usdc = Optional.of(UsdcPayments.parse(fields.get("usdcPayment"), "usdcPayment"));
    }
    Change perDay = change(fields, "maxDiscountsPerWalletPerDay", 1, 100, "null for no limit");
    Change unproven = change(fields, "maxUnprovenDiscount", 0, 100, "null for no limit");
    Change otherKeys =
        change(
            fields,
            "maxPaidCodesFromOtherKeysPerDay",
            0,
            Settings.OTHER_KEYS_MAX,
            "null for the default of " + Settings.OTHER_KEYS_DEFAULT);
    Optional<Boolean> paused = Optional.empty();
    if (!(fields.get("paused") instanceof RequestValue.Absent)) {
      if (!(fields.get("paused") instanceof RequestValue.Bool b)) {
        throw new ValidationException(
            "paused must be a boolean (true or false), not " + fields.get("paused").kind());
      }
      paused = Optional.of(b.value());
    }
    return new SettingsUpdate(mode, cap, usdc, perDay, unproven, otherKeys, paused);
  }

  private static Change change(Fields fields, String member, int min, int max, String nullMeans) {
    RequestValue raw = fields.get(member);
    if (raw instanceof RequestValue.Absent) {
      return new Change.Keep();
    }
    if (raw instanceof RequestValue.Null) {
      return new Change.Clear();
    }
    if (!(raw instanceof RequestValue.Number)) {
      throw new ValidationException(
          member
              + " must be an integer from "
              + min
              + " to "
              + max
              + " ("
              + nullMeans
              + "), not "
              + raw.kind());
    }
    return new Change.Set(BodyMembers.whole(raw, member, min, max));
  }
}
