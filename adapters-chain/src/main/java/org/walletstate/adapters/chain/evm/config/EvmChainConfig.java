package org.walletstate.adapters.chain.evm.config;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.walletstate.adapters.chain.ReaderSettings;
import org.walletstate.domain.chain.ChainId;

/**
 * How one EVM chain is read.
 *
 * <p>The settings every reader shares repeat {@link
 * org.walletstate.adapters.chain.jsonrpc.JsonRpcChainConfig}'s on purpose: each family's
 * configuration is its own record, and {@link ReaderSettings#check} is the one home of what they
 * must be.
 *
 * @param chain an EVM chain id
 * @param endpoints JSON-RPC URLs ({@code http} or {@code https}) in priority order: the first is
 *     used while it answers, the next ones on failure
 * @param requestTimeout the most one HTTP exchange (one request or one batch) may take
 * @param attempts how often a request is tried in all (first try included), across endpoints
 * @param initialBackoff the pause before the first retry; doubled for each further retry
 * @param maxBackoff the longest pause between retries
 * @param maxBatchSize the most requests in one JSON-RPC batch; larger rounds are split into batches
 *     sent together. 1 sends every request on its own, for endpoints without batches
 * @param observationDeadline the most one observation of the chain (head and every read) may take
 */
public record EvmChainConfig(
    ChainId chain,
    List<URI> endpoints,
    Duration requestTimeout,
    int attempts,
    Duration initialBackoff,
    Duration maxBackoff,
    int maxBatchSize,
    Duration observationDeadline) {

  // Components and defaults in JsonRpcChainConfig's shape by design: each family's configuration is
  // its own record, with its own defaults.
  public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(3);
  public static final int DEFAULT_ATTEMPTS = 3;
  public static final Duration DEFAULT_INITIAL_BACKOFF = Duration.ofMillis(200);
  public static final Duration DEFAULT_MAX_BACKOFF = Duration.ofSeconds(1);
  public static final int DEFAULT_MAX_BATCH_SIZE = 20;
  public static final Duration DEFAULT_OBSERVATION_DEADLINE = Duration.ofSeconds(8);

  /** The largest batch accepted in configuration; public endpoints cap far lower. */
  public static final int MAX_BATCH_SIZE_LIMIT = 1000;

  /** The most attempts accepted in configuration. */
  public static final int MAX_ATTEMPTS_LIMIT = ReaderSettings.MAX_ATTEMPTS_LIMIT;

  public EvmChainConfig {
    Objects.requireNonNull(chain, "chain");
    if (!(chain instanceof ChainId.Evm)) {
      throw new IllegalArgumentException("not an EVM chain: " + chain);
    }
    endpoints =
        ReaderSettings.check(
            chain,
            endpoints,
            requestTimeout,
            attempts,
            initialBackoff,
            maxBackoff,
            observationDeadline);
    if (maxBatchSize < 1 || maxBatchSize > MAX_BATCH_SIZE_LIMIT) {
      throw new IllegalArgumentException(
          "chain "
              + chain
              + ": maxBatchSize must be 1 to "
              + MAX_BATCH_SIZE_LIMIT
              + ", got "
              + maxBatchSize);
    }
  }

  /** {@code endpoints} of {@code chain} with the default policy. */
  public static EvmChainConfig of(ChainId chain, List<URI> endpoints) {
    return new EvmChainConfig(
        chain,
        endpoints,
        DEFAULT_REQUEST_TIMEOUT,
        DEFAULT_ATTEMPTS,
        DEFAULT_INITIAL_BACKOFF,
        DEFAULT_MAX_BACKOFF,
        DEFAULT_MAX_BATCH_SIZE,
        DEFAULT_OBSERVATION_DEADLINE);
  }

  public EvmChainConfig withEndpoints(List<URI> endpoints) {
    return edit(draft -> draft.endpoints = endpoints);
  }

  public EvmChainConfig withRequestTimeout(Duration requestTimeout) {
    return edit(draft -> draft.requestTimeout = requestTimeout);
  }

  public EvmChainConfig withAttempts(int attempts) {
    return edit(draft -> draft.attempts = attempts);
  }

  public EvmChainConfig withBackoff(Duration initialBackoff, Duration maxBackoff) {
    return edit(
        draft -> {
          draft.initialBackoff = initialBackoff;
          draft.maxBackoff = maxBackoff;
        });
  }

  public EvmChainConfig withMaxBatchSize(int maxBatchSize) {
    return edit(draft -> draft.maxBatchSize = maxBatchSize);
  }

  public EvmChainConfig withObservationDeadline(Duration observationDeadline) {
    return edit(draft -> draft.observationDeadline = observationDeadline);
  }

  // The copy-and-change step written out by design: each record's draft is its own.
  /** This configuration with the settings {@code change} sets on a copy of them. */
  private EvmChainConfig edit(Consumer<Draft> change) {
    Draft draft = new Draft(this);
    change.accept(draft);
    return draft.config();
  }

  /**
   * The settings of one chain while a {@code with…} method changes some of them. It passes every
   * setting back in the record's order, as the constructor passes the shared ones to {@link
   * ReaderSettings#check}: the repeat is the record's shape, not logic.
   */
  private static final class Draft {
    private final ChainId chain;
    private List<URI> endpoints;
    private Duration requestTimeout;
    private int attempts;
    private Duration initialBackoff;
    private Duration maxBackoff;
    private int maxBatchSize;
    private Duration observationDeadline;

    private Draft(EvmChainConfig from) {
      this.chain = from.chain;
      this.endpoints = from.endpoints;
      this.requestTimeout = from.requestTimeout;
      this.attempts = from.attempts;
      this.initialBackoff = from.initialBackoff;
      this.maxBackoff = from.maxBackoff;
      this.maxBatchSize = from.maxBatchSize;
      this.observationDeadline = from.observationDeadline;
    }

    // The settings in the constructor's order by design: the copy is built as any config is.
    private EvmChainConfig config() {
      return new EvmChainConfig(
          chain,
          endpoints,
          requestTimeout,
          attempts,
          initialBackoff,
          maxBackoff,
          maxBatchSize,
          observationDeadline);
    }
  }
}
