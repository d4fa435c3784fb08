package org.walletstate.adapters.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.LogCapture;
import org.walletstate.adapters.http.testbed.PostgresTestResource;

/**
 * A client's mistake is the client's business: the answer explains it, and the server log stays
 * quiet (nothing above DEBUG), with no email address, SQL or key in it at any level.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class QuietClientErrorsTest {

  @Test
  void keysCreate_aSecondKeyForAnEmail_is409_andLogsNothingAboveDebugNorTheAddressNorSql() {
    String email = "quiet-" + UUID.randomUUID() + "@example.org";
    given()
        .contentType(ContentType.JSON)
        .body(Map.of("email", email, "appName", "first"))
        .post("/v1/keys/create")
        .then()
        .statusCode(200);

    try (LogCapture logs = LogCapture.start()) {
      given()
          .contentType(ContentType.JSON)
          .body(Map.of("email", email, "appName", "second"))
          .post("/v1/keys/create")
          .then()
          .statusCode(409);

      assertThat(logs.entries()).noneMatch(LogCapture.Entry::aboveDebug);
      assertThat(logs.entries()).noneMatch(e -> e.mentions(email));
      assertThat(logs.entries())
          .filteredOn(LogCapture.Entry::aboveDebug)
          .noneMatch(e -> e.mentions("insert into") || e.mentions("api_key"));
    }
  }

  @Test
  void everydayClientErrors_logNothingAboveDebug() {
    try (LogCapture logs = LogCapture.start()) {
      given()
          .contentType(ContentType.JSON)
          .body("{\"email\": ")
          .post("/v1/keys/create")
          .then()
          .statusCode(400);
      given()
          .contentType(ContentType.JSON)
          .body(Map.of("email", "not-an-email", "appName", "x"))
          .post("/v1/keys/create")
          .then()
          .statusCode(400);
      given()
          .header("X-API-Key", "svc_live_" + "0".repeat(40))
          .get("/v1/credits")
          .then()
          .statusCode(401);
      given().get("/v1/no-such-endpoint").then().statusCode(404);
      given().get("/v1/keys/create").then().statusCode(405);
      given()
          .contentType(ContentType.TEXT)
          .body("hi")
          .post("/v1/keys/create")
          .then()
          .statusCode(415);

      assertThat(logs.entries()).noneMatch(LogCapture.Entry::aboveDebug);
      assertThat(logs.entries()).noneMatch(e -> e.mentions("svc_live_"));
    }
  }
}
