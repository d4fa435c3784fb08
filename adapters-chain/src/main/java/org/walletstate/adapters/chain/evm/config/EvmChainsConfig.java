package org.walletstate.adapters.chain.evm.config;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.walletstate.adapters.chain.AnswerBound;
import org.walletstate.domain.chain.ChainId;

/**
 * Everything EVM reads need from configuration: the chains, the shared read cache and the pool of
 * connections and threads.
 *
 * @param chains how each chain is read
 * @param cacheEntries the most reads the cache keeps (least recently used go first); 0 turns the
 *     cache off
 * @param maxConcurrentCalls the most HTTP exchanges in flight across all chains; more wait
 * @param failback how long a chain keeps using the endpoint it failed over to before it tries its
 *     first endpoint again
 * @param maxAnswerBytes the most bytes one node answer may have (docs/chain-reads.md, "Answer
 *     size")
 */
public record EvmChainsConfig(
    Map<ChainId, EvmChainConfig> chains,
    int cacheEntries,
    int maxConcurrentCalls,
    Duration failback,
    long maxAnswerBytes) {

  public static final int DEFAULT_CACHE_ENTRIES = 10_000;
  public static final int DEFAULT_MAX_CONCURRENT_CALLS = 64;
  public static final Duration DEFAULT_FAILBACK = Duration.ofSeconds(60);

  public EvmChainsConfig {
    Objects.requireNonNull(chains, "chains");
    Objects.requireNonNull(failback, "failback");
    chains.forEach(
        (id, config) -> {
          if (!id.equals(config.chain())) {
            throw new IllegalArgumentException(
                "the configuration of chain " + config.chain() + " is filed under " + id);
          }
        });
    chains = Collections.unmodifiableMap(new LinkedHashMap<>(chains));
    if (cacheEntries < 0) {
      throw new IllegalArgumentException("cacheEntries must not be negative: " + cacheEntries);
    }
    if (maxConcurrentCalls < 1) {
      throw new IllegalArgumentException(
          "maxConcurrentCalls must be positive: " + maxConcurrentCalls);
    }
    if (maxAnswerBytes < 1) {
      throw new IllegalArgumentException("maxAnswerBytes must be positive: " + maxAnswerBytes);
    }
    if (failback.isNegative()) {
      throw new IllegalArgumentException("failback must not be negative: " + failback);
    }
  }

  /** Every EVM chain on its public endpoints, with the default policy, cache and pool. */
  public static EvmChainsConfig defaults() {
    Map<ChainId, EvmChainConfig> chains = new LinkedHashMap<>();
    PublicEvmEndpoints.all().keySet().forEach(id -> chains.put(id, PublicEvmEndpoints.config(id)));
    return new EvmChainsConfig(
        chains,
        DEFAULT_CACHE_ENTRIES,
        DEFAULT_MAX_CONCURRENT_CALLS,
        DEFAULT_FAILBACK,
        AnswerBound.DEFAULT_MAX_BYTES);
  }

  /** These settings with {@code config} replacing (or adding) its chain's. */
  public EvmChainsConfig with(EvmChainConfig config) {
    Map<ChainId, EvmChainConfig> replaced = new LinkedHashMap<>(chains);
    replaced.put(config.chain(), config);
    return new EvmChainsConfig(
        replaced, cacheEntries, maxConcurrentCalls, failback, maxAnswerBytes);
  }

  /** These settings reading only {@code configs}' chains. */
  public EvmChainsConfig onlyWith(Iterable<EvmChainConfig> configs) {
    Map<ChainId, EvmChainConfig> only = new LinkedHashMap<>();
    configs.forEach(config -> only.put(config.chain(), config));
    return new EvmChainsConfig(only, cacheEntries, maxConcurrentCalls, failback, maxAnswerBytes);
  }

  public EvmChainsConfig withCacheEntries(int cacheEntries) {
    return new EvmChainsConfig(chains, cacheEntries, maxConcurrentCalls, failback, maxAnswerBytes);
  }

  public EvmChainsConfig withMaxConcurrentCalls(int maxConcurrentCalls) {
    return new EvmChainsConfig(chains, cacheEntries, maxConcurrentCalls, failback, maxAnswerBytes);
  }

  public EvmChainsConfig withMaxAnswerBytes(long maxAnswerBytes) {
    return new EvmChainsConfig(chains, cacheEntries, maxConcurrentCalls, failback, maxAnswerBytes);
  }

  public EvmChainsConfig withFailback(Duration failback) {
    return new EvmChainsConfig(chains, cacheEntries, maxConcurrentCalls, failback, maxAnswerBytes);
  }

  /**
   * @throws IllegalArgumentException when {@code chain} is not configured
   */
  public EvmChainConfig chain(ChainId chain) {
    EvmChainConfig config = chains.get(chain);
    if (config == null) {
      throw new IllegalArgumentException("chain " + chain + " is not configured");
    }
    return config;
  }
}
