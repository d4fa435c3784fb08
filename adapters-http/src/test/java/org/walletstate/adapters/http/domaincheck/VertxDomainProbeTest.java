package org.walletstate.adapters.http.domaincheck;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.mutiny.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DomainWorld;
import org.walletstate.adapters.http.testbed.HostilePages;
import org.walletstate.adapters.http.testbed.LocalDns;
import org.walletstate.adapters.http.testbed.LocalHttps;
import org.walletstate.application.commerce.port.out.DomainProbe;
import org.walletstate.domain.commerce.DomainName;
import org.walletstate.domain.commerce.DomainVerification;

/**
 * The probe against a local DNS server and a local HTTPS server: each method found and not found,
 * and the address rules — a name resolving to 127.0.0.1, 10.x or 169.254.x, and redirects to them,
 * are refused before any connection, though a server there would show the token.
 */
class VertxDomainProbeTest {

  private static final String TOKEN = "service-verify-0123456789abcdef0123456789abcdef";
  private static final String META =
      "<html><head><meta name=\"service-verification\" content=\"" + TOKEN + "\"></head></html>";

  private static final ExecutorService PARSING = Executors.newSingleThreadExecutor();

  private static Vertx vertx;
  private static LocalDns dns;
  private static LocalHttps https;

  @BeforeAll
  static void start() {
    vertx = Vertx.vertx();
    dns = DomainWorld.dns();
    https = DomainWorld.https();
  }

  @AfterAll
  static void stop() {
    vertx.closeAndAwait();
    PARSING.shutdownNow();
  }

  private static DomainCheckConfig config(List<String> loopback, int maxBody) {
    return new DomainCheckConfig() {
      @Override
      public Optional<String> dnsServer() {
        return Optional.of("127.0.0.1:" + dns.port());
      }

      @Override
      public Duration dnsTimeout() {
        return Duration.ofSeconds(3);
      }

      @Override
      public Duration fetchTimeout() {
        return Duration.ofSeconds(10);
      }

      @Override
      public int maxBodyBytes() {
        return maxBody;
      }

      @Override
      public int htmlPrefixBytes() {
        return 65_536;
      }

      @Override
      public int parseThreads() {
        return 1;
      }

      @Override
      public int parseQueue() {
        return 8;
      }

      @Override
      public int maxRedirects() {
        return 3;
      }

      @Override
      public Test test() {
        return new Test() {
          @Override
          public Optional<List<String>> allowedLoopbackAddresses() {
            return Optional.of(loopback);
          }

          @Override
          public int httpsPort() {
            return https.port();
          }

          @Override
          public Optional<String> trustStore() {
            return Optional.of(https.trustStore().toString());
          }

          @Override
          public Optional<String> trustStorePassword() {
            return Optional.of(LocalHttps.PASSWORD);
          }
        };
      }
    };
  }

  private static VertxDomainProbe probe() {
    return new VertxDomainProbe(vertx, config(List.of(LocalHttps.SERVED), 262_144), PARSING);
  }

  private static DomainProbe.Finding look(VertxDomainProbe probe, String domain) {
    return probe.look(DomainName.parse(domain), TOKEN).await().atMost(Duration.ofSeconds(60));
  }

  @Test
  void dnsTxtRecord_isFound() {
    dns.txt("_service-verification.dns.shop.test", "other", TOKEN);
    assertThat(look(probe(), "dns.shop.test").method()).contains(DomainVerification.Method.DNS);
  }

  @Test
  void metaTagOnTheHomePage_isFound() {
    dns.a("meta.shop.test", LocalHttps.SERVED);
    https.page("meta.shop.test", "/", LocalHttps.Page.ok(META));
    assertThat(look(probe(), "meta.shop.test").method()).contains(DomainVerification.Method.META);
  }

  @Test
  void verificationFile_isFound() {
    dns.a("file.shop.test", LocalHttps.SERVED);
    https.page("file.shop.test", "/", LocalHttps.Page.ok("<html>nothing here</html>"));
    https.page("file.shop.test", "/service-verify.txt", LocalHttps.Page.ok(TOKEN + "\n"));
    assertThat(look(probe(), "file.shop.test").method()).contains(DomainVerification.Method.FILE);
  }

  @Test
  void nothingPublished_isNotFound_andSaysWhatEachMethodSaw() {
    dns.a("none.shop.test", LocalHttps.SERVED);
    dns.txt("_service-verification.none.shop.test", "service-verify-wrong");
    https.page(
        "none.shop.test", "/", LocalHttps.Page.ok(META.replace(TOKEN, "service-verify-wrong")));
    DomainProbe.Finding finding = look(probe(), "none.shop.test");
    assertThat(finding.method()).isEmpty();
    assertThat(finding.message())
        .contains("DNS: the TXT records at _service-verification.none.shop.test do not hold")
        .contains("meta tag: the home page does not show the token")
        .contains("file: /service-verify.txt was not read (HTTP 404)");
  }

  @Test
  void aNameResolvingTo127001_isRefused_thoughItsServerShowsTheToken() {
    dns.a("p1.shop.test", "127.0.0.1");
    https.page("p1.shop.test", "/", LocalHttps.Page.ok(META));
    https.page("p1.shop.test", "/service-verify.txt", LocalHttps.Page.ok(TOKEN));
    DomainProbe.Finding finding = look(probe(), "p1.shop.test");
    assertThat(finding.method()).isEmpty();
    assertThat(finding.message())
        .contains("resolves to a loopback address, which is never fetched");
    // the same server is reachable when its address is allowed: the refusal is the policy's
    VertxDomainProbe allowing =
        new VertxDomainProbe(vertx, config(List.of("127.0.0.1"), 262_144), PARSING);
    assertThat(look(allowing, "p1.shop.test").method()).contains(DomainVerification.Method.META);
  }

  @Test
  void privateAndLinkLocalNames_areRefused() {
    dns.a("private.shop.test", "10.0.0.5");
    dns.a("linklocal.shop.test", "169.254.169.254");
    assertThat(look(probe(), "private.shop.test").message())
        .contains("private.shop.test resolves to a private address");
    assertThat(look(probe(), "linklocal.shop.test").message())
        .contains("linklocal.shop.test resolves to a link-local address");
    assertThat(
            probe().fetchChecked("private.shop.test", "/").await().atMost(Duration.ofSeconds(30)))
        .isEqualTo(
            GuardedFetch.Fetched.refused(
                "private.shop.test resolves to a private address, which is never fetched"));
  }

  @Test
  void redirects_areCheckedAgainAtEveryHop() {
    dns.a("redirect.shop.test", LocalHttps.SERVED);
    dns.a("p1.shop.test", "127.0.0.1");
    dns.a("private.shop.test", "10.0.0.5");
    for (Map.Entry<String, String> hop :
        Map.of(
                "/to-loopback", "https://p1.shop.test/",
                "/to-loopback-literal", "https://127.0.0.1/",
                "/to-private", "https://private.shop.test/",
                "/to-metadata", "https://169.254.169.254/latest/meta-data/",
                "/to-http", "http://meta.shop.test/")
            .entrySet()) {
      https.page("redirect.shop.test", hop.getKey(), LocalHttps.Page.redirect(hop.getValue()));
    }
    VertxDomainProbe probe = probe();
    assertThat(fetch(probe, "/to-loopback")).contains("loopback");
    assertThat(fetch(probe, "/to-loopback-literal")).contains("127.0.0.1 resolves to a loopback");
    assertThat(fetch(probe, "/to-private")).contains("private address");
    assertThat(fetch(probe, "/to-metadata")).contains("link-local address");
    assertThat(fetch(probe, "/to-http")).contains("non-https");
    https.page("redirect.shop.test", "/loop", LocalHttps.Page.redirect("/loop"));
    assertThat(fetch(probe, "/loop")).contains("more than 3 redirects");
    https.page("redirect.shop.test", "/ok", LocalHttps.Page.redirect("https://meta.shop.test/"));
    dns.a("meta.shop.test", LocalHttps.SERVED);
    https.page("meta.shop.test", "/", LocalHttps.Page.ok(META));
    assertThat(
            probe.fetchChecked("redirect.shop.test", "/ok").await().atMost(Duration.ofSeconds(30)))
        .matches(f -> f.body().isPresent());
  }

  @Test
  void bodiesOverTheLimit_areRefused() {
    dns.a("big.shop.test", LocalHttps.SERVED);
    byte[] big = ("<html>" + "x".repeat(5_000) + "</html>").getBytes(StandardCharsets.UTF_8);
    https.page("big.shop.test", "/", new LocalHttps.Page(200, Map.of(), big));
    VertxDomainProbe small =
        new VertxDomainProbe(vertx, config(List.of(LocalHttps.SERVED), 1_000), PARSING);
    assertThat(small.fetchChecked("big.shop.test", "/").await().atMost(Duration.ofSeconds(30)))
        .matches(f -> f.body().isEmpty());
    assertThat(probe().fetchChecked("big.shop.test", "/").await().atMost(Duration.ofSeconds(30)))
        .matches(f -> f.body().isPresent());
  }

  private static String fetch(VertxDomainProbe probe, String path) {
    GuardedFetch.Fetched f =
        probe.fetchChecked("redirect.shop.test", path).await().atMost(Duration.ofSeconds(30));
    assertThat(f.body()).isEmpty();
    return f.reason();
  }

  @Test
  void metaTags_areReadInAnyAttributeOrderAndQuoting() {
    assertThat(
            VerificationMarkup.metaShows(
                "<META content='" + TOKEN + "' NAME=service-verification>", TOKEN))
        .isTrue();
    assertThat(
            VerificationMarkup.metaShows("<meta name=\"other\" content=\"" + TOKEN + "\">", TOKEN))
        .isFalse();
    assertThat(VerificationMarkup.fileHolds("  " + TOKEN + "  \r\n", TOKEN)).isTrue();
    assertThat(VerificationMarkup.fileHolds(TOKEN + "x", TOKEN)).isFalse();
  }

  @Test
  void hostilePages_getTheDocumentedAnswer_inLinearTime() {
    Map<String, String> pages = HostilePages.all(TOKEN);
    pages.forEach(
        (host, html) -> {
          dns.a(host, LocalHttps.SERVED);
          https.page(host, "/", LocalHttps.Page.ok(html));
        });
    VertxDomainProbe probe = probe();
    for (String host : List.of("long-meta.shop.test", "unclosed.shop.test")) {
      long started = System.nanoTime();
      DomainProbe.Finding finding = look(probe, host);
      assertThat(finding.method()).as(host).isEmpty();
      assertThat(finding.message()).contains("meta tag: the home page does not show the token");
      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
    }
    assertThat(look(probe, "nested.shop.test").method()).contains(DomainVerification.Method.META);
  }

  @Test
  void homePages_areReadToAPrefix_notRefused_andTheTagMustBeInIt() {
    dns.a("big.shop.test", LocalHttps.SERVED);
    https.page(
        "big.shop.test",
        "/",
        LocalHttps.Page.ok(META + "<body>" + "x".repeat(300_000) + "</body>"));
    assertThat(look(probe(), "big.shop.test").method()).contains(DomainVerification.Method.META);
    https.page(
        "big.shop.test",
        "/",
        LocalHttps.Page.ok("<html><head><title>" + "x".repeat(70_000) + "</title>" + META));
    assertThat(look(probe(), "big.shop.test").message())
        .contains("meta tag: the home page does not show the token");
  }

  @Test
  void whenTheParsingPoolIsFull_thePageIsReportedNotExamined() throws Exception {
    dns.a("meta.shop.test", LocalHttps.SERVED);
    https.page("meta.shop.test", "/", LocalHttps.Page.ok(META));
    Executor refusing =
        task -> {
          throw new RejectedExecutionException("full");
        };
    VertxDomainProbe busy =
        new VertxDomainProbe(vertx, config(List.of(LocalHttps.SERVED), 262_144), refusing);
    DomainProbe.Finding finding = look(busy, "meta.shop.test");
    assertThat(finding.method()).isEmpty();
    assertThat(finding.message())
        .contains("the home page was not examined (the service is busy checking other domains)");
  }

  @Test
  void metaTags_afterTheHead_orOutsideMeta_doNotCount() {
    assertThat(VerificationMarkup.metaShows("<html><head></head><body>" + META, TOKEN)).isFalse();
    assertThat(
            VerificationMarkup.metaShows(
                "<head><title><meta name=service-verification content=" + TOKEN + "></title>",
                TOKEN))
        .isFalse();
    assertThat(
            VerificationMarkup.metaShows(
                "<head><!-- <meta name=service-verification content=" + TOKEN + "> -->", TOKEN))
        .isFalse();
  }
}
