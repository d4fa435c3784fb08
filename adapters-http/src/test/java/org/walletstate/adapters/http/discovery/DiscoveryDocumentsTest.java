package org.walletstate.adapters.http.discovery;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.NodeChecks;
import org.walletstate.adapters.http.testbed.PostgresTestResource;

/**
 * The discovery documents are served, well formed and true to the service: every resource the x402
 * document lists answers a quote, every link of llms.txt that names this service answers, and
 * server.json validates against the MCP registry's published schema (the 2025-09-29 version it
 * declares, vendored in test resources, checked with Ajv), keeps the registry's further rules for a
 * remote server (a plain version, a streamable-http remote at /mcp) and points at a /mcp that
 * answers a JSON-RPC initialize.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class DiscoveryDocumentsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode json(Response response) throws Exception {
    assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
    assertThat(response.contentType()).startsWith("application/json");
    return JSON.readTree(response.asByteArray());
  }

  private static String path(String url) {
    URI uri = URI.create(url);
    return uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
  }

  @Test
  void theX402Document_listsThePayableResources_eachOfWhichQuotes() throws Exception {
    Response response = given().get("/.well-known/x402");
    JsonNode doc = json(response);

    assertThat(doc.get("version").asInt()).isEqualTo(1);
    assertThat(doc.get("instructions").asText()).contains("PAYMENT-SIGNATURE");
    List<String> resources = new ArrayList<>();
    doc.get("resources").forEach(r -> resources.add(r.asText()));
    assertThat(resources).hasSize(3);
    for (String resource : resources) {
      assertThat(URI.create(resource).isAbsolute()).as(resource).isTrue();
      Response quote = given().get(path(resource));
      assertThat(quote.statusCode()).as(resource).isEqualTo(402);
      assertThat(quote.header("PAYMENT-REQUIRED")).as(resource).isNotBlank();
      assertThat(quote.header("Cache-Control")).isEqualTo("no-store");
    }
    assertThat(response.header("Cache-Control")).isEqualTo("public, max-age=3600");
    assertThat(response.header("ETag")).matches("\"[A-Za-z0-9_-]{22}\"");
  }

  @Test
  void llmsTxt_isMarkdownText_andItsLinksToThisServiceAnswer() {
    Response response = given().get("/llms.txt");

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.contentType()).startsWith("text/plain");
    String text = response.asString();
    assertThat(text).startsWith("# ");
    assertThat(text.lines().filter(l -> l.startsWith("> ")).count()).isPositive();
    assertThat(text).doesNotContain("{origin}");
    Matcher links = Pattern.compile("\\]\\((http[^)]+)\\)").matcher(text);
    List<String> checked = new ArrayList<>();
    while (links.find()) {
      String url = links.group(1);
      String path = path(url);
      if (path.equals("/mcp") || checked.contains(path)) {
        continue;
      }
      checked.add(path);
      assertThat(given().get(path).statusCode()).as(url).isEqualTo(200);
    }
    assertThat(checked).contains("/q/openapi", "/.well-known/jwks.json", "/.well-known/x402");
  }

  @Test
  void serverJson_keepsTheRegistrySchemasRules_andItsRemoteAnswers() throws Exception {
    Response served = given().get("/server.json");
    JsonNode server = json(served);

    // the registry's own schema, the version the document declares
    JsonNode checked = NodeChecks.run("validate-server-json.mjs", served.asString());
    assertThat(checked.get("valid").asBoolean()).as(checked.toString()).isTrue();
    assertThat(server.get("$schema").asText()).isEqualTo(checked.get("schema").asText());
    // and a document that breaks the schema's rules fails it
    JsonNode broken =
        NodeChecks.run(
            "validate-server-json.mjs",
            served.asString().replace("\"streamable-http\"", "\"websocket\""));
    assertThat(broken.get("valid").asBoolean()).as(broken.toString()).isFalse();

    assertThat(server.get("name").asText())
        .matches("^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$")
        .hasSizeBetween(3, 200);
    assertThat(server.get("description").asText()).hasSizeBetween(1, 100);
    assertThat(server.get("version").asText())
        .hasSizeLessThanOrEqualTo(255)
        .doesNotContain("^", "~", ">", "<", "*", "x")
        .isNotEqualTo("latest");
    assertThat(URI.create(server.get("websiteUrl").asText()).isAbsolute()).isTrue();
    assertThat(server.get("remotes")).hasSize(1);
    JsonNode remote = server.get("remotes").get(0);
    assertThat(remote.get("type").asText()).isEqualTo("streamable-http");
    assertThat(path(remote.get("url").asText())).isEqualTo("/mcp");
    List<String> members = new ArrayList<>();
    server.fieldNames().forEachRemaining(members::add);
    assertThat(members)
        .isSubsetOf(
            "$schema",
            "name",
            "title",
            "description",
            "version",
            "websiteUrl",
            "repository",
            "remotes",
            "packages",
            "icons",
            "_meta");

    Response initialize =
        given()
            .contentType("application/json")
            .accept("application/json, text/event-stream")
            .body(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
                    + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                    + "\"clientInfo\":{\"name\":\"discovery-test\",\"version\":\"1\"}}}")
            .post("/mcp");
    assertThat(initialize.statusCode()).as(initialize.asString()).isEqualTo(200);
    assertThat(initialize.asString()).contains("\"serverInfo\"");
  }
}
