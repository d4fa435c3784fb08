package org.walletstate.adapters.http.ratelimit;

import io.vertx.core.MultiMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code RateLimit-Policy} and {@code RateLimit} fields of the IETF draft
 * draft-ietf-httpapi-ratelimit-headers-11: each a Structured Field List of items, one per quota
 * policy that applied to the request, named by a String: {@code "keys-create";q=5;w=3600} (quota
 * and window in seconds) and {@code "keys-create";r=4;t=1800} (what is left, and seconds until the
 * window resets). Items are appended, so a request held to two limits (its address's and its key's
 * daily limit) lists both.
 */
public final class RateLimitFields {

  public static final String POLICY = "RateLimit-Policy";
  public static final String CURRENT = "RateLimit";

  /** The name of a key's daily limit in the fields. */
  public static final String DAILY = "daily";

  private RateLimitFields() {}

  /** Appends one policy's items to {@code headers}. */
  public static void add(
      MultiMap headers, String policy, long quota, long windowSeconds, long left, long reset) {
    append(headers, POLICY, policy(policy, quota, windowSeconds));
    append(headers, CURRENT, current(policy, left, reset));
  }

  /** The two fields of one policy alone, for an error's headers. */
  public static Map<String, String> of(
      String policy, long quota, long windowSeconds, long left, long reset) {
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put(POLICY, policy(policy, quota, windowSeconds));
    fields.put(CURRENT, current(policy, left, reset));
    return fields;
  }

  static String policy(String policy, long quota, long windowSeconds) {
    return "\"" + policy + "\";q=" + quota + ";w=" + windowSeconds;
  }

  static String current(String policy, long left, long reset) {
    return "\"" + policy + "\";r=" + Math.max(0, left) + ";t=" + Math.max(0, reset);
  }

  private static void append(MultiMap headers, String field, String item) {
    String had = headers.get(field);
    headers.set(field, had == null || had.isEmpty() ? item : had + ", " + item);
  }
}
