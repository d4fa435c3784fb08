package org.walletstate.adapters.http.robustness;

import java.util.Locale;
import java.util.Optional;

/**
 * Sizes and seeds of the robustness campaigns. The build runs them at a size that fits CI; {@code
 * -Drobustness.full=true} (or {@code ROBUSTNESS_FULL=true}) runs the full size, and each value can
 * be set on its own with {@code -Drobustness.<name>=...} or {@code ROBUSTNESS_<NAME>=...}.
 */
final class CampaignSettings {

  private CampaignSettings() {}

  static boolean full() {
    return Boolean.parseBoolean(setting("full").orElse("false"));
  }

  /** An integer setting: its own value if given, else the full or the CI default. */
  static int size(String name, int ciDefault, int fullDefault) {
    return setting(name).map(Integer::parseInt).orElse(full() ? fullDefault : ciDefault);
  }

  /** A seed: the given number, a fresh one for {@code random}, else {@code fallback}. */
  static long seed(String name, long fallback) {
    Optional<String> value = setting(name);
    if (value.isEmpty()) {
      return fallback;
    }
    if (value.get().equalsIgnoreCase("random")) {
      return System.nanoTime() ^ Double.doubleToLongBits(Math.random());
    }
    return Long.parseLong(value.get());
  }

  static Optional<String> setting(String name) {
    String property = System.getProperty("robustness." + name);
    if (property != null && !property.isBlank()) {
      return Optional.of(property.trim());
    }
    String env = System.getenv("ROBUSTNESS_" + name.toUpperCase(Locale.ROOT).replace('.', '_'));
    return env == null || env.isBlank() ? Optional.empty() : Optional.of(env.trim());
  }
}
