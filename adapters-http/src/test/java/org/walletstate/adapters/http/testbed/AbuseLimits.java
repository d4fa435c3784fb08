package org.walletstate.adapters.http.testbed;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The per-address limits on at their documented defaults, behind a trusted proxy (the test client's
 * loopback), so a test names each client address it plays in {@code X-Forwarded-For}.
 */
public final class AbuseLimits implements QuarkusTestProfile {

  @Override
  public Map<String, String> getConfigOverrides() {
    return Map.of(
        "walletstate.rate-limits.enabled", "true",
        "walletstate.http.trusted-proxies", "127.0.0.0/8,::1");
  }

  /** An address no other test uses (from the benchmarking range 198.18.0.0/15). */
  public static String freshClient() {
    ThreadLocalRandom r = ThreadLocalRandom.current();
    return "198." + (18 + r.nextInt(2)) + "." + r.nextInt(256) + "." + (1 + r.nextInt(254));
  }
}
