package org.walletstate.adapters.http;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsStringIgnoringCase;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;

@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class TemplatesAndKeysTest {

  @Test
  void templates_listsTheFiveTemplatesInTheSuccessEnvelope() {
    Map<String, Object> templates =
        given()
            .get("/v1/compliance/templates")
            .then()
            .statusCode(200)
            .contentType(ContentType.JSON)
            .body("ok", equalTo(true))
            .body("meta.version", equalTo("1.0"))
            .body("data.templates.exchange_verified_account.chainId", equalTo(8453))
            .body("data.templates.exchange_verified_account.chainName", equalTo("Base"))
            .body("data.templates.humanity_passport_score.chainId", equalTo(10))
            .body("data.templates.humanity_passport_score.chainName", equalTo("OP Mainnet"))
            .body("data.templates.exchange_one", hasKey("provider"))
            .body("data.templates.exchange_one", hasKey("description"))
            .extract()
            .path("data.templates");
    org.assertj.core.api.Assertions.assertThat(templates.keySet())
        .containsExactly(
            "exchange_verified_account",
            "exchange_verified_country",
            "exchange_one",
            "humanity_passport_score",
            "humanity_passport_active");
  }

  private static String email() {
    return "dev-" + UUID.randomUUID() + "@example.org";
  }

  @Test
  void keysCreate_issuesAFreeKeyShownOnce() {
    given()
        .contentType(ContentType.JSON)
        .body(Map.of("email", email(), "appName", "my dapp", "tier", "free"))
        .post("/v1/keys/create")
        .then()
        .statusCode(200)
        .header("Cache-Control", "no-store")
        .body("success", equalTo(true))
        .body("key", matchesPattern("svc_live_[0-9a-f]{40}"))
        .body("name", equalTo("my dapp"))
        .body("tier", equalTo("free"))
        .body("dailyLimit", equalTo(100))
        .body("apiKeyCredits", equalTo(10));
  }

  @Test
  void keysCreate_refusesASecondKeyForTheSameEmail() {
    String email = email();
    given()
        .contentType(ContentType.JSON)
        .body(Map.of("email", email, "appName", "first"))
        .post("/v1/keys/create")
        .then()
        .statusCode(200);
    given()
        .contentType(ContentType.JSON)
        .body(Map.of("email", email.toUpperCase(java.util.Locale.ROOT), "appName", "second"))
        .post("/v1/keys/create")
        .then()
        .statusCode(409)
        .body("ok", equalTo(false))
        .body("error.code", equalTo(409))
        .body(
            "error.message",
            equalTo(
                "A key already exists for this email address; each email address gets one free"
                    + " key"))
        // the answer does not repeat the address (in any case): it confirms nothing about it
        .body(not(containsStringIgnoringCase(email)));
  }

  @Test
  void keysCreate_refusesInvalidEmails() {
    for (Object bad : List.of("not-an-email", "a@b", "a b@example.org", 42)) {
      given()
          .contentType(ContentType.JSON)
          .body(Map.of("email", bad, "appName", "x"))
          .post("/v1/keys/create")
          .then()
          .statusCode(400)
          .body("ok", equalTo(false))
          .body("error.code", equalTo(400));
    }
  }

  @Test
  void keysCreate_refusesPaidTiersAndMissingFields() {
    given()
        .contentType(ContentType.JSON)
        .body(Map.of("email", email(), "appName", "x", "tier", "pro"))
        .post("/v1/keys/create")
        .then()
        .statusCode(400)
        .body("error.message", matchesPattern("tier \"pro\" cannot be created here.*"));
    given()
        .contentType(ContentType.JSON)
        .body(Map.of("email", email()))
        .post("/v1/keys/create")
        .then()
        .statusCode(400)
        .body("error.message", equalTo("appName is required"));
  }
}
