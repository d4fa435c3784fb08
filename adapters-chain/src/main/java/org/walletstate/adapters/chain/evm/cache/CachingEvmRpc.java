package org.walletstate.adapters.chain.evm.cache;

import io.smallrye.mutiny.Uni;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.walletstate.adapters.chain.evm.BlockHead;
import org.walletstate.adapters.chain.evm.Deadline;
import org.walletstate.adapters.chain.evm.EvmRpc;
import org.walletstate.adapters.chain.evm.ForwardingEvmRpc;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.evm.read.ReadOutcome;

/**
 * Serves requests at a block from a {@link ReadCache} and asks the chain only for the others. The
 * head always goes to the chain: it is what moves. Entries are the {@link ReadCacheSource}'s own:
 * the chain's single reader, or one quorum provider, whose cached answers serve its reads only.
 */
public final class CachingEvmRpc extends ForwardingEvmRpc {

  private final ReadCacheSource source;
  private final ReadCache cache;

  /** The cache of {@code chain}'s single reader. */
  public CachingEvmRpc(ChainId chain, EvmRpc delegate, ReadCache cache) {
    this(ReadCacheSource.single(chain), delegate, cache);
  }

  /**
   * @param source whose answers {@code delegate} gives: entries it puts answer its reads only
   */
  public CachingEvmRpc(ReadCacheSource source, EvmRpc delegate, ReadCache cache) {
    super(delegate);
    this.source = Objects.requireNonNull(source, "source");
    this.cache = Objects.requireNonNull(cache, "cache");
  }

  @Override
  public Uni<Map<EvmRequest, ReadOutcome>> read(
      BlockHead block, Set<EvmRequest> requests, Deadline deadline) {
    Map<EvmRequest, ReadOutcome> cached = new LinkedHashMap<>();
    Set<EvmRequest> missing = new LinkedHashSet<>();
    for (EvmRequest request : requests) {
      Optional<ReadOutcome> hit = cache.get(source, block, request);
      if (hit.isPresent()) {
        cached.put(request, hit.get());
      } else {
        missing.add(request);
      }
    }
    if (missing.isEmpty()) {
      return Uni.createFrom().item(cached);
    }
    return delegate()
        .read(block, missing, deadline)
        .map(
            answered -> {
              answered.forEach((request, outcome) -> cache.put(source, block, request, outcome));
              Map<EvmRequest, ReadOutcome> all = new LinkedHashMap<>(cached);
              all.putAll(answered);
              return all;
            });
  }

  @Override
  public String toString() {
    return "CachingEvmRpc[" + source + ", " + delegate() + "]";
  }
}
