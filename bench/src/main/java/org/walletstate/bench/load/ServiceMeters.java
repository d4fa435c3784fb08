package org.walletstate.bench.load;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What the service's own meters say of a trust run: the Prometheus text of {@code /q/metrics}
 * reduced to the sums and counts of its signing, chain-call and trust HTTP timers, and the per-call
 * figures of the calls between two readings.
 */
final class ServiceMeters {

  private ServiceMeters() {}

  /**
   * The service's own meters ({@code GET /q/metrics} on the management port): the sums and counts
   * of its signing timer, its chain-call timer and its HTTP server timer for the trust paths.
   */
  static Map<String, Double> parse(String metrics) {
    Map<String, Double> sums = new LinkedHashMap<>();
    for (String line : metrics.split("\n")) {
      if (line.startsWith("#")) {
        continue;
      }
      String name = line.substring(0, Math.max(0, line.indexOf(line.contains("{") ? '{' : ' ')));
      String key = null;
      if (name.startsWith("walletstate_signing_seconds_") && line.contains("statement=\"trust")) {
        key = name;
      } else if (name.startsWith("walletstate_chain_calls_seconds_")) {
        key = name;
      } else if (name.startsWith("http_server_requests_seconds_")
          && line.contains("uri=\"/v1/trust")) {
        key = name;
      }
      if (key != null && (key.endsWith("_sum") || key.endsWith("_count"))) {
        double value = Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
        sums.merge(key, value, Double::sum);
      }
    }
    return sums;
  }

  /** What the service's meters say of the timed calls: where its own time went, per call. */
  static void inside(Map<String, Double> before, Map<String, Double> after, int calls) {
    double signed = delta(before, after, "walletstate_signing_seconds_count");
    double signing = delta(before, after, "walletstate_signing_seconds_sum");
    double chainCalls = delta(before, after, "walletstate_chain_calls_seconds_count");
    double chainTime = delta(before, after, "walletstate_chain_calls_seconds_sum");
    double served = delta(before, after, "http_server_requests_seconds_sum");
    System.out.printf(
        Locale.ROOT,
        "  inside the service (its meters, timed calls only): HTTP server %.1f ms per call;"
            + " %.0f chain calls per call, %.2f ms each on average; %.0f profiles signed per call,"
            + " %.2f ms each (sum %.1f ms per call)%n",
        served * 1000 / calls,
        chainCalls / calls,
        chainCalls == 0 ? 0 : chainTime * 1000 / chainCalls,
        signed / calls,
        signed == 0 ? 0 : signing * 1000 / signed,
        signing * 1000 / calls);
  }

  private static double delta(Map<String, Double> before, Map<String, Double> after, String key) {
    return after.getOrDefault(key, 0.0) - before.getOrDefault(key, 0.0);
  }
}
