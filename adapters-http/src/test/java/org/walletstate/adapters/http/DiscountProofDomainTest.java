package org.walletstate.adapters.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.walletstate.adapters.http.DiscountsTest.HOLDER;
import static org.walletstate.adapters.http.DiscountsTest.M;
import static org.walletstate.adapters.http.DiscountsTest.body;
import static org.walletstate.adapters.http.DiscountsTest.freeKey;
import static org.walletstate.adapters.http.DiscountsTest.nonce;
import static org.walletstate.adapters.http.DiscountsTest.post;
import static org.walletstate.adapters.http.DiscountsTest.proof;
import static org.walletstate.adapters.http.DiscountsTest.signProof;
import static org.walletstate.adapters.http.DiscountsTest.store;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.DomainWorld;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.verifier.VerifiedDiscount;

/**
 * A walletProof whose EIP-4361 domain is the store's own website, over HTTP: refused (401, nothing
 * charged, the nonce not spent) while the store's domain is not verified, accepted once it is
 * (verified through the local DNS server), and another site's domain refused, even one verified by
 * another store.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(DomainWorld.class)
class DiscountProofDomainTest {

  @Inject Pool pool;

  private static final String HOLDER_KEY = M.wallet("holder").privateKey().orElseThrow();

  /** A store owned by {@code key} whose unproven wallets get at most 5%. */
  private static String cappedStore(String key) {
    return store(key, "{\"maxUnprovenDiscount\":5}");
  }

  /** Starts domain verification of {@code domain} for the store and returns the token. */
  private static String startVerification(String key, String id, String domain) {
    return MerchantsTest.as(key)
        .body(Map.of("domain", domain))
        .post("/v1/merchants/" + id + "/domain-verification")
        .then()
        .statusCode(200)
        .extract()
        .path("data.token");
  }

  /** Publishes the token as the DNS TXT record and checks it: the store's domain is verified. */
  private static void verify(String key, String id, String domain, String token) {
    DomainWorld.dns().txt("_service-verification." + domain, token);
    given()
        .header("X-API-Key", key)
        .put("/v1/merchants/" + id + "/domain-verification")
        .then()
        .statusCode(200)
        .body("data.verified", equalTo(true))
        .body("data.domain", equalTo(domain));
  }

  private static String site() {
    return "w" + UUID.randomUUID().toString().substring(0, 8) + ".shop.test";
  }

  private long credits(String key) {
    return DiscountsTest.one(
            pool,
            "select credits from api_key"
                + " where key_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')",
            key)
        .getLong("credits");
  }

  private long codes(String merchant) {
    return DiscountsTest.one(
            pool, "select count(*) as n from discount_code where merchant_id = $1", merchant)
        .getLong("n");
  }

  private static Map<String, Object> proven(String id, String domain, String nonce) {
    Map<String, Object> b = body(id, HOLDER);
    b.put("walletProof", proof(signProof(HOLDER_KEY, id, Instant.now(), nonce, domain)));
    return b;
  }

  @Test
  void theStoresWebsite_isRefusedUntilVerified_thenTheSameProofIsAccepted() throws Exception {
    String key = freeKey();
    String id = cappedStore(key);
    String domain = site();
    String token = startVerification(key, id, domain);
    long before = credits(key);

    // the domain is pending, not verified: the proof does not verify (401), nothing is charged
    Map<String, Object> request = proven(id, domain, nonce());
    for (String path : new String[] {"/v1/verify", "/v1/acp/discount"}) {
      post(key, path, request)
          .then()
          .statusCode(401)
          .body("error.message", containsString("neither the service's host nor the store's"));
    }
    given()
        .header("X-API-Key", key)
        .get("/v1/merchants/" + id + "/status")
        .then()
        .body("data.verification.status", not(equalTo("verified")))
        .body("data.verification.domain", equalTo(domain));
    assertThat(credits(key)).isEqualTo(before);
    assertThat(codes(id)).isZero();

    // once verified, the very same proof (its nonce was not spent by the refusals) is accepted
    verify(key, id, domain, token);
    Response r = post(key, "/v1/verify", request);
    r.then()
        .statusCode(200)
        .body("data.walletProven", equalTo(true))
        .body("data.discountPercent", equalTo(20))
        .body("data.discountIfProven", equalTo(null))
        .body("meta.creditsCharged", equalTo(1));
    VerifiedDiscount block = DiscountsTest.sdk(r.asString());
    assertThat(block.walletProven()).isTrue();
    assertThat(block.discountPercent()).isEqualTo(20);
    assertThat(block.merchantId()).isEqualTo(id);
    assertThat(credits(key)).isEqualTo(before - 1);
    assertThat(codes(id)).isEqualTo(1);

    // the nonce is now spent
    post(key, "/v1/verify", request)
        .then()
        .statusCode(401)
        .body("error.message", containsString("nonce"));
    assertThat(credits(key)).isEqualTo(before - 1);
  }

  @Test
  void theStoresWebsite_isAcceptedOnAcpToo() throws Exception {
    String key = freeKey();
    String id = cappedStore(key);
    String domain = site();
    verify(key, id, domain, startVerification(key, id, domain));
    Response r = post(key, "/v1/acp/discount", proven(id, domain, nonce()));
    r.then()
        .statusCode(200)
        .body("data.protocol", equalTo("acp"))
        .body("data.verification.walletProven", equalTo(true));
    VerifiedDiscount block = DiscountsTest.sdk(r.asString());
    assertThat(block.walletProven()).isTrue();
    assertThat(block.discountPercent()).isEqualTo(20);
  }

  @Test
  void anotherSitesDomain_isRefused_evenOneVerifiedByAnotherStore() {
    String key = freeKey();
    String id = cappedStore(key);
    String own = site();
    verify(key, id, own, startVerification(key, id, own));

    String otherKey = freeKey();
    String other = cappedStore(otherKey);
    String theirs = site();
    verify(otherKey, other, theirs, startVerification(otherKey, other, theirs));
    long before = credits(key);

    for (String domain : new String[] {theirs, "elsewhere.example", "sub." + own}) {
      post(key, "/v1/verify", proven(id, domain, nonce()))
          .then()
          .statusCode(401)
          .body("error.message", containsString("neither the service's host nor the store's"));
    }
    assertThat(credits(key)).isEqualTo(before);
    assertThat(codes(id)).isZero();
  }
}
