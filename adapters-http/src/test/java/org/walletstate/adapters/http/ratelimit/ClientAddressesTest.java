package org.walletstate.adapters.http.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ClientAddressesTest {

  private final ClientAddresses direct = new ClientAddresses(List.of());
  private final ClientAddresses behindProxies =
      new ClientAddresses(List.of("10.0.0.0/8", "fd00::/8", "192.0.2.7"));

  @Test
  void withoutTrustedProxies_theHeaderIsIgnored() {
    assertThat(direct.client("203.0.113.9", List.of("198.51.100.1"))).isEqualTo("203.0.113.9");
  }

  @Test
  void fromATrustedProxy_theRightmostUntrustedHopIsTheClient() {
    assertThat(behindProxies.client("10.1.2.3", List.of("198.51.100.1, 203.0.113.5, 10.9.9.9")))
        .isEqualTo("203.0.113.5");
    assertThat(behindProxies.client("192.0.2.7", List.of("198.51.100.1", "10.0.0.1")))
        .isEqualTo("198.51.100.1");
  }

  @Test
  void fromAnUntrustedPeer_itsOwnAddressCounts_whateverTheHeaderSays() {
    assertThat(behindProxies.client("203.0.113.9", List.of("10.0.0.1"))).isEqualTo("203.0.113.9");
  }

  @Test
  void aMalformedHop_stopsTheWalk() {
    assertThat(behindProxies.client("10.1.2.3", List.of("198.51.100.1, evil.example, 10.0.0.2")))
        .isEqualTo("10.0.0.2");
    assertThat(behindProxies.client("10.1.2.3", List.of("300.1.1.1"))).isEqualTo("10.1.2.3");
  }

  @Test
  void ipv6Clients_countPerSlash64_andMappedIpv4IsIpv4() {
    assertThat(direct.client("2001:db8:1:2:aaaa::1", List.of()))
        .isEqualTo(direct.client("2001:db8:1:2:bbbb::9", List.of()))
        .isEqualTo("2001:db8:1:2:0:0:0:0/64");
    assertThat(direct.client("2001:db8:1:3::1", List.of())).isEqualTo("2001:db8:1:3:0:0:0:0/64");
    assertThat(direct.client("::ffff:203.0.113.9", List.of())).isEqualTo("203.0.113.9");
    assertThat(behindProxies.client("fd12::1", List.of("[2001:db8::5]"))).endsWith("/64");
  }

  @Test
  void aBadProxyBlock_isRefusedAtStart() {
    assertThatThrownBy(() -> new ClientAddresses(List.of("10.0.0.0/33")))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new ClientAddresses(List.of("proxy.internal")))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
