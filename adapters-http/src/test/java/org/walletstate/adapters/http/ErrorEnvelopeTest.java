package org.walletstate.adapters.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.LogCapture;
import org.walletstate.adapters.http.testbed.PostgresTestResource;

@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class ErrorEnvelopeTest {

  private static final String ISO = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z";

  @Test
  void malformedJson_isA400Envelope() {
    given()
        .contentType(ContentType.JSON)
        .body("{\"email\": ")
        .post("/v1/keys/create")
        .then()
        .statusCode(400)
        .contentType(ContentType.JSON)
        .body("ok", equalTo(false))
        .body("error.code", equalTo(400))
        .body("error.message", containsString("not valid JSON"))
        .body("meta.version", equalTo("1.0"))
        .body("meta.timestamp", matchesPattern(ISO));
  }

  @Test
  void duplicateMembers_areRefusedByName() {
    given()
        .contentType(ContentType.JSON)
        .body("{\"email\":\"a@example.org\",\"email\":\"b@example.org\",\"appName\":\"x\"}")
        .post("/v1/keys/create")
        .then()
        .statusCode(400)
        .body("error.message", equalTo("Request body has the member \"email\" more than once"));
  }

  @Test
  void aBodyThatIsNotAnObject_isA400() {
    given()
        .contentType(ContentType.JSON)
        .body("[1,2]")
        .post("/v1/keys/create")
        .then()
        .statusCode(400)
        .body("error.message", equalTo("Request body must be a JSON object, not an array"));
  }

  @Test
  void deeplyNestedBodies_areRefused() {
    String deep = "{\"a\":".repeat(200) + "1" + "}".repeat(200);
    given()
        .contentType(ContentType.JSON)
        .body(deep)
        .post("/v1/keys/create")
        .then()
        .statusCode(400)
        .body("ok", equalTo(false))
        .body("error.message", containsString("nested"));
  }

  @Test
  void numbersWithAbsurdExponents_areRefused() {
    given()
        .contentType(ContentType.JSON)
        .body("{\"email\": 1e999999999, \"appName\": \"x\"}")
        .post("/v1/keys/create")
        .then()
        .statusCode(400)
        .body("error.message", containsString("out of range"));
  }

  @Test
  void unknownRoute_isA404Envelope() {
    given()
        .get("/v1/no-such-thing")
        .then()
        .statusCode(404)
        .contentType(ContentType.JSON)
        .body("ok", equalTo(false))
        .body("error.code", equalTo(404))
        .body(
            "error.message",
            equalTo("No endpoint GET /v1/no-such-thing; see /q/openapi for the interface"));
  }

  @Test
  void unknownRouteOutsideV1_isAlsoAnEnvelope() {
    given()
        .get("/definitely/not/here")
        .then()
        .statusCode(404)
        .contentType(ContentType.JSON)
        .body("ok", equalTo(false));
  }

  @Test
  void wrongMethod_isA405EnvelopeWithAllow() {
    given()
        .delete("/v1/compliance/templates")
        .then()
        .statusCode(405)
        .contentType(ContentType.JSON)
        .header("Allow", containsString("GET"))
        .body("ok", equalTo(false))
        .body("error.code", equalTo(405))
        .body("error.message", containsString("DELETE is not allowed on /v1/compliance/templates"));
  }

  @Test
  void wrongContentType_isA415Envelope() {
    given()
        .contentType(ContentType.TEXT)
        .body("email=a@example.org")
        .post("/v1/keys/create")
        .then()
        .statusCode(415)
        .contentType(ContentType.JSON)
        .body("error.code", equalTo(415))
        .body("error.message", containsString("Content-Type must be application/json"));
  }

  @Test
  void oversizedBody_isA413Envelope() {
    String big = "{\"appName\":\"" + "x".repeat(200 * 1024) + "\"}";
    given()
        .contentType(ContentType.JSON)
        .body(big)
        .post("/v1/keys/create")
        .then()
        .statusCode(413)
        .contentType(ContentType.JSON)
        .body("ok", equalTo(false))
        .body("error.code", equalTo(413));
  }

  @Test
  void emptyBody_isA400() {
    given()
        .contentType(ContentType.JSON)
        .post("/v1/keys/create")
        .then()
        .statusCode(400)
        .body("error.message", equalTo("Request body is required: send a JSON object"));
  }

  @Test
  void unexpectedFailures_areA500EnvelopeWithoutInternals_andOneErrorLineWithTheSameReference() {
    // the failure is provoked on purpose: its ERROR line and stack trace are captured and checked
    // here rather than printed into the build output
    try (LogCapture logs = LogCapture.start()) {
      String message =
          given()
              .get("/test-only/failure")
              .then()
              .statusCode(500)
              .contentType(ContentType.JSON)
              .body("ok", equalTo(false))
              .body("error.code", equalTo(500))
              .body(
                  "error.message",
                  matchesPattern(
                      "Unexpected server error \\(reference [0-9a-f]{12}\\)\\. Nothing was"
                          + " charged; it is safe to retry\\."))
              .body(not(containsString("db-primary")))
              .body(not(containsString("IllegalStateException")))
              .extract()
              .path("error.message");
      String reference = message.replaceAll(".*reference ([0-9a-f]{12}).*", "$1");

      assertThat(logs.entries())
          .filteredOn(LogCapture.Entry::aboveDebug)
          .singleElement()
          .satisfies(
              entry -> {
                assertThat(entry.level().getName()).isEqualTo("ERROR");
                assertThat(entry.text())
                    .contains("reference " + reference)
                    .contains("IllegalStateException: connection pool of db-primary.internal");
              });
    }
  }

  @Test
  void oversizedChunkedBody_isA413Envelope() throws Exception {
    byte[] big = ("{\"appName\":\"" + "x".repeat(300 * 1024) + "\"}").getBytes();
    HttpRequest request =
        HttpRequest.newBuilder(
                URI.create(RestAssured.baseURI + ":" + RestAssured.port + "/v1/keys/create"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big)))
            .build();
    HttpResponse<String> response =
        HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(413);
    assertThat(response.body()).contains("\"ok\":false").contains("\"code\":413");
  }

  @Test
  void errorBodies_neverCarryStackTraces() {
    given()
        .contentType(ContentType.JSON)
        .body("{\"email\": ")
        .post("/v1/keys/create")
        .then()
        .body(not(containsString("at org.")))
        .body(not(containsString("Exception")));
  }
}
