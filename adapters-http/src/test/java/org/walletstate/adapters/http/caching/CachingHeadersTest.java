package org.walletstate.adapters.http.caching;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.PostgresTestResource;

/**
 * Caching over HTTP: the key set is public for a day with a strong ETag over the bytes sent, and a
 * matching {@code If-None-Match} (also weak, also among others, also {@code *}) is a 304 without a
 * body; directory reads carry weak ETags over their data (the envelope's meta holds a timestamp)
 * and revalidate; quotes and other API answers are no-store.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class CachingHeadersTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static String tagOf(byte[] body) throws Exception {
    byte[] digest = MessageDigest.getInstance("SHA-256").digest(body);
    return "\""
        + Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(digest, 16))
        + "\"";
  }

  @Test
  void theKeySet_isPublicForADay_withAStrongETag_andA304WhenItMatches() throws Exception {
    for (String path : new String[] {"/v1/jwks", "/.well-known/jwks.json"}) {
      Response full = given().get(path);
      assertThat(full.statusCode()).isEqualTo(200);
      assertThat(full.header("Cache-Control")).isEqualTo("public, max-age=86400");
      String etag = full.header("ETag");
      assertThat(etag).isEqualTo(tagOf(full.asByteArray())).doesNotStartWith("W/");

      Response same = given().header("If-None-Match", etag).get(path);
      assertThat(same.statusCode()).isEqualTo(304);
      assertThat(same.asByteArray()).isEmpty();
      assertThat(same.header("ETag")).isEqualTo(etag);
      assertThat(same.header("Cache-Control")).isEqualTo("public, max-age=86400");
      assertThat(given().header("If-None-Match", "\"other\", W/" + etag).get(path).statusCode())
          .isEqualTo(304);
      assertThat(given().header("If-None-Match", "*").get(path).statusCode()).isEqualTo(304);
      Response changed = given().header("If-None-Match", "\"stale\"").get(path);
      assertThat(changed.statusCode()).isEqualTo(200);
      assertThat(changed.asByteArray()).isEqualTo(full.asByteArray());
    }
  }

  @Test
  void directoryReads_carryETags_andRevalidate() throws Exception {
    for (String path : new String[] {"/v1/merchants", "/v1/tokens"}) {
      Response full = given().get(path);
      assertThat(full.statusCode()).as(path + full.asString()).isEqualTo(200);
      assertThat(full.header("Cache-Control")).isEqualTo("no-cache");
      assertThat(JSON.readTree(full.asByteArray()).has("meta")).isTrue();
      assertThat(full.header("ETag")).matches("W/\"[A-Za-z0-9_-]{22}\"");
      assertThat(given().get(path).header("ETag")).as("same data").isEqualTo(full.header("ETag"));
      assertThat(given().header("If-None-Match", full.header("ETag")).get(path).statusCode())
          .isEqualTo(304);
    }
    Response missing = given().get("/v1/merchants/unknown-merchant-id");
    assertThat(missing.header("ETag")).isNull();
  }

  @Test
  void quotesAndOtherApiAnswers_areNoStore() {
    Response quote =
        given()
            .contentType(ContentType.JSON)
            .body(Map.of("wallet", "0x0000000000000000000000000000000000000001"))
            .post("/v1/attest");
    assertThat(quote.statusCode()).isIn(400, 402);
    assertThat(quote.header("Cache-Control")).isEqualTo("no-store");
    assertThat(given().get("/v1/attest").header("Cache-Control")).isEqualTo("no-store");
    assertThat(given().get("/v1/credits").header("Cache-Control")).isEqualTo("no-store");
  }
}
