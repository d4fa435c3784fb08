package org.walletstate.adapters.http.domaincheck;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.dns.DnsClientOptions;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.core.dns.DnsClient;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.BiPredicate;
import org.walletstate.adapters.http.domaincheck.GuardedFetch.Fetched;
import org.walletstate.adapters.http.domaincheck.GuardedFetch.Limit;
import org.walletstate.application.commerce.port.out.DomainProbe;
import org.walletstate.domain.commerce.DomainName;
import org.walletstate.domain.commerce.DomainVerification;

/**
 * {@link DomainProbe} over Vert.x: the TXT record at {@code _service-verification.<domain>} through
 * a real DNS resolver, then {@code https://<domain>/} for a {@code <meta
 * name="service-verification" content="…">} tag in the page's head, then {@code
 * https://<domain>/service-verify.txt}; fetches through {@link GuardedFetch}.
 *
 * <p>Of the home page only the first {@code html-prefix-bytes} are read. What was fetched is
 * examined on the parsing pool the caller hands in, never on an event loop, and the answer returns
 * to the caller's context; when that pool's queue is full the page is reported as not examined.
 */
public final class VertxDomainProbe implements DomainProbe {

  public static final String DNS_PREFIX = "_service-verification.";
  public static final String META_NAME = "service-verification";
  public static final String FILE_PATH = "/service-verify.txt";

  // Fields and constructor in the usual shape by design: each collaborator handed in once.
  private final DnsClient dns;
  private final GuardedFetch fetch;
  private final DomainCheckConfig config;
  private final Executor parsing;

  /**
   * @param parsing where pages are parsed: a bounded pool that refuses work when full
   */
  public VertxDomainProbe(Vertx vertx, DomainCheckConfig config, Executor parsing) {
    this.config = config;
    this.parsing = parsing;
    this.dns = vertx.createDnsClient(dnsOptions(config));
    this.fetch = new GuardedFetch(vertx, dns, new AddressPolicy(loopback(config)), config);
  }

  /** The resolver settings of {@code walletstate.domain-verification} (server, timeout). */
  static DnsClientOptions dnsOptions(DomainCheckConfig config) {
    DnsClientOptions options =
        new DnsClientOptions().setQueryTimeout(config.dnsTimeout().toMillis());
    config
        .dnsServer()
        .ifPresent(
            server -> {
              int colon = server.lastIndexOf(':');
              if (colon > 0 && server.indexOf(':') == colon) {
                options.setHost(server.substring(0, colon));
                options.setPort(Integer.parseInt(server.substring(colon + 1)));
              } else {
                options.setHost(server);
              }
            });
    return options;
  }

  private static Set<InetAddress> loopback(DomainCheckConfig config) {
    return LoopbackAllowance.of(
        config.test().allowedLoopbackAddresses().orElse(List.of()),
        "walletstate.domain-verification.test.allowed-loopback-addresses");
  }

  @Override
  public Uni<Finding> look(DomainName domain, String token) {
    List<String> seen = new ArrayList<>();
    Limit page = new Limit(config.htmlPrefixBytes(), true);
    Limit file = new Limit(config.maxBodyBytes(), false);
    return txt(domain, token)
        .flatMap(
            dnsNote -> {
              if (dnsNote.isEmpty()) {
                return found(DomainVerification.Method.DNS);
              }
              seen.add("DNS: " + dnsNote.get());
              return shows(domain, "/", page, VerificationMarkup::metaShows, token)
                  .flatMap(
                      metaNote -> {
                        if (metaNote.isEmpty()) {
                          return found(DomainVerification.Method.META);
                        }
                        seen.add("meta tag: the home page " + metaNote.get());
                        return shows(domain, FILE_PATH, file, VerificationMarkup::fileHolds, token)
                            .map(
                                fileNote -> {
                                  if (fileNote.isEmpty()) {
                                    return new Finding(
                                        Optional.of(DomainVerification.Method.FILE), "found");
                                  }
                                  seen.add("file: " + FILE_PATH + " " + fileNote.get());
                                  return new Finding(
                                      Optional.empty(),
                                      "The verification token was not found on "
                                          + domain
                                          + ". "
                                          + String.join("; ", seen));
                                });
                      });
            });
  }

  private static Uni<Finding> found(DomainVerification.Method method) {
    return Uni.createFrom().item(new Finding(Optional.of(method), "found"));
  }

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

  /** Empty when the fetched {@code path} shows the token by {@code rule}; otherwise why not. */
  private Uni<Optional<String>> shows(
      DomainName domain, String path, Limit limit, BiPredicate<String, String> rule, String token) {
    return fetch
        .fetch(domain.value(), path, limit)
        .flatMap(
            fetched -> {
              if (fetched.body().isEmpty()) {
                return Uni.createFrom()
                    .item(Optional.of("was not read (" + fetched.reason() + ")"));
              }
              return examined(fetched.body().get(), rule, token);
            });
  }

  /** {@code rule} applied on the parsing pool; the answer comes back on the caller's context. */
  private Uni<Optional<String>> examined(
      byte[] body, BiPredicate<String, String> rule, String token) {
    Context caller = io.vertx.core.Vertx.currentContext();
    Uni<Optional<String>> work =
        Uni.createFrom()
            .item(
                () ->
                    rule.test(new String(body, StandardCharsets.UTF_8), token)
                        ? Optional.<String>empty()
                        : Optional.of("does not show the token"))
            .runSubscriptionOn(parsing)
            .onFailure(RejectedExecutionException.class)
            .recoverWithItem(
                Optional.of("was not examined (the service is busy checking other domains)"));
    return caller == null ? work : work.emitOn(task -> caller.runOnContext(ignored -> task.run()));
  }

  /** The body of {@code https://host/path} after redirects (a whole body), or why there is none. */
  Uni<Fetched> fetchChecked(String host, String path) {
    return fetch.fetch(host, path, new Limit(config.maxBodyBytes(), false));
  }
}
