package org.walletstate.adapters.chain.evm.cache;

import java.math.BigInteger;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.adapters.chain.evm.BlockHead;
import org.walletstate.adapters.chain.evm.LruMap;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.evm.read.ReadOutcome;

/**
 * Answers of requests at fixed blocks, least recently used dropped first. Keys carry the block hash
 * as well as its number, so a block replaced by a reorganisation at the same height misses, and the
 * {@link ReadCacheSource} that answered, so a quorum provider's entries serve that provider only.
 * Only answers and reverts are kept: a failure is no fact about the block. Shared by every chain
 * and every quorum provider, within one bound; thread-safe.
 */
public final class ReadCache {

  private record Key(ReadCacheSource source, BigInteger number, Bytes32 hash, EvmRequest request) {}

  private final int capacity;
  private final Map<Key, ReadOutcome> entries;

  /**
   * @param capacity the most entries kept; 0 keeps nothing
   */
  public ReadCache(int capacity) {
    if (capacity < 0) {
      throw new IllegalArgumentException("capacity must not be negative: " + capacity);
    }
    this.capacity = capacity;
    this.entries = new LruMap<>(capacity);
  }

  public synchronized Optional<ReadOutcome> get(
      ReadCacheSource source, BlockHead block, EvmRequest request) {
    return Optional.ofNullable(entries.get(key(source, block, request)));
  }

  /** Keeps {@code outcome} unless it is a failure. */
  public synchronized void put(
      ReadCacheSource source, BlockHead block, EvmRequest request, ReadOutcome outcome) {
    Objects.requireNonNull(outcome, "outcome");
    if (capacity > 0 && !(outcome instanceof ReadOutcome.Failed)) {
      entries.put(key(source, block, request), outcome);
    }
  }

  public synchronized int size() {
    return entries.size();
  }

  private static Key key(ReadCacheSource source, BlockHead block, EvmRequest request) {
    return new Key(
        Objects.requireNonNull(source, "source"),
        block.number(),
        block.hash(),
        Objects.requireNonNull(request, "request"));
  }
}
