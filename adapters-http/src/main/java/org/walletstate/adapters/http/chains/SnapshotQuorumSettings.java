package org.walletstate.adapters.http.chains;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.jboss.logging.Logger;
import org.walletstate.adapters.chain.ReadProvider;
import org.walletstate.adapters.chain.jsonrpc.JsonRpcChainConfig;
import org.walletstate.adapters.chain.jsonrpc.SnapshotQuorum;

/**
 * How Solana, the XRP Ledger, Bitcoin, Tron, Stellar and Sui are read for quorum requests: by
 * default the chain's endpoints grouped by vendor (one provider per vendor, each independent), k =
 * 2; with the configured providers, size and lag; and whether results sign the names of the
 * providers read.
 */
public final class SnapshotQuorumSettings {

  /** XRPL: the most validated ledgers (about 4 s each) the providers may be apart. */
  public static final long XRPL_MAX_LAG_LEDGERS = 3;

  /** Solana: the most slots (about 0.4 s each) the providers' snapshots may be apart. */
  public static final long SOLANA_MAX_LAG_SLOTS = 25;

  /** Bitcoin: the most blocks (about 10 min each) the providers' tips may be apart. */
  public static final long BITCOIN_MAX_LAG_BLOCKS = 1;

  /** Tron: the most blocks (about 3 s each) the providers' solidified heads may be apart. */
  public static final long TRON_MAX_LAG_BLOCKS = 5;

  /** Stellar: the most ledgers (about 5 to 6 s each) the providers' snapshots may be apart. */
  public static final long STELLAR_MAX_LAG_LEDGERS = 2;

  /**
   * Sui: the most checkpoints (about 0.25 s each) the providers' latest checkpoints may be apart;
   * the agreed one is the lowest, read on every provider.
   */
  public static final long SUI_MAX_LAG_CHECKPOINTS = 40;

  private static final Logger LOG = Logger.getLogger(SnapshotQuorumSettings.class);

  private SnapshotQuorumSettings() {}

  /**
   * @throws IllegalArgumentException naming the configuration key that is wrong
   */
  public static SnapshotQuorum xrpl(ChainReadsConfig config, JsonRpcChainConfig chain) {
    return quorum("xrpl", config.xrpl(), chain, XRPL_MAX_LAG_LEDGERS, config);
  }

  /**
   * @throws IllegalArgumentException naming the configuration key that is wrong
   */
  public static SnapshotQuorum solana(ChainReadsConfig config, JsonRpcChainConfig chain) {
    return quorum("solana", config.solana(), chain, SOLANA_MAX_LAG_SLOTS, config);
  }

  /**
   * @throws IllegalArgumentException naming the configuration key that is wrong
   */
  public static SnapshotQuorum bitcoin(ChainReadsConfig config, JsonRpcChainConfig chain) {
    return quorum("bitcoin", config.bitcoin(), chain, BITCOIN_MAX_LAG_BLOCKS, config);
  }

  /**
   * @throws IllegalArgumentException naming the configuration key that is wrong
   */
  public static SnapshotQuorum stellar(ChainReadsConfig config, JsonRpcChainConfig chain) {
    return quorum("stellar", config.stellar(), chain, STELLAR_MAX_LAG_LEDGERS, config);
  }

  /**
   * @throws IllegalArgumentException naming the configuration key that is wrong
   */
  public static SnapshotQuorum tron(ChainReadsConfig config, JsonRpcChainConfig chain) {
    return quorum("tron", config.tron(), chain, TRON_MAX_LAG_BLOCKS, config);
  }

  /**
   * @throws IllegalArgumentException naming the configuration key that is wrong
   */
  public static SnapshotQuorum sui(ChainReadsConfig config, JsonRpcChainConfig chain) {
    return quorum("sui", config.sui(), chain, SUI_MAX_LAG_CHECKPOINTS, config);
  }

  private static SnapshotQuorum quorum(
      String name,
      ChainReadsConfig.JsonRpcChain o,
      JsonRpcChainConfig chain,
      long defaultLag,
      ChainReadsConfig config) {
    try {
      SnapshotQuorum quorum = SnapshotQuorum.ofEndpoints(chain.endpoints(), defaultLag);
      if (!o.providers().isEmpty()) {
        List<ReadProvider> providers = new ArrayList<>();
        // by name: configuration maps have no order of their own
        new TreeMap<>(o.providers())
            .forEach(
                (provider, p) ->
                    providers.add(
                        new ReadProvider(provider, p.endpoints(), p.independent().orElse(true))));
        quorum = quorum.withProviders(providers);
      }
      if (o.quorum().isPresent()) {
        quorum = quorum.withSize(o.quorum().getAsInt());
      }
      if (o.maxLag().isPresent()) {
        quorum = quorum.withMaxLag(o.maxLag().getAsLong());
      }
      quorum = quorum.withSignedNames(config.quorum().signProviderNames());
      // names only: provider URLs often carry API keys
      LOG.debugf(
          "Chain %s quorum %d of %s",
          name, quorum.size(), quorum.independent().stream().map(ReadProvider::name).toList());
      return quorum;
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("walletstate.chains." + name + ": " + e.getMessage(), e);
    }
  }
}
