package org.walletstate.adapters.http.domaincheck;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.dns.DnsClient;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

/**
 * A host's addresses as the guarded look-ups resolve it, before {@link AddressPolicy} judges them.
 */
final class HostAddresses {

  private HostAddresses() {}

  /** A URL's host without the brackets of an IPv6 literal. */
  static String bare(String host) {
    return host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
  }

  /** The host's addresses: a literal as it is, a name through the resolver (A and AAAA). */
  static Uni<List<InetAddress>> of(DnsClient dns, String host) {
    if (host.matches("[0-9.]+") || host.contains(":")) {
      try {
        return Uni.createFrom().item(List.of(InetAddress.getByName(host)));
      } catch (UnknownHostException e) {
        return Uni.createFrom().item(List.of());
      }
    }
    Uni<List<String>> v4 = dns.resolveA(host).onFailure().recoverWithItem(List.of());
    Uni<List<String>> v6 = dns.resolveAAAA(host).onFailure().recoverWithItem(List.of());
    return Uni.combine()
        .all()
        .unis(v4, v6)
        .asTuple()
        .map(
            both -> {
              List<InetAddress> all = new ArrayList<>();
              for (List<String> list : List.of(both.getItem1(), both.getItem2())) {
                for (String text : list) {
                  try {
                    all.add(InetAddress.getByName(text)); // a literal: no lookup
                  } catch (UnknownHostException e) {
                    // not an address; skipped
                  }
                }
              }
              return all;
            });
  }
}
