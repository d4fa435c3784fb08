package org.walletstate.adapters.http.domaincheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The address rules on IPv6 addresses that lead to IPv4 through a translator or tunnel: each form
 * carrying loopback, private, link-local or metadata addresses is refused, and the same form
 * carrying a public address is not.
 */
class AddressPolicyTest {

  private final AddressPolicy policy = new AddressPolicy(Set.of(address("127.0.0.2")));

  private static InetAddress address(String text) {
    try {
      return InetAddress.getByName(text);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException(e);
    }
  }

  private String refusal(String text) {
    return policy.refusal(address(text)).orElse("allowed");
  }

  @Test
  void nat64_carryingPrivateLoopbackOrLinkLocal_isRefused() {
    assertThat(refusal("64:ff9b::7f00:1"))
        .isEqualTo("a NAT64 address carrying a loopback address (127.0.0.1)");
    assertThat(refusal("64:ff9b::10.0.0.5")).contains("NAT64 address carrying a private address");
    assertThat(refusal("64:ff9b::169.254.169.254")).contains("carrying a link-local address");
    assertThat(refusal("64:ff9b::100.64.0.1")).contains("carrying a reserved address");
    assertThat(refusal("64:ff9b::8.8.8.8")).isEqualTo("allowed");
  }

  @Test
  void localUseNat64_isRefusedWhole() {
    assertThat(refusal("64:ff9b:1::8.8.8.8")).isEqualTo("a local-use NAT64 address");
    assertThat(refusal("64:ff9b:1:a00:5::")).isEqualTo("a local-use NAT64 address");
  }

  @Test
  void sixToFour_carryingPrivate_isRefused() {
    assertThat(refusal("2002:a00:5::1"))
        .contains("a 6to4 address carrying a private address (10.0.0.5)");
    assertThat(refusal("2002:7f00:1::")).contains("6to4 address carrying a loopback address");
    assertThat(refusal("2002:a9fe:a9fe::1")).contains("6to4 address carrying a link-local");
    assertThat(refusal("2002:808:808::1")).isEqualTo("allowed");
  }

  @Test
  void teredo_carryingPrivateServerOrClient_isRefused() {
    // server 10.0.0.5 in bits 32-63
    assertThat(refusal("2001:0:a00:5::1")).contains("a Teredo address carrying a private address");
    // client 127.0.0.1 obfuscated (XOR 0xff) in the last 32 bits, public server
    assertThat(refusal("2001:0:808:808:0:0:80ff:fffe"))
        .contains("a Teredo address carrying a loopback address (127.0.0.1)");
    assertThat(refusal("2001:0:808:808:0:0:f7f7:f7f7")).isEqualTo("allowed"); // client 8.8.8.8
  }

  @Test
  void ipv4MappedAndCompatible_carryingPrivate_areRefused_evenTheTestsAllowedLoopback() {
    assertThat(refusal("::ffff:10.0.0.5")).contains("a private address");
    assertThat(refusal("::ffff:169.254.169.254")).contains("a link-local address");
    assertThat(refusal("::10.0.0.5"))
        .isEqualTo("an IPv4-compatible address carrying a private address (10.0.0.5)");
    assertThat(refusal("::127.0.0.2"))
        .contains("IPv4-compatible address carrying a loopback address");
    assertThat(refusal("::169.254.169.254")).contains("carrying a link-local address");
    assertThat(refusal("127.0.0.2")).isEqualTo("allowed"); // only the exact test address
    assertThat(refusal("::ffff:8.8.8.8")).isEqualTo("allowed");
  }

  @Test
  void mappedAddressesInRawForm_areRefused() throws UnknownHostException {
    // a resolver may hand over the 16 bytes; Java turns ::ffff:a.b.c.d into IPv4, but not when
    // built as an Inet6Address explicitly
    byte[] mapped = new byte[16];
    mapped[10] = (byte) 0xff;
    mapped[11] = (byte) 0xff;
    mapped[12] = 10;
    mapped[15] = 5;
    InetAddress raw = java.net.Inet6Address.getByAddress(null, mapped, -1);
    assertThat(policy.refusal(raw)).isPresent();
  }

  @Test
  void ordinaryPublicAddresses_areAllowed_andReservedIpv6Refused() {
    assertThat(refusal("2606:4700::1111")).isEqualTo("allowed");
    assertThat(refusal("93.184.216.34")).isEqualTo("allowed");
    assertThat(refusal("2001:db8::1")).isEqualTo("a reserved address");
    assertThat(refusal("100::1")).isEqualTo("a reserved address");
  }
}
