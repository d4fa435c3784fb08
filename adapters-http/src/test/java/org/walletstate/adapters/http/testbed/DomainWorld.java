package org.walletstate.adapters.http.testbed;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The internet a domain-verification test sees: a local DNS server and a local HTTPS server for the
 * test host names, and the service configured to ask them (the test-only settings allow the one
 * loopback address the test hosts resolve to, 127.0.0.2, use the HTTPS server's port and trust its
 * certificate). 127.0.0.1, private and link-local addresses stay refused.
 */
public class DomainWorld implements QuarkusTestResourceLifecycleManager {

  /** Host names the certificate covers. */
  public static final List<String> HOSTS =
      List.of(
          "dns.shop.test",
          "meta.shop.test",
          "file.shop.test",
          "none.shop.test",
          "private.shop.test",
          "redirect.shop.test",
          "linklocal.shop.test",
          "big.shop.test",
          "p1.shop.test",
          "p2.shop.test",
          "long-meta.shop.test",
          "unclosed.shop.test",
          "nested.shop.test");

  private static LocalDns dns;
  private static LocalHttps https;

  public static synchronized LocalDns dns() {
    ensureStarted();
    return dns;
  }

  public static synchronized LocalHttps https() {
    ensureStarted();
    return https;
  }

  private static synchronized void ensureStarted() {
    if (dns == null) {
      dns = new LocalDns();
      https = new LocalHttps(Path.of("target", "domain-world"), HOSTS);
    }
  }

  @Override
  public Map<String, String> start() {
    ensureStarted();
    return Map.of(
        "walletstate.domain-verification.dns-server",
        "127.0.0.1:" + dns.port(),
        "walletstate.domain-verification.test.allowed-loopback-addresses",
        LocalHttps.SERVED,
        "walletstate.domain-verification.test.https-port",
        Integer.toString(https.port()),
        "walletstate.domain-verification.test.trust-store",
        https.trustStore().toAbsolutePath().toString(),
        "walletstate.domain-verification.test.trust-store-password",
        LocalHttps.PASSWORD);
  }

  @Override
  public void stop() {
    // shared by every test class of the run; the JVM's exit closes both
  }
}
