package org.walletstate.adapters.http.domaincheck;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** {@code walletstate.domain-verification.*}: how domains are looked at. */
@ConfigMapping(prefix = "walletstate.domain-verification")
public interface DomainCheckConfig {

  /** The DNS server to ask (host or host:port); the system's resolver configuration when unset. */
  @WithName("dns-server")
  Optional<String> dnsServer();

  /** Time allowed for one DNS question. */
  @WithName("dns-timeout")
  @WithDefault("3s")
  Duration dnsTimeout();

  /** Time allowed for one HTTPS fetch, redirects included. */
  @WithName("fetch-timeout")
  @WithDefault("5s")
  Duration fetchTimeout();

  /** The largest verification file read; a longer one is refused, not truncated. */
  @WithName("max-body-bytes")
  @WithDefault("262144")
  int maxBodyBytes();

  /**
   * How much of the home page is read and parsed for the meta tag: a longer page is cut to this
   * prefix (the tag belongs in the head, near the top).
   */
  @WithName("html-prefix-bytes")
  @WithDefault("65536")
  int htmlPrefixBytes();

  /** Threads that parse fetched pages, off the event loops. */
  @WithName("parse-threads")
  @WithDefault("1")
  int parseThreads();

  /** Pages waiting for a parsing thread at most; more are reported as not examined. */
  @WithName("parse-queue")
  @WithDefault("32")
  int parseQueue();

  /** Redirects followed at most. */
  @WithName("max-redirects")
  @WithDefault("3")
  int maxRedirects();

  /** Settings that exist for tests only; production leaves them unset. */
  @WithName("test")
  Test test();

  /** Test-only settings. */
  interface Test {
    /**
     * Loopback addresses fetches may reach (exact addresses, e.g. 127.0.0.2); every other loopback
     * address, and every private and link-local one, stays refused.
     */
    @WithName("allowed-loopback-addresses")
    Optional<List<String>> allowedLoopbackAddresses();

    /** The port HTTPS fetches use instead of 443. */
    @WithName("https-port")
    @WithDefault("443")
    int httpsPort();

    /** A PKCS#12 trust store to trust instead of the JVM's certificate authorities. */
    @WithName("trust-store")
    Optional<String> trustStore();

    @WithName("trust-store-password")
    Optional<String> trustStorePassword();
  }
}
