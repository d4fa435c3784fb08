package org.walletstate.adapters.http.domaincheck;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;

/**
 * Which resolved addresses a fetch may connect to: public unicast only. Refused: loopback (except
 * the exact addresses a test-only setting names), private (10/8, 172.16/12, 192.168/16, fc00::/7),
 * link-local (169.254/16, fe80::/10), shared (100.64/10), unspecified, multicast, the reserved IPv4
 * blocks (0/8, 192.0.0/24, 198.18/15, 240/4) and IPv6 blocks (100::/64 discard, 2001:db8::/32
 * documentation), and IPv6 addresses that carry an IPv4 address a gateway would reach: IPv4-mapped
 * (::ffff:0:0/96), IPv4-compatible (::/96), NAT64 (64:ff9b::/96), 6to4 (2002::/16) and Teredo
 * (2001::/32, server and client) whose IPv4 address is refused by the rules above. The local-use
 * NAT64 prefix 64:ff9b:1::/48 is refused whole: where its IPv4 part sits is the operator's choice.
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
    Optional<String> common = common(address);
    if (common.isPresent()) {
      return common;
    }
    return address instanceof Inet6Address v6 ? ipv6(v6.getAddress()) : ipv4(address.getAddress());
  }

  private static Optional<String> common(InetAddress address) {
    if (address.isSiteLocalAddress()) {
      return Optional.of("a private address");
    }
    if (address.isLinkLocalAddress()) {
      return Optional.of("a link-local address");
    }
    if (address.isAnyLocalAddress() || address.isMulticastAddress()) {
      return Optional.of("not a unicast address");
    }
    return Optional.empty();
  }

  private static Optional<String> ipv4(byte[] b) {
    int a0 = b[0] & 0xff;
    int a1 = b[1] & 0xff;
    if (a0 == 0 || a0 >= 240 || (a0 == 100 && a1 >= 64 && a1 < 128)) {
      return Optional.of("a reserved address");
    }
    if ((a0 == 192 && a1 == 0 && (b[2] & 0xff) == 0) || (a0 == 198 && (a1 == 18 || a1 == 19))) {
      return Optional.of("a reserved address");
    }
    return Optional.empty();
  }

  private static Optional<String> ipv6(byte[] b) {
    if ((b[0] & 0xfe) == 0xfc) {
      return Optional.of("a private address");
    }
    if (startsWith(b, 0x00, 0x64, 0xff, 0x9b, 0x00, 0x01)) {
      return Optional.of("a local-use NAT64 address");
    }
    if (startsWith(b, 0x01, 0x00, 0, 0, 0, 0, 0, 0) || startsWith(b, 0x20, 0x01, 0x0d, 0xb8)) {
      return Optional.of("a reserved address");
    }
    if (zero(b, 0, 10) && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff) {
      return embedded("an IPv4-mapped address", b, 12, 0);
    }
    if (zero(b, 0, 12)) {
      return embedded("an IPv4-compatible address", b, 12, 0);
    }
    if (startsWith(b, 0x00, 0x64, 0xff, 0x9b) && zero(b, 4, 12)) {
      return embedded("a NAT64 address", b, 12, 0);
    }
    if (startsWith(b, 0x20, 0x02)) {
      return embedded("a 6to4 address", b, 2, 0);
    }
    if (startsWith(b, 0x20, 0x01, 0x00, 0x00)) {
      return embedded("a Teredo address", b, 4, 0)
          .or(() -> embedded("a Teredo address", b, 12, 0xff));
    }
    return Optional.empty();
  }

  /**
   * The refusal of the IPv4 address at {@code b[from..from+4)} (each byte XORed with {@code mask}),
   * named as carried by {@code kind}; loopback is refused here whatever the test setting.
   */
  private static Optional<String> embedded(String kind, byte[] b, int from, int mask) {
    byte[] v4 = Arrays.copyOfRange(b, from, from + 4);
    for (int i = 0; i < 4; i++) {
      v4[i] = (byte) (v4[i] ^ mask);
    }
    InetAddress inner;
    try {
      inner = InetAddress.getByAddress(v4);
    } catch (UnknownHostException e) {
      throw new IllegalStateException(e); // four bytes are always an address
    }
    Optional<String> why =
        inner.isLoopbackAddress() ? Optional.of("a loopback address") : common(inner);
    return why.or(() -> ipv4(v4))
        .map(reason -> kind + " carrying " + reason + " (" + inner.getHostAddress() + ")");
  }

  private static boolean startsWith(byte[] b, int... prefix) {
    for (int i = 0; i < prefix.length; i++) {
      if ((b[i] & 0xff) != prefix[i]) {
        return false;
      }
    }
    return true;
  }

  private static boolean zero(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (b[i] != 0) {
        return false;
      }
    }
    return true;
  }
}
