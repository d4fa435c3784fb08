package org.walletstate.adapters.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DomainWorld;
import org.walletstate.adapters.http.testbed.LocalHttps;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Domain verification through HTTP against a local DNS server and a local HTTPS server: each of the
 * three methods found and not found, the attempt limit with Retry-After, and the address rules.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DomainWorld.class)
class MerchantDomainVerificationTest {

  @Inject Pool pool;

  private String owner;

  private String merchant() {
    owner = TestKeys.create(pool, 10, 1_000_000, KeyVersion.V2).secret();
    String id = "dv-" + UUID.randomUUID().toString().substring(0, 8);
    given()
        .contentType(ContentType.JSON)
        .header("X-API-Key", owner)
        .body(Map.of("companyName", id, "companyId", id))
        .post("/v1/merchants")
        .then()
        .statusCode(200);
    return id;
  }

  private String start(String id, String domain) {
    Response r =
        given()
            .contentType(ContentType.JSON)
            .header("X-API-Key", owner)
            .body(Map.of("domain", domain))
            .post("/v1/merchants/" + id + "/domain-verification");
    assertThat(r.statusCode()).isEqualTo(200);
    return r.jsonPath().getString("data.token");
  }

  private Response check(String id) {
    return given().header("X-API-Key", owner).put("/v1/merchants/" + id + "/domain-verification");
  }

  @Test
  void post_issuesAFreshTokenEachTime_withTheThreeMethods() {
    String id = merchant();
    Response r =
        given()
            .contentType(ContentType.JSON)
            .header("X-API-Key", owner)
            .body(Map.of("domain", "Meta.Shop.Test"))
            .post("/v1/merchants/" + id + "/domain-verification");
    r.then()
        .statusCode(200)
        .body("data.domain", equalTo("meta.shop.test"))
        .body("data.token", matchesPattern("service-verify-[0-9a-f]{32}"))
        .body("data.methods.dns.type", equalTo("TXT"))
        .body("data.methods.dns.host", equalTo("_service-verification.meta.shop.test"))
        .body("data.methods.dns.value", equalTo(r.jsonPath().getString("data.token")))
        .body("data.methods.dns.instructions", containsString("TXT"))
        .body("data.methods.meta.tag", containsString("name=\"service-verification\""))
        .body("data.methods.meta.instructions", containsString("https://meta.shop.test/"))
        .body("data.methods.file.path", equalTo("/service-verify.txt"))
        .body("data.methods.file.content", equalTo(r.jsonPath().getString("data.token")))
        .body("data.methods.file.instructions", containsString("service-verify.txt"));
    assertThat(start(id, "meta.shop.test")).isNotEqualTo(r.jsonPath().getString("data.token"));
    for (String bad :
        new String[] {"https://meta.shop.test", "localhost", "10.0.0.1", "a b.test"}) {
      given()
          .contentType(ContentType.JSON)
          .header("X-API-Key", owner)
          .body(Map.of("domain", bad))
          .post("/v1/merchants/" + id + "/domain-verification")
          .then()
          .statusCode(400);
    }
    given()
        .contentType(ContentType.JSON)
        .header("X-API-Key", owner)
        .body("{}")
        .post("/v1/merchants/" + id + "/domain-verification")
        .then()
        .statusCode(400)
        .body("error.message", containsString("domain is required"));
  }

  @Test
  void put_beforeAnyPost_is409() {
    String id = merchant();
    check(id).then().statusCode(409).body("error.message", containsString("POST"));
  }

  @Test
  void dnsTxt_verifies() {
    String id = merchant();
    String token = start(id, "dns.shop.test");
    DomainWorld.dns().txt("_service-verification.dns.shop.test", token);
    check(id)
        .then()
        .statusCode(200)
        .body("data.verified", equalTo(true))
        .body("data.domain", equalTo("dns.shop.test"))
        .body("data.method", equalTo("dns"));
    given()
        .header("X-API-Key", owner)
        .get("/v1/merchants/" + id + "/status")
        .then()
        .body("data.verification.status", equalTo("verified"))
        .body("data.verification.domain", equalTo("dns.shop.test"));
  }

  @Test
  void metaTag_verifies_andAnOldTokenDoesNot() {
    String id = merchant();
    String old = start(id, "meta.shop.test");
    String token = start(id, "meta.shop.test");
    DomainWorld.dns().a("meta.shop.test", LocalHttps.SERVED);
    DomainWorld.https()
        .page(
            "meta.shop.test",
            "/",
            LocalHttps.Page.ok("<meta name=\"service-verification\" content=\"" + old + "\">"));
    check(id).then().statusCode(200).body("data.verified", equalTo(false));
    DomainWorld.https()
        .page(
            "meta.shop.test",
            "/",
            LocalHttps.Page.ok(
                "<head><meta content=\"" + token + "\" name=\"service-verification\"></head>"));
    check(id)
        .then()
        .statusCode(200)
        .body("data.verified", equalTo(true))
        .body("data.method", equalTo("meta"));
  }

  @Test
  void file_verifies() {
    String id = merchant();
    String token = start(id, "file.shop.test");
    DomainWorld.dns().a("file.shop.test", LocalHttps.SERVED);
    DomainWorld.https().page("file.shop.test", "/service-verify.txt", LocalHttps.Page.ok(token));
    check(id)
        .then()
        .statusCode(200)
        .body("data.verified", equalTo(true))
        .body("data.method", equalTo("file"));
  }

  @Test
  void failedChecks_countDown_thenAre429WithRetryAfter() {
    String id = merchant();
    start(id, "none.shop.test");
    DomainWorld.dns().a("none.shop.test", LocalHttps.SERVED);
    for (int remaining = 4; remaining >= 0; remaining--) {
      check(id)
          .then()
          .statusCode(200)
          .body("data.verified", equalTo(false))
          .body("data.domain", equalTo("none.shop.test"))
          .body("data.message", containsString("not found"))
          .body("data.attemptsRemaining", equalTo(remaining));
    }
    Response limited = check(id);
    assertThat(limited.statusCode()).isEqualTo(429);
    assertThat(Long.parseLong(limited.header("Retry-After"))).isBetween(1L, 3600L);
    assertThat(limited.jsonPath().getString("error.message")).contains("retry in");
    // a new POST does not reset the limit
    start(id, "none.shop.test");
    check(id).then().statusCode(429);
  }

  @Test
  void domainsResolvingToLoopbackOrPrivateAddresses_andRedirectsToThem_areNeverFetched() {
    DomainWorld.dns().a("p1.shop.test", "127.0.0.1");
    DomainWorld.dns().a("private.shop.test", "10.0.0.5");
    DomainWorld.dns().a("redirect.shop.test", LocalHttps.SERVED);
    String a = merchant();
    String token = start(a, "p1.shop.test");
    DomainWorld.https()
        .page(
            "p1.shop.test",
            "/",
            LocalHttps.Page.ok("<meta name=\"service-verification\" content=\"" + token + "\">"));
    DomainWorld.https().page("p1.shop.test", "/service-verify.txt", LocalHttps.Page.ok(token));
    check(a)
        .then()
        .statusCode(200)
        .body("data.verified", equalTo(false))
        .body("data.message", containsString("p1.shop.test resolves to a loopback address"));
    String b = merchant();
    start(b, "private.shop.test");
    check(b)
        .then()
        .body("data.verified", equalTo(false))
        .body("data.message", containsString("private.shop.test resolves to a private address"));
    String c = merchant();
    String redirectToken = start(c, "redirect.shop.test");
    DomainWorld.https()
        .page("p1.shop.test", "/service-verify.txt", LocalHttps.Page.ok(redirectToken));
    DomainWorld.https()
        .page("redirect.shop.test", "/", LocalHttps.Page.redirect("https://private.shop.test/"));
    DomainWorld.https()
        .page(
            "redirect.shop.test",
            "/service-verify.txt",
            LocalHttps.Page.redirect("https://p1.shop.test/service-verify.txt"));
    check(c)
        .then()
        .body("data.verified", equalTo(false))
        .body(
            "data.message",
            containsString(
                "meta tag: the home page was not read (private.shop.test resolves to a private address"))
        .body(
            "data.message",
            containsString(
                "file: /service-verify.txt was not read (p1.shop.test resolves to a loopback address"));
  }

  @Test
  void redirectsToIpv6FormsCarryingPrivateOrLoopbackAddresses_areNeverFetched() {
    DomainWorld.dns().a("redirect.shop.test", LocalHttps.SERVED);
    String id = merchant();
    start(id, "redirect.shop.test");
    DomainWorld.https()
        .page("redirect.shop.test", "/", LocalHttps.Page.redirect("https://[64:ff9b::a00:5]/"));
    DomainWorld.https()
        .page(
            "redirect.shop.test",
            "/service-verify.txt",
            LocalHttps.Page.redirect("https://[2002:7f00:1::]/service-verify.txt"));
    check(id)
        .then()
        .statusCode(200)
        .body("data.verified", equalTo(false))
        .body(
            "data.message",
            containsString(
                "meta tag: the home page was not read (64:ff9b::a00:5 resolves to a NAT64 address"
                    + " carrying a private address (10.0.0.5), which is never fetched)"))
        .body(
            "data.message",
            containsString(
                "file: /service-verify.txt was not read (2002:7f00:1:: resolves to a 6to4 address"
                    + " carrying a loopback address (127.0.0.1), which is never fetched)"));
  }
}
