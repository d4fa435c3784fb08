package org.walletstate.adapters.http;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;

@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class ManagementEndpointsTest {

  @Test
  void health_isUpWithTheDatabaseChecked() {
    given()
        .get("/q/health")
        .then()
        .statusCode(200)
        .body("status", equalTo("UP"))
        .body("checks.find { it.name.contains('Reactive PostgreSQL') }.status", equalTo("UP"));
  }

  @Test
  void openApi_isVersion31AndDescribesTheEndpoints() {
    given()
        .queryParam("format", "json")
        .get("/q/openapi")
        .then()
        .statusCode(200)
        .body("openapi", startsWith("3.1"))
        .body("info.version", equalTo("1.0"))
        .body("paths", hasKey("/v1/compliance/templates"))
        .body("paths", hasKey("/v1/keys/create"));
  }
}
