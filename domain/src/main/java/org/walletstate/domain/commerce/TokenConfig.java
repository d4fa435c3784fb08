package org.walletstate.domain.commerce;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.walletstate.domain.chain.Chain;

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

  // Bounds as constants by design: each value record declares its own limits.
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
