package org.walletstate.adapters.http.edge;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DomainWorld;
import org.walletstate.adapters.http.testbed.PostgresTestResource;

/**
 * The headers every answer of the public port carries: the pages forbid framing and allow only the
 * service's own scripts; JSON answers, error envelopes (of endpoints and of the edge) and static
 * files are all {@code nosniff}.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DomainWorld.class)
class SecurityHeadersTest {

  @Test
  void htmlPages_sendAPolicyThatForbidsFramingAndForeignScripts() {
    for (String page : List.of("/pos/pass.html", "/pos/scanner.html")) {
      Response r = given().get(page);
      assertThat(r.statusCode()).as(page).isEqualTo(200);
      assertThat(r.contentType()).startsWith("text/html");
      String policy = r.header("Content-Security-Policy");
      assertThat(policy)
          .as(page)
          .contains("frame-ancestors 'none'")
          .contains("script-src 'self'")
          .contains("object-src 'none'")
          .doesNotContain("unsafe-inline")
          .doesNotContain("unsafe-eval");
      assertThat(r.header("X-Content-Type-Options")).isEqualTo("nosniff");
      assertThat(r.header("X-Frame-Options")).isEqualTo("DENY");
    }
  }

  @Test
  void theStoreConsole_isServedUnderThePointOfSalePagesPolicy_andTightensItInThePage() {
    String pos = given().get("/pos/scanner.html").header("Content-Security-Policy");
    for (String page : List.of("/console/", "/console/index.html")) {
      Response r = given().get(page);
      assertThat(r.statusCode()).as(page).isEqualTo(200);
      assertThat(r.contentType()).startsWith("text/html");
      assertThat(r.header("Content-Security-Policy")).as(page).isEqualTo(pos);
      assertThat(r.header("X-Frame-Options")).isEqualTo("DENY");
      assertThat(r.header("X-Content-Type-Options")).isEqualTo("nosniff");
      // its own policy allows less than the header: nothing by default, no form sent anywhere
      assertThat(r.asString())
          .contains(
              "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"
                  + " script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self';"
                  + " base-uri 'none'; form-action 'none'\">")
          .doesNotContain("<script>")
          .doesNotContain("style=\"");
    }
  }

  @Test
  void everyJsonAnswer_isNosniff_successesAndRefusalsAlike() {
    List<Response> answers =
        List.of(
            given().get("/v1/compliance/templates"),
            given().get("/.well-known/jwks.json"),
            given().get("/v1/no-such-endpoint"), // the edge's 404 envelope
            given().delete("/v1/compliance/templates"), // 405
            given().contentType(ContentType.JSON).body("{").post("/v1/keys/create"), // 400
            given().get("/v1/merchants/x/status"), // 401
            given().get("/q/health"));
    for (Response r : answers) {
      assertThat(r.contentType()).startsWith("application/json");
      assertThat(r.header("X-Content-Type-Options")).isEqualTo("nosniff");
      assertThat(r.header("Content-Security-Policy"))
          .isEqualTo("default-src 'none'; frame-ancestors 'none'");
    }
    Response script = given().get("/pos/pass.js");
    assertThat(script.statusCode()).isEqualTo(200);
    assertThat(script.header("X-Content-Type-Options")).isEqualTo("nosniff");
  }
}
