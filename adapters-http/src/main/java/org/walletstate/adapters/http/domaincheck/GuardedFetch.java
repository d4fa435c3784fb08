package org.walletstate.adapters.http.domaincheck;

import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.PfxOptions;
import io.vertx.core.net.SocketAddress;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.core.dns.DnsClient;
import io.vertx.mutiny.core.http.HttpClient;
import io.vertx.mutiny.core.http.HttpClientResponse;
import java.net.InetAddress;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/**
 * HTTPS fetches that cannot reach the service's own network. Every fetch resolves the host itself,
 * refuses it when any of its addresses is not public ({@link AddressPolicy}), and connects to the
 * checked address (so a second resolution cannot change the target); TLS is verified against the
 * host name. Redirects are followed by hand, only to https URLs, each checked the same way, at most
 * {@code max-redirects}. Every fetch has a deadline, and no more than a given number of bytes is
 * ever read: a longer body is refused, or cut to that prefix when the caller asks for a prefix.
 */
final class GuardedFetch {

  /**
   * How much of a body is read.
   *
   * @param bytes at most this many bytes
   * @param prefix whether a longer body is cut to {@code bytes} (true) or refused (false)
   */
  record Limit(int bytes, boolean prefix) {}

  /**
   * A fetch: the body of a 200 (its bytes, undecoded), or why there is none.
   *
   * @param body the body, when read
   * @param reason why there is no body, when not
   */
  record Fetched(Optional<byte[]> body, String reason) {
    static Fetched body(byte[] bytes) {
      return new Fetched(Optional.of(bytes), "");
    }

    static Fetched refused(String reason) {
      return new Fetched(Optional.empty(), reason);
    }
  }

  /** Thrown inside a body's stream when the prefix asked for is complete: reading stops. */
  private static final class PrefixRead extends RuntimeException {
    private static final long serialVersionUID = 1L;

    PrefixRead() {
      super("prefix read", null, false, false);
    }
  }

  // Fields and constructor in the usual shape by design: each collaborator handed in once.
  private final DnsClient dns;
  private final HttpClient http;
  private final AddressPolicy policy;
  private final DomainCheckConfig config;

  GuardedFetch(Vertx vertx, DnsClient dns, AddressPolicy policy, DomainCheckConfig config) {
    this.dns = dns;
    this.policy = policy;
    this.config = config;
    HttpClientOptions options =
        new HttpClientOptions()
            .setSsl(true)
            .setVerifyHost(true)
            .setForceSni(true)
            .setConnectTimeout((int) config.fetchTimeout().toMillis())
            .setMaxPoolSize(4)
            .setKeepAlive(false);
    config
        .test()
        .trustStore()
        .ifPresent(
            path ->
                options.setTrustOptions(
                    new PfxOptions()
                        .setPath(path)
                        .setPassword(config.test().trustStorePassword().orElse(""))));
    this.http = vertx.createHttpClient(options);
  }

  /** The body of {@code https://host/path} after redirects, or why there is none. */
  Uni<Fetched> fetch(String host, String path, Limit limit) {
    Duration deadline = config.fetchTimeout();
    return hop(URI.create("https://" + host + path), 0, limit)
        .ifNoItem()
        .after(deadline)
        .recoverWithItem(Fetched.refused("no answer within " + deadline.toSeconds() + "s"))
        .onFailure()
        .recoverWithItem(f -> Fetched.refused("could not be fetched"));
  }

  private Uni<Fetched> hop(URI url, int redirects, Limit limit) {
    String host = url.getHost();
    if (!"https".equalsIgnoreCase(url.getScheme()) || host == null) {
      return refused("a redirect to a non-https URL is not followed");
    }
    String bare = HostAddresses.bare(host);
    return HostAddresses.of(dns, bare)
        .flatMap(
            addresses -> {
              if (addresses.isEmpty()) {
                return refused(bare + " has no address");
              }
              for (InetAddress a : addresses) {
                Optional<String> refusal = policy.refusal(a);
                if (refusal.isPresent()) {
                  return refused(
                      bare + " resolves to " + refusal.get() + ", which is never fetched");
                }
              }
              return http.request(request(url, bare, addresses.get(0)))
                  .flatMap(r -> r.send())
                  .flatMap(response -> answer(url, response, redirects, limit));
            });
  }

  private RequestOptions request(URI url, String host, InetAddress address) {
    int port = config.test().httpsPort();
    String target =
        (url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath())
            + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
    return new RequestOptions()
        .setMethod(HttpMethod.GET)
        .setServer(SocketAddress.inetSocketAddress(port, address.getHostAddress()))
        .setHost(host)
        .setPort(port)
        .setSsl(true)
        .setURI(target)
        .setFollowRedirects(false)
        .setIdleTimeout(config.fetchTimeout().toMillis())
        .putHeader("Accept", "text/html, text/plain;q=0.9, */*;q=0.5")
        .putHeader("User-Agent", "wallet-state-domain-verification/1.0");
  }

  private Uni<Fetched> answer(URI url, HttpClientResponse response, int redirects, Limit limit) {
    int status = response.statusCode();
    if (status >= 300 && status < 400 && response.getHeader("Location") != null) {
      discard(response);
      if (redirects >= config.maxRedirects()) {
        return refused("more than " + config.maxRedirects() + " redirects");
      }
      URI next;
      try {
        next = url.resolve(response.getHeader("Location"));
      } catch (IllegalArgumentException e) {
        return refused("a redirect to an invalid URL");
      }
      return hop(next, redirects + 1, limit);
    }
    if (status != 200) {
      discard(response);
      return refused("HTTP " + status);
    }
    String length = response.getHeader("Content-Length");
    int max = limit.bytes();
    if (!limit.prefix()
        && length != null
        && length.matches("[0-9]{1,18}")
        && Long.parseLong(length) > max) {
      discard(response);
      return refused("larger than " + max + " bytes");
    }
    return body(response, limit);
  }

  /** Reads at most {@code limit.bytes()}: a prefix stops the stream there, a whole body fails. */
  private static Uni<Fetched> body(HttpClientResponse response, Limit limit) {
    int max = limit.bytes();
    Buffer read = Buffer.buffer();
    return response
        .toMulti()
        .onItem()
        .invoke(
            chunk -> {
              int room = max - read.length();
              if (chunk.length() <= room) {
                read.appendBuffer(chunk);
                return;
              }
              if (!limit.prefix()) {
                throw new IllegalStateException("body over the limit");
              }
              read.appendBuffer(chunk.getBuffer(0, room));
              throw new PrefixRead();
            })
        .collect()
        .last()
        .map(ignored -> Fetched.body(read.getBytes()))
        .onFailure()
        .recoverWithItem(
            f -> {
              discard(response);
              return f instanceof PrefixRead
                  ? Fetched.body(read.getBytes())
                  : Fetched.refused("larger than " + max + " bytes or cut off");
            });
  }

  /** Drops a response without reading it: the stream is reset, and that reset is expected. */
  private static void discard(HttpClientResponse response) {
    response.exceptionHandler(ignored -> {});
    response.request().reset();
  }

  private static Uni<Fetched> refused(String reason) {
    return Uni.createFrom().item(Fetched.refused(reason));
  }
}
