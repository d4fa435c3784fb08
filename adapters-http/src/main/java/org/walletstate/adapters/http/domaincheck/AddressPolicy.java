package org.walletstate.adapters.http.domaincheck;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.Optional;
import java.util.Set;

/**
 * Which resolved addresses a fetch may connect to: public unicast only. Refused: loopback (except
 * the exact addresses a test-only setting names), private (10/8, 172.16/12, 192.168/16, fc00::/7),
 * link-local (169.254/16, fe80::/10), shared (100.64/10), unspecified, multicast, and the reserved
 * IPv4 blocks (0/8, 192.0.0/24, 198.18/15, 240/4).
 */
final class AddressPolicy {

  private final Set<InetAddress> allowedLoopback;

  AddressPolicy(Set<InetAddress> allowedLoopback) {
    this.allowedLoopback = Set.copyOf(allowedLoopback);
  }

  /** Why {@code address} may not be reached, or empty when it may. */
  Optional<String> refusal(InetAddress address) {
    if (address.isLoopbackAddress()) {
      return allowedLoopback.contains(address)
          ? Optional.empty()
          : Optional.of("a loopback address");
    }
    if (address.isSiteLocalAddress()) {
      return Optional.of("a private address");
    }
    if (address.isLinkLocalAddress()) {
      return Optional.of("a link-local address");
    }
    if (address.isAnyLocalAddress() || address.isMulticastAddress()) {
      return Optional.of("not a unicast address");
    }
    byte[] b = address.getAddress();
    if (address instanceof Inet4Address) {
      int a0 = b[0] & 0xff;
      int a1 = b[1] & 0xff;
      if (a0 == 0 || a0 >= 240 || (a0 == 100 && a1 >= 64 && a1 < 128)) {
        return Optional.of("a reserved address");
      }
      if ((a0 == 192 && a1 == 0 && (b[2] & 0xff) == 0) || (a0 == 198 && (a1 == 18 || a1 == 19))) {
        return Optional.of("a reserved address");
      }
    }
    if (address instanceof Inet6Address && (b[0] & 0xfe) == 0xfc) {
      return Optional.of("a private address");
    }
    return Optional.empty();
  }
}
