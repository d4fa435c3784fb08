package org.walletstate.domain.commerce;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.walletstate.domain.chain.Chain;

/**
 * Whether a store takes USDC for discounted orders, and where.
 *
 * @param enabled on or off
 * @param evmAddress receiving address on EVM payment chains
 * @param solanaAddress receiving address on Solana
 * @param preferredChain a payment chain whose family has an address here
 */
public record UsdcPayment(
    boolean enabled,
    Optional<String> evmAddress,
    Optional<String> solanaAddress,
    Optional<Chain> preferredChain) {

  public static final UsdcPayment OFF =
      new UsdcPayment(false, Optional.empty(), Optional.empty(), Optional.empty());

  public Map<String, Object> wire() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("enabled", enabled);
    evmAddress.ifPresent(a -> m.put("evmAddress", a));
    solanaAddress.ifPresent(a -> m.put("solanaAddress", a));
    preferredChain.ifPresent(c -> m.put("preferredChainId", c.id().wireValue()));
    return m;
  }
}
