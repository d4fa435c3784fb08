package org.walletstate.adapters.chain.jsonrpc;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.walletstate.adapters.chain.ReaderSettings;
import org.walletstate.domain.chain.ChainId;

/**
 * How one non-EVM chain is read over JSON-RPC: the same policy as an EVM chain's (endpoints in
 * priority order, a timeout per exchange, bounded retries with backoff across endpoints, a deadline
 * per observation).
 *
 * <p>The settings every reader shares repeat {@link
 * org.walletstate.adapters.chain.evm.config.EvmChainConfig}'s on purpose: each family's
 * configuration is its own record, and {@link ReaderSettings#check} is the one home of what they
 * must be.
 *
 * @param chain the chain
 * @param endpoints JSON-RPC URLs ({@code http} or {@code https}) in priority order: the first is
 *     used while it answers, the next ones on failure
 * @param requestTimeout the most one HTTP exchange may take
 * @param attempts how often a call is tried in all (first try included), across endpoints
 * @param initialBackoff the pause before the first retry; doubled for each further retry
 * @param maxBackoff the longest pause between retries
 * @param observationDeadline the most one observation of the chain (anchor and every read) may take
 * @param failback how long the chain stays on an endpoint it failed over to before it tries its
 *     first endpoint again
 */
public record JsonRpcChainConfig(
    ChainId chain,
    List<URI> endpoints,
    Duration requestTimeout,
    int attempts,
    Duration initialBackoff,
    Duration maxBackoff,
    Duration observationDeadline,
    Duration failback) {

  // Components and defaults in EvmChainConfig's shape by design: each family's configuration is its
  // own record, with its own defaults.
  public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(4);
  public static final int DEFAULT_ATTEMPTS = 3;
  public static final Duration DEFAULT_INITIAL_BACKOFF = Duration.ofMillis(250);
  public static final Duration DEFAULT_MAX_BACKOFF = Duration.ofSeconds(1);
  public static final Duration DEFAULT_OBSERVATION_DEADLINE = Duration.ofSeconds(12);
  public static final Duration DEFAULT_FAILBACK = Duration.ofSeconds(60);

  /** The most attempts accepted in configuration. */
  public static final int MAX_ATTEMPTS_LIMIT = ReaderSettings.MAX_ATTEMPTS_LIMIT;

  /** The public mainnet endpoints used when none are configured. */
  public static final List<URI> SOLANA_PUBLIC =
      List.of(URI.create("https://api.mainnet-beta.solana.com"));

  public static final List<URI> XRPL_PUBLIC =
      List.of(
          URI.create("https://xrplcluster.com/"),
          URI.create("https://s1.ripple.com:51234/"),
          URI.create("https://s2.ripple.com:51234/"));

  /** Esplora REST APIs; each is its own backend, and a tip that moves mid-read is read again. */
  public static final List<URI> BITCOIN_PUBLIC =
      List.of(
          URI.create("https://blockstream.info/api/"), URI.create("https://mempool.space/api/"));

  /** Tron full-node HTTP APIs (TronGrid), read on their solidified paths. */
  public static final List<URI> TRON_PUBLIC = List.of(URI.create("https://api.trongrid.io/"));

  /** Horizon (REST), for Stellar. */
  public static final List<URI> STELLAR_PUBLIC =
      List.of(URI.create("https://horizon.stellar.org/"));

  /** GraphQL, for Sui. */
  public static final List<URI> SUI_PUBLIC =
      List.of(URI.create("https://graphql.mainnet.sui.io/graphql"));

  public JsonRpcChainConfig {
    endpoints =
        ReaderSettings.check(
            chain,
            endpoints,
            requestTimeout,
            attempts,
            initialBackoff,
            maxBackoff,
            observationDeadline);
    Objects.requireNonNull(failback, "failback");
    if (failback.isNegative()) {
      throw new IllegalArgumentException("chain " + chain + ": failback must not be negative");
    }
  }

  /** {@code endpoints} of {@code chain} with the default policy. */
  public static JsonRpcChainConfig of(ChainId chain, List<URI> endpoints) {
    return new JsonRpcChainConfig(
        chain,
        endpoints,
        DEFAULT_REQUEST_TIMEOUT,
        DEFAULT_ATTEMPTS,
        DEFAULT_INITIAL_BACKOFF,
        DEFAULT_MAX_BACKOFF,
        DEFAULT_OBSERVATION_DEADLINE,
        DEFAULT_FAILBACK);
  }
}
