package org.walletstate.domain.commerce;

import java.util.Locale;
import java.util.Optional;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainFamily;

/** Rules of registry entries shared by the seed data, submissions and the query. */
public final class RegistryEntry {

  /** The review states: submissions start pending; a reviewer lists or rejects them. */
  public enum Status {
    LISTED,
    PENDING,
    REJECTED;

    public String wireName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private RegistryEntry() {}

  /**
   * The address an entry is unique by on its chain: EVM contracts in lower case, Solana mints as
   * they are, XRPL issuer and currency joined by a dot.
   */
  public static String address(Chain chain, String contract, Optional<String> currency) {
    String base = chain.family() == ChainFamily.EVM ? contract.toLowerCase(Locale.ROOT) : contract;
    return currency.map(c -> base + "." + c).orElse(base);
  }
}
