package org.walletstate.adapters.http.testbed;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * Watches against the devnet: its webhook receivers are plain http on 127.0.0.1, which the
 * test-only settings of {@code walletstate.watches.test} admit (and nothing else); a key may have
 * three watches, so the limit is reached quickly; evaluations, deliveries and retries come every
 * few hundred milliseconds instead of seconds.
 */
public final class WebhookTestResource implements QuarkusTestResourceLifecycleManager {

  /** The watches a key may have in these tests. */
  public static final int MAX_PER_KEY = 3;

  @Override
  public Map<String, String> start() {
    return Map.of(
        "walletstate.watches.test.allow-http", "true",
        "walletstate.watches.test.allowed-loopback-addresses", "127.0.0.1",
        "walletstate.watches.max-per-key", Integer.toString(MAX_PER_KEY),
        "walletstate.watches.evaluate-every", "300ms",
        "walletstate.watches.deliver-every", "200ms",
        "walletstate.watches.retry-base", "200ms");
  }

  @Override
  public void stop() {
    // nothing started
  }
}
