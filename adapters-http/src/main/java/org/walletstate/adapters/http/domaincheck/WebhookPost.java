package org.walletstate.adapters.http.domaincheck;

import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.core.dns.DnsClient;
import io.vertx.mutiny.core.http.HttpClient;
import java.net.InetAddress;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.jboss.logging.Logger;
import org.walletstate.application.attest.watch.port.out.WebhookSender;

/**
 * {@link WebhookSender} over Vert.x, behind domain verification's guard: every attempt resolves the
 * host itself, refuses it when any address is not public ({@link AddressPolicy}) and connects to
 * the checked address, TLS verified against the host name. A redirect is not followed: it is a
 * failed attempt, retried like any other. The answer's body is not read.
 */
public final class WebhookPost implements WebhookSender {

  private static final Logger LOG = Logger.getLogger(WebhookPost.class);

  private final DnsClient dns;
  private final AddressPolicy policy;
  private final boolean allowHttp;
  private final Duration timeout;
  private final HttpClient https;
  private final HttpClient http;

  /**
   * @param allowedLoopback loopback addresses deliveries may reach (tests only)
   * @param allowHttp whether http URLs are delivered to (tests only)
   * @param timeout one attempt's deadline
   */
  public WebhookPost(
      Vertx vertx,
      DomainCheckConfig dnsConfig,
      Set<InetAddress> allowedLoopback,
      boolean allowHttp,
      Duration timeout) {
    this.dns = vertx.createDnsClient(VertxDomainProbe.dnsOptions(dnsConfig));
    this.policy = new AddressPolicy(allowedLoopback);
    this.allowHttp = allowHttp;
    this.timeout = timeout;
    HttpClientOptions options =
        new HttpClientOptions()
            .setConnectTimeout((int) timeout.toMillis())
            .setMaxPoolSize(16)
            .setKeepAlive(false);
    this.https =
        vertx.createHttpClient(
            new HttpClientOptions(options).setSsl(true).setVerifyHost(true).setForceSni(true));
    this.http = vertx.createHttpClient(options);
  }

  @Override
  public Uni<Sent> post(URI url, Message message) {
    long began = System.nanoTime();
    return attempt(url, message)
        .invoke(
            sent ->
                LOG.debugf(
                    "delivery %s: %s after %d ms",
                    message.id(), sent.outcome(), (System.nanoTime() - began) / 1_000_000));
  }

  private Uni<Sent> attempt(URI url, Message message) {
    String scheme = url.getScheme().toLowerCase(Locale.ROOT);
    boolean tls = scheme.equals("https");
    if (!tls && !(allowHttp && scheme.equals("http"))) {
      return sent(false, "not an https URL");
    }
    String bare = HostAddresses.bare(url.getHost());
    return HostAddresses.of(dns, bare)
        .flatMap(
            addresses -> {
              if (addresses.isEmpty()) {
                return sent(false, bare + " has no address");
              }
              for (InetAddress a : addresses) {
                Optional<String> refusal = policy.refusal(a);
                if (refusal.isPresent()) {
                  return sent(
                      false, bare + " resolves to " + refusal.get() + ", never delivered to");
                }
              }
              return send(url, tls, bare, addresses.get(0), message);
            })
        .ifNoItem()
        .after(timeout)
        .recoverWithItem(new Sent(false, "no answer within " + timeout.toMillis() + " ms"))
        .onFailure()
        .recoverWithItem(f -> new Sent(false, "could not be sent"));
  }

  private Uni<Sent> send(URI url, boolean tls, String host, InetAddress address, Message message) {
    int port = url.getPort() > 0 ? url.getPort() : (tls ? 443 : 80);
    String target =
        (url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath())
            + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
    RequestOptions request =
        new RequestOptions()
            .setMethod(HttpMethod.POST)
            .setServer(SocketAddress.inetSocketAddress(port, address.getHostAddress()))
            .setHost(host)
            .setPort(port)
            .setSsl(tls)
            .setURI(target)
            .setFollowRedirects(false)
            .setIdleTimeout(timeout.toMillis())
            .putHeader("User-Agent", "wallet-state-webhooks/1.0");
    StandardWebhooks.headers(message.secret(), message.id(), message.timestamp(), message.body())
        .forEach(request::putHeader);
    return (tls ? https : http)
        .request(request)
        .flatMap(r -> r.send(Buffer.buffer(message.body())))
        .map(
            response -> {
              int status = response.statusCode();
              // the body is not read: the connection is reset, and the reset reported to the
              // response (vert.x logs an unhandled one as "Stream reset: 0") is expected
              response.exceptionHandler(expected -> {});
              response.request().reset();
              return new Sent(status >= 200 && status < 300, "HTTP " + status);
            });
  }

  private static Uni<Sent> sent(boolean delivered, String outcome) {
    return Uni.createFrom().item(new Sent(delivered, outcome));
  }
}
