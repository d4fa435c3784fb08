package org.walletstate.adapters.http.chains;

import org.jboss.logging.Logger;
import org.walletstate.adapters.chain.ReadProvider;
import org.walletstate.adapters.chain.jsonrpc.JsonRpcChainConfig;
import org.walletstate.adapters.chain.jsonrpc.SnapshotQuorum;
import org.walletstate.domain.chain.ChainFamily;

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
   * How {@code family} (not EVM) is read for quorum requests, {@code chain} being its settings.
   *
   * @throws IllegalArgumentException naming the configuration key that is wrong
   */
  public static SnapshotQuorum of(
      ChainFamily family, ChainReadsConfig config, JsonRpcChainConfig chain) {
    long defaultLag =
        switch (family) {
          case SOLANA -> SOLANA_MAX_LAG_SLOTS;
          case XRPL -> XRPL_MAX_LAG_LEDGERS;
          case BITCOIN -> BITCOIN_MAX_LAG_BLOCKS;
          case TRON -> TRON_MAX_LAG_BLOCKS;
          case STELLAR -> STELLAR_MAX_LAG_LEDGERS;
          case SUI -> SUI_MAX_LAG_CHECKPOINTS;
          case EVM -> throw new IllegalArgumentException("EVM quorums have settings of their own");
        };
    return quorum(
        JsonRpcChainSettings.nameOf(family),
        JsonRpcChainSettings.configured(family, config),
        chain,
        defaultLag,
        config);
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
        quorum = quorum.withProviders(ConfiguredProviders.of(o.providers()));
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
