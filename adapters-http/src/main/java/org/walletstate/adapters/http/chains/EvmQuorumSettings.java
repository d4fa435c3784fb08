package org.walletstate.adapters.http.chains;

import java.util.LinkedHashMap;
import java.util.Map;
import org.jboss.logging.Logger;
import org.walletstate.adapters.chain.ReadProvider;
import org.walletstate.adapters.chain.evm.config.EvmChainsConfig;
import org.walletstate.adapters.chain.evm.config.EvmQuorum;
import org.walletstate.domain.chain.ChainId;

/**
 * How each EVM chain is read for quorum requests: by default its endpoints grouped by vendor (one
 * provider per vendor, each independent), k = 2; with the configured providers, size and lag; and
 * whether results sign the names of the providers read (one setting for the deployment).
 */
public final class EvmQuorumSettings {

  private static final Logger LOG = Logger.getLogger(EvmQuorumSettings.class);

  private EvmQuorumSettings() {}

  /**
   * @param evm the chains as configured (their endpoints make the default providers)
   * @throws IllegalArgumentException naming the configuration key that is wrong
   */
  public static Map<ChainId, EvmQuorum> quorums(ChainReadsConfig config, EvmChainsConfig evm) {
    Map<ChainId, EvmQuorum> quorums = new LinkedHashMap<>();
    evm.chains()
        .forEach((id, chain) -> quorums.put(id, EvmQuorum.ofEndpoints(id, chain.endpoints())));
    for (Map.Entry<String, ChainReadsConfig.EvmChain> entry : config.evm().entrySet()) {
      ChainId chain = EvmChainSettings.chainOf(entry.getKey());
      ChainReadsConfig.EvmChain o = entry.getValue();
      try {
        // Overrides applied as SnapshotQuorumSettings applies its own by design: each family has
        // its own quorum class.
        EvmQuorum quorum = quorums.get(chain);
        if (!o.providers().isEmpty()) {
          quorum = quorum.withProviders(ConfiguredProviders.of(o.providers()));
        }
        if (o.quorum().isPresent()) {
          quorum = quorum.withSize(o.quorum().getAsInt());
        }
        if (o.maxLagBlocks().isPresent()) {
          quorum = quorum.withMaxLagBlocks(o.maxLagBlocks().getAsInt());
        }
        quorums.put(chain, quorum);
        // names only: provider URLs often carry API keys
        LOG.debugf(
            "Chain %s quorum %d of %s",
            chain, quorum.size(), quorum.independent().stream().map(ReadProvider::name).toList());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "walletstate.chains.evm." + entry.getKey() + ": " + e.getMessage(), e);
      }
    }
    boolean signsNames = config.quorum().signProviderNames();
    quorums.replaceAll((chain, quorum) -> quorum.withSignedNames(signsNames));
    return quorums;
  }
}
