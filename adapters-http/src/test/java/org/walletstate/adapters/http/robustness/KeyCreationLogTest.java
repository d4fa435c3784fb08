package org.walletstate.adapters.http.robustness;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.LogCapture;
import org.walletstate.adapters.http.testbed.LogHygiene;
import org.walletstate.adapters.http.testbed.PostgresTestResource;

/**
 * The endpoint that takes personal data, driven with new, repeated (409), differently cased,
 * malformed and oversized email addresses and the keys it hands out used right away: the service's
 * log holds none of the addresses or keys, no SQL, and nothing above DEBUG.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class KeyCreationLogTest {

  @Test
  void keyCreation_leavesNoEmailKeyOrSqlInTheLog() {
    Random random = new Random(20261125L);
    Set<String> secrets = new HashSet<>();
    List<Integer> statuses = new ArrayList<>();
    List<LogCapture.Entry> logged;
    try (LogCapture log = LogCapture.start()) {
      for (int i = 0; i < 40; i++) {
        String local = "ops" + Long.toHexString(random.nextLong() & Long.MAX_VALUE);
        String email = local + "@example.org";
        secrets.add(email);
        String key = create(email, "app " + i, 200);
        secrets.add(key);
        given().header("X-API-Key", key).get("/v1/credits").then().statusCode(200);
        create(email, "again", 409);
        create(email.toUpperCase(java.util.Locale.ROOT), "upper", 409);
        String broken = local + "@@example.org";
        secrets.add(broken);
        create(broken, "broken", 400);
        String longOne = "x".repeat(250) + "@example.org";
        create(longOne, "long", 400);
        statuses.add(
            given()
                .contentType(ContentType.JSON)
                .body(Map.of("email", email, "appName", "paid", "tier", "pro"))
                .post("/v1/keys/create")
                .then()
                .extract()
                .statusCode());
      }
      logged = log.entries();
    }

    assertThat(statuses).containsOnly(400);
    assertThat(LogHygiene.violations(logged, secrets)).isEmpty();
    assertThat(logged).noneMatch(LogCapture.Entry::aboveDebug);
  }

  private static String create(String email, String app, int status) {
    var response =
        given()
            .contentType(ContentType.JSON)
            .body(Map.of("email", email, "appName", app))
            .post("/v1/keys/create")
            .then()
            .statusCode(status)
            .extract();
    return status == 200 ? response.path("key") : null;
  }
}
