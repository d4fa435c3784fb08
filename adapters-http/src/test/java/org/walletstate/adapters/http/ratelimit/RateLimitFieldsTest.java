package org.walletstate.adapters.http.ratelimit;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.domain.payload.KeyVersion;

/**
 * The IETF {@code RateLimit-Policy} and {@code RateLimit} fields on limited answers, beside {@code
 * X-RateLimit-*}: per address on a public endpoint, per key for its daily limit, and on the 429s
 * with {@code Retry-After}.
 */
@QuarkusTest
@TestProfile(RateLimitTest.SmallLimits.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class RateLimitFieldsTest {

  @Inject Pool pool;

  private static String freshClient() {
    ThreadLocalRandom r = ThreadLocalRandom.current();
    return "198.19." + r.nextInt(256) + "." + (1 + r.nextInt(254));
  }

  private static long parameter(String item, String name) {
    for (String part : item.split(";")) {
      if (part.startsWith(name + "=")) {
        return Long.parseLong(part.substring(name.length() + 1));
      }
    }
    throw new AssertionError(name + " missing in " + item);
  }

  @Test
  void anAddressLimit_namesItsPolicy_andCountsDown_thenThe429SaysWhen() {
    String client = freshClient();
    Response first = given().header("X-Forwarded-For", client).get("/v1/compliance/templates");
    Response second = given().header("X-Forwarded-For", client).get("/v1/compliance/templates");

    assertThat(first.statusCode()).isEqualTo(200);
    assertThat(first.header("RateLimit-Policy")).isEqualTo("\"templates\";q=3;w=86400");
    assertThat(first.header("RateLimit")).startsWith("\"templates\";r=2;t=");
    assertThat(second.header("RateLimit")).startsWith("\"templates\";r=1;t=");
    long reset = parameter(first.header("RateLimit"), "t");
    assertThat(reset).isBetween(1L, 86_400L);

    given().header("X-Forwarded-For", client).get("/v1/compliance/templates");
    Response limited = given().header("X-Forwarded-For", client).get("/v1/compliance/templates");

    assertThat(limited.statusCode()).isEqualTo(429);
    assertThat(limited.header("RateLimit-Policy")).isEqualTo("\"templates\";q=3;w=86400");
    assertThat(limited.header("RateLimit")).startsWith("\"templates\";r=0;t=");
    assertThat(parameter(limited.header("RateLimit"), "t"))
        .isEqualTo(Long.parseLong(limited.header("Retry-After")));
  }

  @Test
  void aKeysDailyLimit_isThePolicyDaily_besideTheXRateLimitHeaders() {
    TestKeys.TestKey key = TestKeys.create(pool, 0, 2, KeyVersion.V2);

    Response first = given().header("X-API-Key", key.secret()).get("/v1/credits");
    Response second = given().header("X-API-Key", key.secret()).get("/v1/credits");
    Response limited = given().header("X-API-Key", key.secret()).get("/v1/credits");

    assertThat(first.statusCode()).isEqualTo(200);
    assertThat(first.header("X-RateLimit-Limit")).isEqualTo("2");
    assertThat(first.header("X-RateLimit-Remaining")).isEqualTo("1");
    assertThat(first.header("RateLimit-Policy")).isEqualTo("\"daily\";q=2;w=86400");
    assertThat(first.header("RateLimit")).startsWith("\"daily\";r=1;t=");
    assertThat(second.header("RateLimit")).startsWith("\"daily\";r=0;t=");
    assertThat(limited.statusCode()).isEqualTo(429);
    assertThat(limited.header("X-RateLimit-Remaining")).isEqualTo("0");
    assertThat(limited.header("RateLimit-Policy")).isEqualTo("\"daily\";q=2;w=86400");
    assertThat(parameter(limited.header("RateLimit"), "t"))
        .isEqualTo(Long.parseLong(limited.header("Retry-After")));
  }
}
