package org.walletstate.adapters.http.domaincheck;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.core.dns.DnsClient;
import java.net.InetAddress;
import java.net.URI;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.walletstate.application.attest.watch.port.out.WebhookTargets;

/**
 * {@link WebhookTargets} with domain verification's guard: an https URL whose host resolves
 * (through the same resolver as domain verification) to public addresses only ({@link
 * AddressPolicy}). The devnet's receivers are plain http on a loopback address: {@code
 * walletstate.watches.test.allow-http} and {@code .allowed-loopback-addresses} admit exactly those,
 * and production leaves both unset.
 */
public final class WebhookTargetCheck implements WebhookTargets {

  private final DnsClient dns;
  private final AddressPolicy policy;
  private final boolean allowHttp;

  /**
   * @param dnsConfig the resolver settings (domain verification's)
   * @param allowedLoopback loopback addresses deliveries may reach (tests only; empty in
   *     production)
   * @param allowHttp whether http URLs are accepted (tests only; false in production)
   */
  public WebhookTargetCheck(
      Vertx vertx,
      DomainCheckConfig dnsConfig,
      Set<InetAddress> allowedLoopback,
      boolean allowHttp) {
    this.dns = vertx.createDnsClient(VertxDomainProbe.dnsOptions(dnsConfig));
    this.policy = new AddressPolicy(allowedLoopback);
    this.allowHttp = allowHttp;
  }

  @Override
  public Uni<Optional<String>> refusal(URI url) {
    String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("https") && !(allowHttp && scheme.equals("http"))) {
      return Uni.createFrom().item(Optional.of("webhookUrl must be an https URL"));
    }
    String bare = HostAddresses.bare(url.getHost());
    return HostAddresses.of(dns, bare)
        .map(
            addresses -> {
              if (addresses.isEmpty()) {
                return Optional.of("webhookUrl's host " + bare + " has no address");
              }
              for (InetAddress a : addresses) {
                Optional<String> refusal = policy.refusal(a);
                if (refusal.isPresent()) {
                  return Optional.of(
                      "webhookUrl's host "
                          + bare
                          + " resolves to "
                          + refusal.get()
                          + ", which is never delivered to");
                }
              }
              return Optional.<String>empty();
            });
  }
}
