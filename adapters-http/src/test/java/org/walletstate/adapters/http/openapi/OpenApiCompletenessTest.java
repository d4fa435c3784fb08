package org.walletstate.adapters.http.openapi;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.edge.RouteTable;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;

/**
 * The served OpenAPI document describes every endpoint the service routes: request and response
 * schemas, examples and the error responses ({@link OpenApiCompleteness} has the rules). A new
 * resource method without its operation in {@code META-INF/openapi.yaml} fails here.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class OpenApiCompletenessTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Inject RouteTable routeTable;

  /** The production routes: the test class path adds resources under /test-only. */
  private Map<String, Set<String>> routed() {
    Map<String, Set<String>> routed = new TreeMap<>(routeTable.templates());
    routed.keySet().removeIf(path -> path.startsWith("/test-only/"));
    return routed;
  }

  private static JsonNode served() throws Exception {
    String body =
        given()
            .queryParam("format", "json")
            .get("/q/openapi")
            .then()
            .statusCode(200)
            .extract()
            .asString();
    return JSON.readTree(body);
  }

  @Test
  void everyRoutedEndpoint_isDocumentedCompletely() throws Exception {
    JsonNode document = served();
    Map<String, Set<String>> routed = routed();
    assertTrue(routed.size() >= 8, "the route table is read: " + routed);
    assertEquals(
        List.of(), OpenApiCompleteness.problems(document, routed, routeTable.withoutBody()));
    assertEquals("3.1.0", document.path("openapi").asText());
  }

  @Test
  void theRules_failOnAnIncompleteDocument() throws Exception {
    Map<String, Set<String>> routed = routed();

    ObjectNode unrouted = (ObjectNode) served();
    ((ObjectNode) unrouted.path("paths")).remove("/v1/keys/create");
    assertTrue(
        OpenApiCompleteness.problems(unrouted, routed)
            .contains("POST /v1/keys/create: no operation documented"));

    ObjectNode noErrors = (ObjectNode) served();
    ((ObjectNode) noErrors.at("/paths/~1v1~1attest/post/responses")).remove(List.of("400", "401"));
    assertTrue(
        OpenApiCompleteness.problems(noErrors, routed)
            .containsAll(
                List.of(
                    "POST /v1/attest: error response 400 is not documented",
                    "POST /v1/attest: error response 401 is not documented")));

    ObjectNode noSchema = (ObjectNode) served();
    ((ObjectNode) noSchema.at("/paths/~1v1~1credits/get/responses/200/content/application~1json"))
        .remove("schema");
    ((ObjectNode)
            noSchema.at("/paths/~1v1~1keys~1create/post/requestBody/content/application~1json"))
        .remove("schema");
    assertTrue(
        OpenApiCompleteness.problems(noSchema, routed)
            .containsAll(
                List.of(
                    "GET /v1/credits: response 200 has no application/json schema",
                    "POST /v1/keys/create: no required application/json request body with a"
                        + " schema")));

    ObjectNode bodiless = (ObjectNode) served();
    String check = "/paths/~1v1~1merchants~1{id}~1domain-verification/put";
    ((ObjectNode) bodiless.at(check))
        .set("requestBody", bodiless.at("/paths/~1v1~1keys~1create/post/requestBody"));
    assertTrue(
        OpenApiCompleteness.problems(bodiless, routed, routeTable.withoutBody())
            .contains(
                "PUT /v1/merchants/{id}/domain-verification: documents a request body the"
                    + " endpoint does not read"));
    assertTrue(
        routeTable.withoutBody().contains("PUT /v1/merchants/{id}/domain-verification")
            && !routeTable.withoutBody().contains("POST /v1/merchants/{id}/directory"),
        "the route table tells body-reading methods apart: " + routeTable.withoutBody());

    ObjectNode ghost = (ObjectNode) served();
    ((ObjectNode) ghost.path("paths")).putObject("/v1/ghost").putObject("get");
    assertTrue(
        OpenApiCompleteness.problems(ghost, routed)
            .contains("GET /v1/ghost: documented but not routed"));

    assertTrue(
        OpenApiCompleteness.problems(served(), Map.of("/v1/new", Set.of("POST")))
            .contains("POST /v1/new: no operation documented"));
  }

  @Test
  void securitySchemes_andTheErrorEnvelope_areDescribed() throws Exception {
    JsonNode components = served().path("components");
    assertEquals("X-API-Key", components.at("/securitySchemes/ApiKey/name").asText());
    assertEquals("Wallet", components.at("/securitySchemes/Wallet/scheme").asText());
    assertEquals("PAYMENT-SIGNATURE", components.at("/securitySchemes/X402Payment/name").asText());
    assertEquals(
        "[\"ok\",\"error\",\"meta\"]", components.at("/schemas/ErrorEnvelope/required").toString());
  }
}
