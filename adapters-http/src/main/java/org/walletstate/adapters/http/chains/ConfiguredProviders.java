package org.walletstate.adapters.http.chains;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.walletstate.adapters.chain.ReadProvider;

/** A chain's configured quorum providers, EVM or not, as the chain readers take them. */
final class ConfiguredProviders {

  private ConfiguredProviders() {}

  /**
   * The providers by name (configuration maps have no order of their own), independent unless set.
   */
  static List<ReadProvider> of(Map<String, ChainReadsConfig.Provider> configured) {
    List<ReadProvider> providers = new ArrayList<>();
    new TreeMap<>(configured)
        .forEach(
            (name, p) ->
                providers.add(new ReadProvider(name, p.endpoints(), p.independent().orElse(true))));
    return providers;
  }
}
