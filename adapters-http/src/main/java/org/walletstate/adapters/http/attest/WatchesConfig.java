package org.walletstate.adapters.http.attest;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** {@code walletstate.watches.*}: watches (docs/watches.md). */
@ConfigMapping(prefix = "walletstate.watches")
public interface WatchesConfig {

  /** The watches one key may have at once (expired ones count until deleted). */
  @WithName("max-per-key")
  @WithDefault("25")
  int maxPerKey();

  /** How often the due watches are evaluated. */
  @WithName("evaluate-every")
  @WithDefault("2s")
  Duration evaluateEvery();

  /** Watches one evaluation run takes at most (per replica). */
  @WithName("evaluate-batch")
  @WithDefault("1000")
  int evaluateBatch();

  /** The watch time one credit pays: each started period of a watch's life costs a credit. */
  @WithName("charge-period")
  @WithDefault("24h")
  Duration chargePeriod();

  /** How often due deliveries are attempted. */
  @WithName("deliver-every")
  @WithDefault("1s")
  Duration deliverEvery();

  /** Deliveries one run attempts at most (per replica). */
  @WithName("deliver-batch")
  @WithDefault("200")
  int deliverBatch();

  /** One delivery attempt's deadline. */
  @WithName("delivery-timeout")
  @WithDefault("10s")
  Duration deliveryTimeout();

  /** The delay before the first retry; doubled after each failed attempt. */
  @WithName("retry-base")
  @WithDefault("5s")
  Duration retryBase();

  /** The longest delay between two attempts. */
  @WithName("retry-max-delay")
  @WithDefault("1h")
  Duration retryMaxDelay();

  /** How long after a change its delivery is attempted before it is given up. */
  @WithName("retry-for")
  @WithDefault("24h")
  Duration retryFor();

  /** Settings that exist for tests only; production leaves them unset. */
  @WithName("test")
  Test test();

  /** Test-only settings: the devnet's webhook receivers are plain http on a loopback address. */
  interface Test {
    /** Loopback addresses a webhook may resolve to (exact addresses, e.g. 127.0.0.1). */
    @WithName("allowed-loopback-addresses")
    Optional<List<String>> allowedLoopbackAddresses();

    /** Whether http webhook URLs are accepted besides https. */
    @WithName("allow-http")
    @WithDefault("false")
    boolean allowHttp();
  }
}
