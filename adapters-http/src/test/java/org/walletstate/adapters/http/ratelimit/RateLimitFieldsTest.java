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
 * with {@code Retry-After}; and the public read-only endpoints (the log's checkpoint, the discovery
 * documents) flooded from one address until they answer 429.
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

  /**
   * Floods {@code path} from one fresh address: {@code quota} answers that are not 429 and count
   * down {@code policy}, then 429 with {@code Retry-After}, the same fields and the error envelope.
   * Returns the flooding address.
   */
  private static String flood(String path, String policy, int quota) {
    String client = freshClient();
    String declared = "\"" + policy + "\";q=" + quota + ";w=86400";
    for (int remaining = quota - 1; remaining >= 0; remaining--) {
      Response spent = given().header("X-Forwarded-For", client).get(path);
      assertThat(spent.statusCode()).as(path).isNotEqualTo(429);
      assertThat(spent.header("RateLimit-Policy")).as(path).isEqualTo(declared);
      assertThat(spent.header("RateLimit"))
          .as(path)
          .startsWith("\"" + policy + "\";r=" + remaining + ";t=");
    }
    Response limited = given().header("X-Forwarded-For", client).get(path);
    assertThat(limited.statusCode()).as(path).isEqualTo(429);
    assertThat(limited.jsonPath().getInt("error.code")).isEqualTo(429);
    assertThat(limited.jsonPath().getString("error.message"))
        .startsWith("Too many requests to this endpoint from your address");
    assertThat(limited.header("RateLimit-Policy")).as(path).isEqualTo(declared);
    assertThat(limited.header("RateLimit")).startsWith("\"" + policy + "\";r=0;t=");
    long retryAfter = Long.parseLong(limited.header("Retry-After"));
    assertThat(retryAfter).isBetween(1L, 86_400L);
    assertThat(parameter(limited.header("RateLimit"), "t")).isEqualTo(retryAfter);
    return client;
  }

  @Test
  void theLogsCheckpoint_floodedFromOneAddress_is429WithRetryAfterAndTheFields() {
    String client = flood("/v1/log/checkpoint", "log", 3);
    // one policy for all of the log's reads
    assertThat(given().header("X-Forwarded-For", client).get("/v1/log/key").statusCode())
        .isEqualTo(429);
    assertThat(given().header("X-Forwarded-For", freshClient()).get("/v1/log/key").statusCode())
        .isEqualTo(200);
  }

  @Test
  void theDiscoveryDocuments_floodedFromOneAddress_are429WithRetryAfterAndTheFields() {
    String x402 = flood("/.well-known/x402", "discovery", 2);
    // the discovery documents count together: x402's flood has spent llms.txt too
    assertThat(given().header("X-Forwarded-For", x402).get("/llms.txt").statusCode())
        .isEqualTo(429);
    flood("/llms.txt", "discovery", 2);
    assertThat(given().header("X-Forwarded-For", freshClient()).get("/llms.txt").statusCode())
        .isEqualTo(200);
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
