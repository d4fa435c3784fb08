package org.walletstate.adapters.http.domaincheck;

import io.smallrye.mutiny.Uni;
import io.vertx.core.dns.DnsClientOptions;
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
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.walletstate.application.commerce.port.out.DomainProbe;
import org.walletstate.domain.commerce.DomainName;
import org.walletstate.domain.commerce.DomainVerification;

/**
 * {@link DomainProbe} over Vert.x: the TXT record at {@code _service-verification.<domain>} through
 * a real DNS resolver, then {@code https://<domain>/} for a {@code <meta
 * name="service-verification" content="…">} tag, then {@code https://<domain>/service-verify.txt}.
 *
 * <p>Every fetch resolves the host itself, refuses it when any of its addresses is not public
 * ({@link AddressPolicy}), and connects to the checked address (so a second resolution cannot
 * change the target); TLS is verified against the host name. Redirects are followed by hand, only
 * to https URLs, each checked the same way, at most {@code max-redirects}. Bodies over {@code
 * max-body-bytes} are refused; every fetch has a deadline.
 */
public final class VertxDomainProbe implements DomainProbe {

  public static final String DNS_PREFIX = "_service-verification.";
  public static final String META_NAME = "service-verification";
  public static final String FILE_PATH = "/service-verify.txt";

  private static final Pattern META = Pattern.compile("<meta\\b[^>]*>", Pattern.CASE_INSENSITIVE);
  private static final Pattern ATTRIBUTE =
      Pattern.compile(
          "([a-zA-Z-]+)\\s*=\\s*(?:\"([^\"]*)\"|'([^']*)'|([^\\s>]+))", Pattern.CASE_INSENSITIVE);

  private final DnsClient dns;
  private final HttpClient http;
  private final AddressPolicy policy;
  private final DomainCheckConfig config;

  public VertxDomainProbe(Vertx vertx, DomainCheckConfig config) {
    this.config = config;
    DnsClientOptions dnsOptions =
        new DnsClientOptions().setQueryTimeout(config.dnsTimeout().toMillis());
    config
        .dnsServer()
        .ifPresent(
            server -> {
              int colon = server.lastIndexOf(':');
              if (colon > 0 && server.indexOf(':') == colon) {
                dnsOptions.setHost(server.substring(0, colon));
                dnsOptions.setPort(Integer.parseInt(server.substring(colon + 1)));
              } else {
                dnsOptions.setHost(server);
              }
            });
    this.dns = vertx.createDnsClient(dnsOptions);
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
    Set<InetAddress> loopback = new HashSet<>();
    for (String text : config.test().allowedLoopbackAddresses().orElse(List.of())) {
      try {
        InetAddress address = InetAddress.getByName(text.strip());
        if (!address.isLoopbackAddress()) {
          throw new IllegalArgumentException(
              "walletstate.domain-verification.test.allowed-loopback-addresses takes loopback"
                  + " addresses only, not "
                  + text);
        }
        loopback.add(address);
      } catch (UnknownHostException e) {
        throw new IllegalArgumentException("not an address: " + text, e);
      }
    }
    this.policy = new AddressPolicy(loopback);
  }

  @Override
  public Uni<Finding> look(DomainName domain, String token) {
    List<String> seen = new ArrayList<>();
    return txt(domain, token)
        .flatMap(
            dnsNote -> {
              if (dnsNote.isEmpty()) {
                return found(DomainVerification.Method.DNS);
              }
              seen.add("DNS: " + dnsNote.get());
              return fetchChecked(domain.value(), "/")
                  .flatMap(
                      page -> {
                        if (page.shows(text -> meta(text, token))) {
                          return found(DomainVerification.Method.META);
                        }
                        seen.add("meta tag: " + note(page, "the home page"));
                        return fetchChecked(domain.value(), FILE_PATH)
                            .flatMap(
                                file -> {
                                  if (file.shows(text -> fileHolds(text, token))) {
                                    return found(DomainVerification.Method.FILE);
                                  }
                                  seen.add("file: " + note(file, FILE_PATH));
                                  return Uni.createFrom()
                                      .item(
                                          new Finding(
                                              Optional.empty(),
                                              "The verification token was not found on "
                                                  + domain
                                                  + ". "
                                                  + String.join("; ", seen)));
                                });
                      });
            });
  }

  private static Uni<Finding> found(DomainVerification.Method method) {
    return Uni.createFrom().item(new Finding(Optional.of(method), "found"));
  }

  // --- DNS
  // ----------------------------------------------------------------------------------------

  /** Empty when a TXT record holds the token; otherwise what was seen. */
  private Uni<Optional<String>> txt(DomainName domain, String token) {
    String name = DNS_PREFIX + domain.value();
    return dns.resolveTXT(name)
        .map(
            records ->
                records.stream().anyMatch(r -> r.strip().equals(token))
                    ? Optional.<String>empty()
                    : Optional.of(
                        records.isEmpty()
                            ? "no TXT record at " + name
                            : "the TXT records at " + name + " do not hold the token"))
        .onFailure()
        .recoverWithItem(failure -> Optional.of("no TXT record at " + name + " could be read"));
  }

  // --- HTTPS
  // --------------------------------------------------------------------------------------

  /**
   * A fetch: the body of a 200, or why there is none.
   *
   * @param body the body, when read
   * @param reason why there is no body, when not
   */
  record Fetched(Optional<String> body, String reason) {
    static Fetched body(String text) {
      return new Fetched(Optional.of(text), "");
    }

    static Fetched refused(String reason) {
      return new Fetched(Optional.empty(), reason);
    }

    boolean shows(java.util.function.Predicate<String> test) {
      return body.isPresent() && test.test(body.get());
    }
  }

  private static String note(Fetched fetched, String what) {
    return fetched.body().isEmpty()
        ? what + " was not read (" + fetched.reason() + ")"
        : what + " does not show the token";
  }

  /** The body of {@code https://host/path} after redirects, or why there is none. */
  Uni<Fetched> fetchChecked(String host, String path) {
    Duration deadline = config.fetchTimeout();
    return hop(URI.create("https://" + host + path), 0)
        .ifNoItem()
        .after(deadline)
        .recoverWithItem(Fetched.refused("no answer within " + deadline.toSeconds() + "s"))
        .onFailure()
        .recoverWithItem(f -> Fetched.refused("could not be fetched"));
  }

  private Uni<Fetched> hop(URI url, int redirects) {
    String host = url.getHost();
    if (!"https".equalsIgnoreCase(url.getScheme()) || host == null) {
      return refused("a redirect to a non-https URL is not followed");
    }
    String bare = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    return addresses(bare)
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
              int port = config.test().httpsPort();
              String target =
                  (url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath())
                      + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
              RequestOptions request =
                  new RequestOptions()
                      .setMethod(HttpMethod.GET)
                      .setServer(
                          SocketAddress.inetSocketAddress(port, addresses.get(0).getHostAddress()))
                      .setHost(bare)
                      .setPort(port)
                      .setSsl(true)
                      .setURI(target)
                      .setFollowRedirects(false)
                      .setIdleTimeout(config.fetchTimeout().toMillis())
                      .putHeader("Accept", "text/html, text/plain;q=0.9, */*;q=0.5")
                      .putHeader("User-Agent", "wallet-state-domain-verification/1.0");
              return http.request(request)
                  .flatMap(r -> r.send())
                  .flatMap(response -> answer(url, response, redirects));
            });
  }

  private Uni<Fetched> answer(URI url, HttpClientResponse response, int redirects) {
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
      return hop(next, redirects + 1);
    }
    if (status != 200) {
      discard(response);
      return refused("HTTP " + status);
    }
    String length = response.getHeader("Content-Length");
    int max = config.maxBodyBytes();
    if (length != null && length.matches("[0-9]{1,18}") && Long.parseLong(length) > max) {
      discard(response);
      return refused("larger than " + max + " bytes");
    }
    int[] total = {0};
    return response
        .toMulti()
        .onItem()
        .invoke(
            chunk -> {
              total[0] += chunk.length();
              if (total[0] > max) {
                throw new IllegalStateException("body over the limit");
              }
            })
        .collect()
        .in(Buffer::buffer, Buffer::appendBuffer)
        .map(body -> Fetched.body(body.toString(StandardCharsets.UTF_8)))
        .onFailure()
        .recoverWithItem(
            f -> {
              discard(response);
              return Fetched.refused("larger than " + max + " bytes or cut off");
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

  /** The host's addresses: a literal as it is, a name through the resolver (A and AAAA). */
  private Uni<List<InetAddress>> addresses(String host) {
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

  // --- what counts as the token
  // -------------------------------------------------------------------

  /** True when a meta tag named service-verification carries the token. */
  static boolean meta(String html, String token) {
    Matcher tags = META.matcher(html);
    while (tags.find()) {
      String name = null;
      String content = null;
      Matcher a = ATTRIBUTE.matcher(tags.group());
      while (a.find()) {
        String value =
            a.group(2) != null ? a.group(2) : a.group(3) != null ? a.group(3) : a.group(4);
        switch (a.group(1).toLowerCase(Locale.ROOT)) {
          case "name" -> name = value;
          case "content" -> content = value;
          default -> {}
        }
      }
      if (META_NAME.equalsIgnoreCase(name) && content != null && content.strip().equals(token)) {
        return true;
      }
    }
    return false;
  }

  /** True when a line of the file is the token. */
  static boolean fileHolds(String body, String token) {
    return body.lines().anyMatch(line -> line.strip().equals(token));
  }
}
