package org.walletstate.application.commerce.port.in;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.XrplCurrency;
import org.walletstate.domain.amount.DecimalAmount;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.commerce.MerchantChains;
import org.walletstate.domain.commerce.Tier;
import org.walletstate.domain.commerce.TokenConfig;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * Reads one token object of {@code PUT /v1/merchants/{id}/tokens} (the rules of the interface's
 * token config) with its tiers; the stored form is the same object.
 */
public final class TokenConfigs {

  private TokenConfigs() {}

  /** Reads one token object. */
  public static TokenConfig parse(Fields fields) {
    String symbol = BodyMembers.requiredText(fields, "symbol", TokenConfig.SYMBOL_MAX);
    Chain chain = BodyMembers.chainId(fields);
    String contract = BodyMembers.contractAddress(fields, chain, true);
    int decimals =
        BodyMembers.whole(
            fields.get("decimals"), fields.path("decimals"), 0, TokenConfig.MAX_DECIMALS);
    if (contract.equals(MerchantChains.NATIVE)
        && decimals != MerchantChains.nativeDecimals(chain)) {
      throw new ValidationException(
          fields.path("decimals")
              + " "
              + decimals
              + " does not match native "
              + chain.nativeCurrency().symbol()
              + " on "
              + chain.id()
              + ", which has "
              + MerchantChains.nativeDecimals(chain)
              + " decimals");
    }
    Optional<String> currency = currency(fields, chain, contract);
    List<Tier> tiers = tiers(fields, "tiers");
    Optional<String> name = BodyMembers.text(fields, "name", TokenConfig.NAME_MAX);
    Optional<String> logo = BodyMembers.text(fields, "logo", TokenConfig.LOGO_MAX);
    if (logo.isPresent() && !logo.get().startsWith("https://")) {
      throw new ValidationException(fields.path("logo") + " must be an https:// URL");
    }
    boolean enabled = BodyMembers.bool(fields, "enabled", true);
    List<TokenConfig.AlsoOn> alsoOn = alsoOn(fields, chain);
    return new TokenConfig(
        symbol, chain, contract, decimals, tiers, currency, name, logo, enabled, alsoOn);
  }

  private static Optional<String> currency(Fields fields, Chain chain, String contract) {
    boolean sent = fields.has("currency");
    if (chain.family() != ChainFamily.XRPL) {
      if (sent) {
        throw new ValidationException(
            fields.path("currency") + " is for XRP Ledger trust-line tokens only");
      }
      return Optional.empty();
    }
    if (contract.equals(MerchantChains.NATIVE)) {
      if (sent) {
        throw new ValidationException(
            fields.path("currency")
                + " must not be sent with contractAddress native (native is XRP itself)");
      }
      return Optional.empty();
    }
    String text = fields.requiredText("currency");
    XrplCurrency.parse(text, fields.path("currency"));
    return Optional.of(text);
  }

  private static List<TokenConfig.AlsoOn> alsoOn(Fields fields, Chain own) {
    Optional<RequestValue.Arr> array = BodyMembers.array(fields, "alsoOn");
    if (array.isEmpty()) {
      return List.of();
    }
    String path = fields.path("alsoOn");
    List<RequestValue> items = array.get().items();
    if (items.size() > TokenConfig.MAX_ALSO_ON) {
      throw new ValidationException(
          path
              + " may list at most "
              + TokenConfig.MAX_ALSO_ON
              + " networks (got "
              + items.size()
              + ")");
    }
    Set<Object> networks = new HashSet<>();
    networks.add(own.id());
    List<TokenConfig.AlsoOn> result = new ArrayList<>();
    for (int i = 0; i < items.size(); i++) {
      Fields entry = BodyMembers.element(array.get(), i, path);
      Chain chain = BodyMembers.chainId(entry);
      if (chain.family() != ChainFamily.EVM && chain.family() != ChainFamily.SOLANA) {
        throw new ValidationException(
            entry.path("chainId")
                + " "
                + chain.id()
                + ": alsoOn lists EVM and Solana networks only");
      }
      if (!networks.add(chain.id())) {
        throw new ValidationException(
            entry.path("chainId")
                + " "
                + chain.id()
                + " is listed twice for this token; each network appears once");
      }
      String contract =
          BodyMembers.contractAddress(entry, chain, chain.family() == ChainFamily.EVM);
      result.add(new TokenConfig.AlsoOn(chain, contract));
    }
    return result;
  }

  /** Reads a tier list: up to 10, thresholds strictly ascending. */
  static List<Tier> tiers(Fields token, String member) {
    RequestValue.Arr array =
        BodyMembers.array(token, member).orElse(new RequestValue.Arr(List.of()));
    String path = token.path(member);
    BodyMembers.atMost(array, path, Tier.MAX_TIERS, "tiers");
    List<Tier> tiers = new ArrayList<>();
    for (int i = 0; i < array.items().size(); i++) {
      Tier tier = tier(BodyMembers.element(array, i, path));
      if (!tiers.isEmpty()
          && tier.threshold().compareTo(tiers.get(tiers.size() - 1).threshold()) <= 0) {
        throw new ValidationException(
            path
                + "["
                + i
                + "].threshold "
                + tier.threshold().toPlainString()
                + " must be greater than the threshold of the tier before it ("
                + tiers.get(tiers.size() - 1).threshold().toPlainString()
                + "); tiers are in ascending threshold order");
      }
      tiers.add(tier);
    }
    return List.copyOf(tiers);
  }

  private static Tier tier(Fields fields) {
    String name = BodyMembers.requiredText(fields, "name", Tier.NAME_MAX);
    BigDecimal threshold = threshold(fields.get("threshold"), fields.path("threshold"));
    int discount = BodyMembers.tierOrNft(fields.get("discount"), fields.path("discount"));
    return new Tier(name, threshold, discount);
  }

  private static BigDecimal threshold(RequestValue raw, String field) {
    if (raw instanceof RequestValue.Number n) {
      if (n.value().signum() <= 0) {
        throw new ValidationException(field + " must be greater than 0, got " + n.literal());
      }
      if (n.literal().length() > DecimalAmount.MAX_TEXT_LENGTH
          || n.value().stripTrailingZeros().precision() > DecimalAmount.MAX_NUMBER_DIGITS) {
        throw new ValidationException(
            field + " has more digits than a number carries exactly; send it as a decimal string");
      }
      return new DecimalAmount(n.value(), false).value();
    }
    if (raw instanceof RequestValue.Text t) {
      return DecimalAmount.fromText(t.value(), field).value();
    }
    if (raw.isMissing()) {
      throw new ValidationException(field + " is required");
    }
    throw new ValidationException(
        field + " must be a decimal string or a number, not " + raw.kind());
  }
}
