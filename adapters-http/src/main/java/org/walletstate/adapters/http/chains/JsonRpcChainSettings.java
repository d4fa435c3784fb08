package org.walletstate.adapters.http.chains;

import java.net.URI;
import java.util.List;
import org.jboss.logging.Logger;
import org.walletstate.adapters.chain.jsonrpc.JsonRpcChainConfig;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainId;

/**
 * The non-EVM readers' settings: public mainnet endpoints and the default policy, with the
 * configured overrides.
 */
public final class JsonRpcChainSettings {

  private static final Logger LOG = Logger.getLogger(JsonRpcChainSettings.class);

  private JsonRpcChainSettings() {}

  /**
   * @throws IllegalArgumentException naming what is wrong
   */
  public static JsonRpcChainConfig solana(ChainReadsConfig config) {
    return settings("solana", JsonRpcChainConfig.SOLANA_PUBLIC, config.solana());
  }

  /**
   * @throws IllegalArgumentException naming what is wrong
   */
  public static JsonRpcChainConfig xrpl(ChainReadsConfig config) {
    return settings("xrpl", JsonRpcChainConfig.XRPL_PUBLIC, config.xrpl());
  }

  /**
   * @throws IllegalArgumentException naming what is wrong
   */
  public static JsonRpcChainConfig bitcoin(ChainReadsConfig config) {
    return settings("bitcoin", JsonRpcChainConfig.BITCOIN_PUBLIC, config.bitcoin());
  }

  public static JsonRpcChainConfig stellar(ChainReadsConfig config) {
    return settings("stellar", JsonRpcChainConfig.STELLAR_PUBLIC, config.stellar());
  }

  /**
   * @throws IllegalArgumentException naming what is wrong
   */
  public static JsonRpcChainConfig tron(ChainReadsConfig config) {
    return settings("tron", JsonRpcChainConfig.TRON_PUBLIC, config.tron());
  }

  public static JsonRpcChainConfig sui(ChainReadsConfig config) {
    return settings("sui", JsonRpcChainConfig.SUI_PUBLIC, config.sui());
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
