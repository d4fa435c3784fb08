package org.walletstate.adapters.http.chains;

import java.net.URI;
import java.util.List;
import java.util.Locale;
import org.jboss.logging.Logger;
import org.walletstate.adapters.chain.jsonrpc.JsonRpcChainConfig;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainId;

/**
 * The non-EVM readers' settings: public mainnet endpoints and the default policy, with the
 * configured overrides.
 */
public final class JsonRpcChainSettings {

  private static final Logger LOG = Logger.getLogger(JsonRpcChainSettings.class);

  private JsonRpcChainSettings() {}

  /**
   * The settings of {@code family}, one of the families read over JSON-RPC or REST (not EVM).
   *
   * @throws IllegalArgumentException naming what is wrong
   */
  public static JsonRpcChainConfig of(ChainFamily family, ChainReadsConfig config) {
    List<URI> publicEndpoints =
        switch (family) {
          case SOLANA -> JsonRpcChainConfig.SOLANA_PUBLIC;
          case XRPL -> JsonRpcChainConfig.XRPL_PUBLIC;
          case BITCOIN -> JsonRpcChainConfig.BITCOIN_PUBLIC;
          case TRON -> JsonRpcChainConfig.TRON_PUBLIC;
          case STELLAR -> JsonRpcChainConfig.STELLAR_PUBLIC;
          case SUI -> JsonRpcChainConfig.SUI_PUBLIC;
          case EVM -> throw new IllegalArgumentException("EVM chains have settings of their own");
        };
    return settings(nameOf(family), publicEndpoints, configured(family, config));
  }

  /**
   * The name of a non-EVM family's chain and of its configuration, {@code
   * walletstate.chains.<name>}.
   */
  static String nameOf(ChainFamily family) {
    return family.name().toLowerCase(Locale.ROOT);
  }

  /** What is configured for a non-EVM family. */
  static ChainReadsConfig.JsonRpcChain configured(ChainFamily family, ChainReadsConfig config) {
    return switch (family) {
      case SOLANA -> config.solana();
      case XRPL -> config.xrpl();
      case BITCOIN -> config.bitcoin();
      case TRON -> config.tron();
      case STELLAR -> config.stellar();
      case SUI -> config.sui();
      case EVM -> throw new IllegalArgumentException("EVM chains have settings of their own");
    };
  }

  private static JsonRpcChainConfig settings(
      String name, List<URI> publicEndpoints, ChainReadsConfig.JsonRpcChain o) {
    ChainId id =
        ChainCatalogue.all().stream()
            .filter(chain -> chain.id().toString().equals(name))
            .findFirst()
            .orElseThrow()
            .id();
    JsonRpcChainConfig defaults = JsonRpcChainConfig.of(id, publicEndpoints);
    JsonRpcChainConfig chain;
    try {
      chain =
          new JsonRpcChainConfig(
              id,
              o.endpoints().orElse(defaults.endpoints()),
              o.requestTimeout().orElse(defaults.requestTimeout()),
              o.attempts().orElse(defaults.attempts()),
              o.initialBackoff().orElse(defaults.initialBackoff()),
              o.maxBackoff().orElse(defaults.maxBackoff()),
              o.observationDeadline().orElse(defaults.observationDeadline()),
              o.failback().orElse(defaults.failback()));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("walletstate.chains." + name + ": " + e.getMessage(), e);
    }
    // hosts only: paths, queries and user info of provider URLs often carry API keys
    LOG.infof(
        "Chain %s read from %s",
        name, chain.endpoints().stream().map(EvmChainSettings::hostOf).toList());
    return chain;
  }
}
