package org.walletstate.adapters.chain.jsonrpc;

import java.net.URI;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.walletstate.adapters.chain.ReadProvider;

/**
 * How one non-EVM chain is read when a request asks for a quorum: its providers, how many
 * independent ones must agree, and how far apart their anchors may be.
 *
 * @param providers the chain's providers, in order; the first {@code size} independent ones are
 *     read
 * @param size k: how many independent providers are read and must agree (at least 2)
 * @param maxLag the most the providers' anchors may be apart, in the family's unit (ledgers, slots,
 *     blocks, checkpoints)
 * @param signsNames whether a result read with this quorum signs the names of the providers read
 */
public record SnapshotQuorum(
    List<ReadProvider> providers, int size, long maxLag, boolean signsNames) {

  public static final int DEFAULT_SIZE = 2;

  public SnapshotQuorum {
    providers = List.copyOf(providers);
    if (size < 2) {
      throw new IllegalArgumentException("a quorum is at least 2 providers, got " + size);
    }
    if (maxLag < 0) {
      throw new IllegalArgumentException("max-lag must not be negative, got " + maxLag);
    }
    Set<String> names = new HashSet<>();
    for (ReadProvider provider : providers) {
      if (!names.add(provider.name())) {
        throw new IllegalArgumentException("provider " + provider.name() + " is named twice");
      }
    }
  }

  /** The default quorum of {@code endpoints}: one provider per vendor, k = 2, names unsigned. */
  public static SnapshotQuorum ofEndpoints(List<URI> endpoints, long maxLag) {
    return new SnapshotQuorum(ReadProvider.byVendor(endpoints), DEFAULT_SIZE, maxLag, false);
  }

  /** The independent providers: n, of which the first k are read. */
  public List<ReadProvider> independent() {
    return providers.stream().filter(ReadProvider::independent).toList();
  }

  // Withers in the same shape as HeadFollowing's by design: each record copies its own
  // components, which no shared code could name.
  public SnapshotQuorum withProviders(List<ReadProvider> providers) {
    return new SnapshotQuorum(providers, size, maxLag, signsNames);
  }

  public SnapshotQuorum withSize(int size) {
    return new SnapshotQuorum(providers, size, maxLag, signsNames);
  }

  public SnapshotQuorum withMaxLag(long maxLag) {
    return new SnapshotQuorum(providers, size, maxLag, signsNames);
  }

  public SnapshotQuorum withSignedNames(boolean signsNames) {
    return new SnapshotQuorum(providers, size, maxLag, signsNames);
  }
}
