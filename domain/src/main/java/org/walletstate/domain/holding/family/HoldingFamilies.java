package org.walletstate.domain.holding.family;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.holding.ChainHoldings;
import org.walletstate.domain.holding.FamilyHoldings;

/**
 * The registry of every family's holdings: the one place that names them. A feature asks {@link
 * #on(Chain)} and never looks at the family itself, so a family registered here is held the same
 * way by attest, trust profiles and discounts.
 */
public final class HoldingFamilies {

  private static final Map<ChainFamily, FamilyHoldings<?>> REGISTERED =
      register(
          List.of(
              new EvmHoldings(),
              new SolanaHoldings(),
              new XrplHoldings(),
              new BitcoinHoldings(),
              new TronHoldings(),
              new StellarHoldings(),
              new SuiHoldings()));

  private HoldingFamilies() {}

  private static Map<ChainFamily, FamilyHoldings<?>> register(List<FamilyHoldings<?>> families) {
    Map<ChainFamily, FamilyHoldings<?>> byFamily = new EnumMap<>(ChainFamily.class);
    for (FamilyHoldings<?> family : families) {
      if (byFamily.put(family.family(), family) != null) {
        throw new IllegalStateException("two holdings of " + family.family());
      }
    }
    return Collections.unmodifiableMap(byFamily);
  }

  /** Whether holdings can be read on chains of {@code family}. */
  public static boolean reads(ChainFamily family) {
    return REGISTERED.containsKey(family);
  }

  /** The holdings of {@code chain}, when its family is registered. */
  public static Optional<ChainHoldings> find(Chain chain) {
    return Optional.ofNullable(REGISTERED.get(chain.family()))
        .map(family -> new ChainHoldings(chain, family));
  }

  /**
   * The holdings of {@code chain}.
   *
   * @throws IllegalArgumentException when no family of that chain is registered
   */
  public static ChainHoldings on(Chain chain) {
    return find(chain)
        .orElseThrow(() -> new IllegalArgumentException("no holdings of " + chain.family()));
  }
}
