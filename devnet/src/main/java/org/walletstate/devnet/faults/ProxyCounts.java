package org.walletstate.devnet.faults;

import java.util.Map;
import java.util.TreeMap;

/**
 * What a {@link FaultProxy} received since it was started or reset: a snapshot.
 *
 * @param requests HTTP requests
 * @param callsByMethod JSON-RPC calls per method, batches counted call by call
 * @param faultsByKind HTTP requests per {@link Fault#kind()} that answered them ({@code
 *     pass_through} for requests no rule took)
 */
public record ProxyCounts(
    long requests, Map<String, Long> callsByMethod, Map<String, Long> faultsByKind) {

  public ProxyCounts {
    callsByMethod = Map.copyOf(callsByMethod);
    faultsByKind = Map.copyOf(faultsByKind);
  }

  /** Calls of {@code method}. */
  public long calls(String method) {
    return callsByMethod.getOrDefault(method, 0L);
  }

  /** Calls of every method. */
  public long calls() {
    return callsByMethod.values().stream().mapToLong(Long::longValue).sum();
  }

  /** Requests answered with a fault of this {@link Fault#kind()}. */
  public long faults(String kind) {
    return faultsByKind.getOrDefault(kind, 0L);
  }

  @Override
  public String toString() {
    return "requests "
        + requests
        + ", calls "
        + new TreeMap<>(callsByMethod)
        + ", answered "
        + new TreeMap<>(faultsByKind);
  }
}
