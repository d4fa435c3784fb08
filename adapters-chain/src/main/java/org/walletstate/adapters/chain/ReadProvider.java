package org.walletstate.adapters.chain;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One provider of a chain for quorum reads, whatever the chain's family: a name, its endpoints
 * (tried in order, with failover, as one provider), and whether it is independent of the chain's
 * other providers. Two URLs of one vendor are one provider, not two.
 *
 * @param name what logs, meters and (when the operator opts in) results call it; letters, digits,
 *     {@code -} and {@code _}
 * @param endpoints its URLs in priority order
 * @param independent whether it counts towards a quorum: run by an operator different from every
 *     other independent provider of the chain
 */
public record ReadProvider(String name, List<URI> endpoints, boolean independent) {

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,40}");

  public ReadProvider {
    Objects.requireNonNull(name, "name");
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "a provider name is 1 to 40 letters, digits, '-' or '_': \"" + name + "\"");
    }
    endpoints = List.copyOf(endpoints);
    if (endpoints.isEmpty()) {
      throw new IllegalArgumentException("provider " + name + " names no endpoint");
    }
  }

  /**
   * The default providers of a chain's endpoints: one per vendor, each independent; the endpoints
   * of one vendor are grouped, in order, into one provider.
   */
  public static List<ReadProvider> byVendor(List<URI> endpoints) {
    Map<String, List<URI>> byVendor = new LinkedHashMap<>();
    for (URI endpoint : endpoints) {
      byVendor.computeIfAbsent(vendorOf(endpoint), vendor -> new ArrayList<>()).add(endpoint);
    }
    List<ReadProvider> providers = new ArrayList<>();
    byVendor.forEach((vendor, urls) -> providers.add(new ReadProvider(vendor, urls, true)));
    return providers;
  }

  /**
   * The vendor of a public endpoint, as a default provider name: the host's second-level label
   * ({@code base-rpc.publicnode.com} → {@code publicnode}).
   */
  static String vendorOf(URI endpoint) {
    String[] labels = endpoint.getHost().split("\\.");
    String label = labels.length >= 2 ? labels[labels.length - 2] : labels[0];
    return label.replaceAll("[^A-Za-z0-9_-]", "-");
  }
}
