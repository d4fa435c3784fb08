package org.walletstate.adapters.http.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DomainWorld;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Bodies sent without a length (chunked) are held to the same 128 KiB as bodies with one: just over
 * it, and far over it (8 MiB, past what the transport itself would buffer), the answer is the 413
 * envelope with its message, and the key that sent it is charged nothing; a chunked body within the
 * limit is read as usual.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DomainWorld.class)
class StreamedBodyLimitTest {

  @Inject Pool pool;

  private static HttpResponse<String> chunked(String path, String key, byte[] body)
      throws Exception {
    return chunked(HttpClient.Version.HTTP_1_1, path, key, body);
  }

  /**
   * A body of unknown length: chunked on HTTP/1.1; with {@code HTTP_2} the JDK client asks to
   * upgrade (h2c), and a body on HTTP/2 has no length header at all.
   */
  private static HttpResponse<String> chunked(
      HttpClient.Version version, String path, String key, byte[] body) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(RestAssured.baseURI + ":" + RestAssured.port + path))
            .header("Content-Type", "application/json")
            // an input stream of unknown length: the JDK client sends it chunked
            .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body)));
    if (key != null) {
      request.header("X-API-Key", key);
    }
    return HttpClient.newBuilder()
        .version(version)
        .build()
        .send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static byte[] attestBody(int padding) {
    return ("{\"wallet\":\"0x14dC79964da2C08b23698B3D3cc7Ca32193d9955\",\"chainId\":1,"
            + "\"conditions\":[{\"type\":\"token_balance\",\"contractAddress\":\"native\","
            + "\"threshold\":\"1\"}],\"note\":\""
            + "x".repeat(padding)
            + "\"}")
        .getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void chunkedBodiesOverTheLimit_are413WithTheMessage_andChargeNothing() throws Exception {
    TestKeys.TestKey key = TestKeys.create(pool, 50, 1_000_000, KeyVersion.V2);
    long before = Ledger.balance(pool, key.id());
    int entries = Ledger.entries(pool, key.id()).size();
    for (HttpClient.Version version : HttpClient.Version.values()) {
      for (int size : new int[] {128 * 1024 + 1, 8 * 1024 * 1024}) {
        HttpResponse<String> r = chunked(version, "/v1/attest", key.secret(), attestBody(size));
        assertThat(r.statusCode()).as("%s, %d bytes", version, size).isEqualTo(413);
        assertThat(r.body())
            .as("%s, %d bytes", version, size)
            .contains("\"ok\":false")
            .contains("Request body is larger than the limit of 128 KiB");
      }
    }
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(before);
    assertThat(Ledger.entries(pool, key.id())).hasSize(entries);
  }

  @Test
  void chunkedBodiesWithinTheLimit_areReadAsUsual() throws Exception {
    String email = "chunked-" + UUID.randomUUID() + "@example.org";
    byte[] body =
        ("{\"email\":\"" + email + "\",\"appName\":\"chunked\"}").getBytes(StandardCharsets.UTF_8);
    HttpResponse<String> r = chunked("/v1/keys/create", null, body);
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.body()).contains("svc_");
  }
}
