package org.walletstate.domain.commerce;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.XrplCurrency;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * A token a store gives discounts for.
 *
 * @param symbol 1 to 20 characters
 * @param chain a merchant-configuration chain
 * @param contractAddress normal form, or {@code native}
 * @param decimals 0 to 18, as configured (not used at evaluation)
 * @param tiers ascending by threshold
 * @param currency XRPL trust-line currency, as entered; only with an XRPL issuer
 * @param name display name
 * @param logo https URL
 * @param enabled false switches the token off without removing it
 * @param alsoOn the same token on other networks (EVM and Solana), up to 9
 */
public record TokenConfig(
    String symbol,
    Chain chain,
    String contractAddress,
    int decimals,
    List<Tier> tiers,
    Optional<String> currency,
    Optional<String> name,
    Optional<String> logo,
    boolean enabled,
    List<AlsoOn> alsoOn) {

  public static final int SYMBOL_MAX = 20;
  public static final int NAME_MAX = 100;
  public static final int LOGO_MAX = 500;
  public static final int MAX_DECIMALS = 18;
  public static final int MAX_ALSO_ON = 9;

  public TokenConfig {
    tiers = List.copyOf(tiers);
    alsoOn = List.copyOf(alsoOn);
  }

  /**
   * The same token on another network.
   *
   * @param chain an EVM chain or solana
   * @param contractAddress normal form, or {@code native} on EVM chains
   */
  public record AlsoOn(Chain chain, String contractAddress) {
    public Map<String, Object> wire() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("chainId", chain.id().wireValue());
      m.put("contractAddress", contractAddress);
      return m;
    }
  }

  /** Reads one token object (the rules of the interface's token config). */
  public static TokenConfig parse(Fields fields) {
    String symbol = Members.requiredText(fields, "symbol", SYMBOL_MAX);
    Chain chain = MerchantChains.parse(fields.get("chainId"), fields.path("chainId"));
    String contract =
        MerchantChains.contract(
            chain, fields.requiredText("contractAddress"), fields.path("contractAddress"), true);
    int decimals = Members.whole(fields.get("decimals"), fields.path("decimals"), 0, MAX_DECIMALS);
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
    List<Tier> tiers = Tier.parseAll(fields, "tiers");
    Optional<String> name = Members.text(fields, "name", NAME_MAX);
    Optional<String> logo = Members.text(fields, "logo", LOGO_MAX);
    if (logo.isPresent() && !logo.get().startsWith("https://")) {
      throw new ValidationException(fields.path("logo") + " must be an https:// URL");
    }
    boolean enabled = Members.bool(fields, "enabled", true);
    List<AlsoOn> alsoOn = alsoOn(fields, chain);
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

  private static List<AlsoOn> alsoOn(Fields fields, Chain own) {
    Optional<RequestValue.Arr> array = Members.array(fields, "alsoOn");
    if (array.isEmpty()) {
      return List.of();
    }
    String path = fields.path("alsoOn");
    List<RequestValue> items = array.get().items();
    if (items.size() > MAX_ALSO_ON) {
      throw new ValidationException(
          path + " may list at most " + MAX_ALSO_ON + " networks (got " + items.size() + ")");
    }
    Set<Object> networks = new HashSet<>();
    networks.add(own.id());
    List<AlsoOn> result = new ArrayList<>();
    for (int i = 0; i < items.size(); i++) {
      Fields entry = Members.element(array.get(), i, path);
      Chain chain = MerchantChains.parse(entry.get("chainId"), entry.path("chainId"));
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
          MerchantChains.contract(
              chain,
              entry.requiredText("contractAddress"),
              entry.path("contractAddress"),
              chain.family() == ChainFamily.EVM);
      result.add(new AlsoOn(chain, contract));
    }
    return result;
  }

  /** Every network and contract this token is listed under: its own first, then alsoOn. */
  List<String> networkKeys() {
    List<String> keys = new ArrayList<>();
    keys.add(
        MerchantChains.networkKey(chain, contractAddress + currency.map(c -> "/" + c).orElse("")));
    alsoOn.forEach(a -> keys.add(MerchantChains.networkKey(a.chain(), a.contractAddress())));
    return keys;
  }

  /** A copy switched on or off. */
  public TokenConfig withEnabled(boolean on) {
    return new TokenConfig(
        symbol, chain, contractAddress, decimals, tiers, currency, name, logo, on, alsoOn);
  }

  /**
   * The wire form.
   *
   * @param withAlsoOn whether to include the alsoOn networks (the owner's view and storage)
   */
  public Map<String, Object> wire(boolean withAlsoOn) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("symbol", symbol);
    m.put("chainId", chain.id().wireValue());
    m.put("contractAddress", contractAddress);
    m.put("decimals", decimals);
    m.put("tiers", tiers.stream().map(Tier::wire).toList());
    currency.ifPresent(c -> m.put("currency", c));
    name.ifPresent(n -> m.put("name", n));
    logo.ifPresent(l -> m.put("logo", l));
    m.put("enabled", enabled);
    if (withAlsoOn) {
      m.put("alsoOn", alsoOn.stream().map(AlsoOn::wire).toList());
    }
    return m;
  }
}
