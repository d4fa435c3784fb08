package org.walletstate.adapters.http.ratelimit;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.Config;

/**
 * The limits as configured: {@code walletstate.rate-limits.enabled}, per policy {@code
 * walletstate.rate-limits.<name>.requests} and {@code .window} over the defaults of {@link
 * RatePolicy}, and the proxies whose {@code X-Forwarded-For} is believed ({@code
 * walletstate.http.trusted-proxies}, CIDR blocks; none by default). Read once, at start-up.
 */
public class RateLimitSettings {

  /** One policy's limit. */
  record Limit(int requests, Duration window) {}

  private final boolean enabled;
  private final Map<RatePolicy, Limit> limits = new EnumMap<>(RatePolicy.class);
  private final ClientAddresses addresses;

  public RateLimitSettings(Config config) {
    this.enabled =
        config.getOptionalValue("walletstate.rate-limits.enabled", Boolean.class).orElse(true);
    for (RatePolicy policy : RatePolicy.values()) {
      String prefix = "walletstate.rate-limits." + policy.wireName();
      int requests =
          config
              .getOptionalValue(prefix + ".requests", Integer.class)
              .orElse(policy.defaultRequests());
      Duration window =
          config
              .getOptionalValue(prefix + ".window", Duration.class)
              .orElse(policy.defaultWindow());
      if (requests < 0 || window.toSeconds() < 1 || window.compareTo(Duration.ofDays(1)) > 0) {
        throw new IllegalArgumentException(
            prefix + ": requests must be 0 or more and the window 1 second to 1 day");
      }
      limits.put(policy, new Limit(requests, window));
    }
    this.addresses =
        new ClientAddresses(
            config
                .getOptionalValues("walletstate.http.trusted-proxies", String.class)
                .orElse(List.of()));
  }

  public boolean enabled() {
    return enabled;
  }

  Limit limit(RatePolicy policy) {
    return limits.get(policy);
  }

  public ClientAddresses addresses() {
    return addresses;
  }

  /** "minute", "10 minutes", "hour", … */
  static String describe(Duration window) {
    long s = window.toSeconds();
    if (s % 3600 == 0) {
      return s == 3600 ? "hour" : (s / 3600) + " hours";
    }
    if (s % 60 == 0) {
      return s == 60 ? "minute" : (s / 60) + " minutes";
    }
    return s == 1 ? "second" : s + " seconds";
  }
}
