package org.walletstate.adapters.chain.evm.config;

import java.net.URI;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.walletstate.adapters.chain.ReadProvider;
import org.walletstate.domain.chain.ChainId;

/**
 * How one EVM chain is read when a request asks for a quorum: its providers and how many
 * independent ones must agree.
 *
 * @param chain an EVM chain id
 * @param providers the chain's providers, in order; the first {@code size} independent ones are
 *     read
 * @param size k: how many independent providers are read and must agree (at least 2)
 * @param maxLagBlocks the most blocks the quorum's heads may be apart: the anchor is the lowest of
 *     them, and a provider further behind than this is refused as lagging
 * @param signsNames whether a result read with this quorum signs the names of the providers read
 *     ({@code readAssurance.names}); off by default, so results name no provider
 */
public record EvmQuorum(
    ChainId chain, List<ReadProvider> providers, int size, int maxLagBlocks, boolean signsNames) {

  public static final int DEFAULT_SIZE = 2;
  public static final int DEFAULT_MAX_LAG_BLOCKS = 3;

  public EvmQuorum {
    Objects.requireNonNull(chain, "chain");
    providers = List.copyOf(providers);
    if (size < 2) {
      throw new IllegalArgumentException(
          "chain " + chain + ": a quorum is at least 2 providers, got " + size);
    }
    if (maxLagBlocks < 0) {
      throw new IllegalArgumentException(
          "chain " + chain + ": max-lag-blocks must not be negative, got " + maxLagBlocks);
    }
    Set<String> names = new HashSet<>();
    for (ReadProvider provider : providers) {
      if (!names.add(provider.name())) {
        throw new IllegalArgumentException(
            "chain " + chain + ": provider " + provider.name() + " is named twice");
      }
    }
  }

  /** A quorum whose results name no provider. */
  public EvmQuorum(ChainId chain, List<ReadProvider> providers, int size, int maxLagBlocks) {
    this(chain, providers, size, maxLagBlocks, false);
  }

  /**
   * The default providers of a chain's endpoints: one per vendor (endpoints of one vendor are
   * grouped into one provider, in order), each independent, a quorum of 2.
   */
  public static EvmQuorum ofEndpoints(ChainId chain, List<URI> endpoints) {
    return new EvmQuorum(
        chain, ReadProvider.byVendor(endpoints), DEFAULT_SIZE, DEFAULT_MAX_LAG_BLOCKS);
  }

  /** The independent providers: n, of which the first k are read. */
  public List<ReadProvider> independent() {
    return providers.stream().filter(ReadProvider::independent).toList();
  }

  // Withers in the same shape as EvmChainsConfig's by design: each record copies its own
  // components, which no shared code could name.
  public EvmQuorum withProviders(List<ReadProvider> providers) {
    return new EvmQuorum(chain, providers, size, maxLagBlocks, signsNames);
  }

  public EvmQuorum withSize(int size) {
    return new EvmQuorum(chain, providers, size, maxLagBlocks, signsNames);
  }

  public EvmQuorum withMaxLagBlocks(int maxLagBlocks) {
    return new EvmQuorum(chain, providers, size, maxLagBlocks, signsNames);
  }

  /** The same quorum, its results signing the names of the providers read or not. */
  public EvmQuorum withSignedNames(boolean signsNames) {
    return new EvmQuorum(chain, providers, size, maxLagBlocks, signsNames);
  }
}
