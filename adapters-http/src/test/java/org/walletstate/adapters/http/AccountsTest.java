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
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.domain.payload.KeyVersion;

@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class AccountsTest {

  @Inject Pool pool;

  private static String freeKey() {
    return given()
        .contentType(ContentType.JSON)
        .body(Map.of("email", "acct-" + UUID.randomUUID() + "@example.org", "appName", "a"))
        .post("/v1/keys/create")
        .then()
        .statusCode(200)
        .extract()
        .path("key");
  }

  @Test
  void credits_showsBalancePlanAndUsageWithRateLimitHeaders() {
    String key = freeKey();
    given()
        .header("X-API-Key", key)
        .get("/v1/credits")
        .then()
        .statusCode(200)
        .header("X-RateLimit-Limit", "100")
        .header("X-RateLimit-Remaining", "99")
        .body("ok", equalTo(true))
        .body("data.credits", equalTo(10))
        .body("data.plan", equalTo("free"))
        .body("data.keyVersion", equalTo("v2"))
        .body("data.dailyLimit", equalTo(100))
        .body("data.requestsToday", equalTo(1))
        .body("data.requestsRemainingToday", equalTo(99))
        .body("data.dailyLimitResetsAt", matchesPattern("\\d{4}-\\d{2}-\\d{2}T00:00:00\\.000Z"))
        .body("data.costs.attest", equalTo(1))
        .body("data.costs.attestWithProof", equalTo(2))
        .body("data.costs.trustPerWallet", equalTo(3))
        .body("data.costs.trustPerWalletWithProof", equalTo(6));
    given()
        .header("X-API-Key", key)
        .get("/v1/credits")
        .then()
        .header("X-RateLimit-Remaining", "98")
        .body("data.requestsToday", equalTo(2));
  }

  @Test
  void aMissingMalformedOrUnknownKey_isExactly401() {
    for (String presented : new String[] {null, "", "svc_live_123", "svc_live_" + "0".repeat(40)}) {
      var request = given();
      if (presented != null) {
        request = request.header("X-API-Key", presented);
      }
      request
          .get("/v1/credits")
          .then()
          .statusCode(401)
          .body("ok", equalTo(false))
          .body("error.code", equalTo(401))
          .body("error.message", equalTo("Invalid or missing API key."));
    }
  }

  @Test
  void twoCredentialSchemesAtOnce_areRefused() {
    given()
        .header("X-API-Key", freeKey())
        .header("Authorization", "Wallet eyJtZXNzYWdlIjoiIn0=")
        .get("/v1/credits")
        .then()
        .statusCode(400)
        .body("error.message", containsString("one credential scheme per request"));
  }

  @Test
  void walletPassAuthentication_outsideItsFiveEndpoints_isAClear501() {
    given()
        .header("Authorization", "Wallet eyJtZXNzYWdlIjoiIn0=")
        .get("/v1/compliance/templates")
        .then()
        .statusCode(501)
        .body("error.code", equalTo(501))
        .body("error.message", containsString("use X-API-Key"));
    // on GET /v1/credits it is accepted, and this one does not sign in
    given()
        .header("Authorization", "Wallet eyJtZXNzYWdlIjoiIn0=")
        .get("/v1/credits")
        .then()
        .statusCode(401)
        .body("error.message", containsString("Wallet sign-in refused"));
  }

  @Test
  void theDailyLimit_answers429WithRetryAfterAndWhenItResets() {
    TestKeys.TestKey key = TestKeys.create(pool, 5, 3, KeyVersion.V2);
    for (int remaining = 2; remaining >= 0; remaining--) {
      given()
          .header("X-API-Key", key.secret())
          .get("/v1/credits")
          .then()
          .statusCode(200)
          .header("X-RateLimit-Limit", "3")
          .header("X-RateLimit-Remaining", Integer.toString(remaining));
    }
    Response refused = given().header("X-API-Key", key.secret()).get("/v1/credits");
    refused
        .then()
        .statusCode(429)
        .header("X-RateLimit-Limit", "3")
        .header("X-RateLimit-Remaining", "0")
        .body("error.code", equalTo(429))
        .body(
            "error.message",
            matchesPattern(
                "Daily limit of 3 requests reached; it resets at \\d{4}-\\d{2}-\\d{2}T00:00:00\\.000Z"
                    + " \\(in \\d+ seconds\\)"));
    long retryAfter = Long.parseLong(refused.header("Retry-After"));
    assertThat(retryAfter).isBetween(1L, 86_400L);
    assertThat(refused.jsonPath().getString("error.message"))
        .contains("(in " + retryAfter + " seconds)");
  }

  @Test
  void creditsAndTheDailyLimitAreSeparateCeilings() {
    TestKeys.TestKey broke = TestKeys.create(pool, 0, 5, KeyVersion.V2);
    given()
        .header("X-API-Key", broke.secret())
        .get("/v1/credits")
        .then()
        .statusCode(200)
        .body("data.credits", equalTo(0))
        .header("X-RateLimit-Remaining", "4");
  }
}
