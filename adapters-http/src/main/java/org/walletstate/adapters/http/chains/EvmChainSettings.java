package org.walletstate.adapters.http.chains;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.jboss.logging.Logger;
import org.walletstate.adapters.chain.evm.config.EvmChainConfig;
import org.walletstate.adapters.chain.evm.config.EvmChainsConfig;
import org.walletstate.adapters.chain.evm.config.HeadFollowing;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.request.RequestValue;

/** The EVM chain reader's settings: its defaults, with the configured overrides. */
public final class EvmChainSettings {

  private static final Logger LOG = Logger.getLogger(EvmChainSettings.class);

  private EvmChainSettings() {}

  /**
   * @throws IllegalArgumentException naming the configuration key that is wrong
   */
  public static EvmChainsConfig evmConfig(ChainReadsConfig config) {
    EvmChainsConfig evm = EvmChainsConfig.defaults();
    for (Map.Entry<String, ChainReadsConfig.EvmChain> entry : config.evm().entrySet()) {
      Chain chain = chain(entry.getKey());
      EvmChainConfig chainConfig = evm.chains().get(chain.id());
      ChainReadsConfig.EvmChain o = entry.getValue();
      if (o.endpoints().isPresent()) {
        chainConfig = chainConfig.withEndpoints(o.endpoints().get());
      }
      if (o.requestTimeout().isPresent()) {
        chainConfig = chainConfig.withRequestTimeout(o.requestTimeout().get());
      }
      if (o.attempts().isPresent()) {
        chainConfig = chainConfig.withAttempts(o.attempts().getAsInt());
      }
      if (o.initialBackoff().isPresent() || o.maxBackoff().isPresent()) {
        chainConfig =
            chainConfig.withBackoff(
                o.initialBackoff().orElse(chainConfig.initialBackoff()),
                o.maxBackoff().orElse(chainConfig.maxBackoff()));
      }
      if (o.maxBatchSize().isPresent()) {
        chainConfig = chainConfig.withMaxBatchSize(o.maxBatchSize().getAsInt());
      }
      if (o.observationDeadline().isPresent()) {
        chainConfig = chainConfig.withObservationDeadline(o.observationDeadline().get());
      }
      evm = evm.with(chainConfig);
      // hosts only: paths, queries and user info of provider URLs often carry API keys
      LOG.infof(
          "Chain %s read from %s",
          chain.id(), chainConfig.endpoints().stream().map(EvmChainSettings::hostOf).toList());
    }
    // Override by override, as for each chain above, by design: every setting has its own
    // with-method.
    ChainReadsConfig.EvmReads shared = config.evmReads();
    if (shared.cacheEntries().isPresent()) {
      evm = evm.withCacheEntries(shared.cacheEntries().getAsInt());
    }
    if (shared.maxConcurrentCalls().isPresent()) {
      evm = evm.withMaxConcurrentCalls(shared.maxConcurrentCalls().getAsInt());
    }
    if (shared.maxAnswerBytes().isPresent()) {
      evm = evm.withMaxAnswerBytes(shared.maxAnswerBytes().getAsLong());
    }
    if (shared.failback().isPresent()) {
      evm = evm.withFailback(shared.failback().get());
    }
    return evm;
  }

  /**
   * How EVM heads are followed: on by default, with the configured overrides.
   *
   * @throws IllegalArgumentException when the settings do not fit together
   */
  public static HeadFollowing headFollowing(ChainReadsConfig config) {
    ChainReadsConfig.EvmReads shared = config.evmReads();
    HeadFollowing heads = HeadFollowing.defaults();
    if (shared.headFollowing().isPresent()) {
      heads = heads.withEnabled(shared.headFollowing().get());
    }
    Duration interval = shared.headPollInterval().orElse(heads.pollInterval());
    Duration maxAge =
        shared
            .headMaxAge()
            .orElse(
                interval.compareTo(heads.maxAge()) > 0 ? interval.multipliedBy(3) : heads.maxAge());
    try {
      return new HeadFollowing(
          heads.enabled(), interval, maxAge, shared.headIdleAfter().orElse(heads.idleAfter()));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "walletstate.chains.evm-reads.head-*: " + e.getMessage(), e);
    }
  }

  static String hostOf(URI endpoint) {
    return endpoint.getPort() < 0
        ? endpoint.getHost()
        : endpoint.getHost() + ":" + endpoint.getPort();
  }

  /** The EVM chain a {@code walletstate.chains.evm} key names. */
  static org.walletstate.domain.chain.ChainId chainOf(String key) {
    return chain(key).id();
  }

  private static Chain chain(String key) {
    try {
      Chain chain = ChainCatalogue.parse(new RequestValue.Text(key), "walletstate.chains.evm key");
      if (!chain.isEvm()) {
        throw new IllegalArgumentException(
            "walletstate.chains.evm." + key + ": " + key + " is not an EVM chain");
      }
      return chain;
    } catch (ValidationException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }
}
