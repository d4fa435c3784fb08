package org.walletstate.adapters.chain.evm.config;

import java.net.URI;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One provider of an EVM chain for quorum reads: a name, its endpoints (tried in order, with
 * failover, as one provider), and whether it is independent of the chain's other providers. Two
 * URLs of one vendor are one provider, not two.
 *
 * @param name what logs, meters and (when the operator opts in) results call it; letters, digits,
 *     {@code -} and {@code _}
 * @param endpoints its JSON-RPC URLs in priority order
 * @param independent whether it counts towards a quorum: run by an operator different from every
 *     other independent provider of the chain
 */
public record EvmProvider(String name, List<URI> endpoints, boolean independent) {

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,40}");

  public EvmProvider {
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
   * The vendor of a public endpoint, as a default provider name: the host's second-level label
   * ({@code base-rpc.publicnode.com} → {@code publicnode}).
   */
  static String vendorOf(URI endpoint) {
    String[] labels = endpoint.getHost().split("\\.");
    String label = labels.length >= 2 ? labels[labels.length - 2] : labels[0];
    return label.replaceAll("[^A-Za-z0-9_-]", "-");
  }
}
