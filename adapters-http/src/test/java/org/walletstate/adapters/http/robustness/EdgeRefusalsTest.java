package org.walletstate.adapters.http.robustness;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.emptyString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.Devnet;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Requests refused at the edges of {@code POST /v1/attest} that the fuzz campaign first found
 * answered wrongly: each is refused in its documented form and charges nothing.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class EdgeRefusalsTest {

  @Inject Pool pool;

  @TestHTTPResource("/")
  URI root;

  private String validBody() {
    String usdc = Devnet.shared().manifest().chain(8453).address("usdc");
    String holder = Devnet.shared().manifest().wallet("holder").address();
    return "{\"wallet\":\""
        + holder
        + "\",\"conditions\":[{\"type\":\"token_balance\",\"chainId\":8453,"
        + "\"contractAddress\":\""
        + usdc
        + "\",\"threshold\":\"1\"}]}";
  }

  private Answer raw(String head, String body) {
    byte[] bodyBytes = body.getBytes(StandardCharsets.UTF_8);
    String request =
        head
            + "Content-Type: application/json\r\nContent-Length: "
            + bodyBytes.length
            + "\r\nConnection: close\r\n\r\n"
            + body;
    return RawHttp.exchange(
        root.getPort(), request.getBytes(StandardCharsets.UTF_8), Duration.ofSeconds(20));
  }

  private static List<String> envelopeProblems(Answer answer) {
    List<String> problems = new ArrayList<>();
    DocumentedShapes.envelope(answer, null, problems);
    return problems;
  }

  @Test
  void getOrHeadWithAKey_isA405NamingPost_notAServerError() {
    TestKeys.TestKey key = TestKeys.create(pool, 5, 100, KeyVersion.V2);

    given()
        .header("X-API-Key", key.secret())
        .get("/v1/attest")
        .then()
        .statusCode(405)
        .contentType(ContentType.JSON)
        .header("Allow", "POST")
        .body("ok", equalTo(false))
        .body("error.code", equalTo(405))
        .body("error.message", equalTo("Use POST for /v1/attest"));
    given()
        .header("X-API-Key", key.secret())
        .head("/v1/attest")
        .then()
        .statusCode(405)
        .header("Allow", "POST")
        .body(emptyString());

    Ledger.Books books = Ledger.of(pool, key.id());
    assertThat(books.balance()).isEqualTo(5);
    assertThat(books.debits()).isZero();
  }

  @Test
  void http11WithoutHost_isRefusedInTheEnvelope_beforeTheKeyIsCharged() {
    TestKeys.TestKey key = TestKeys.create(pool, 5, 100, KeyVersion.V2);

    Answer answer =
        raw("POST /v1/attest HTTP/1.1\r\nX-API-Key: " + key.secret() + "\r\n", validBody());

    assertThat(answer.status()).isEqualTo(400);
    assertThat(envelopeProblems(answer)).isEmpty();
    assertThat(DocumentedShapes.text(answer))
        .contains("Bad request: For HTTP/1.x requests, the 'Host' header is required")
        .doesNotContain("stack");
    Ledger.Books books = Ledger.of(pool, key.id());
    assertThat(books.balance()).isEqualTo(5);
    assertThat(books.entries()).isEqualTo(1); // the grant
  }

  @Test
  void aHostThatIsNoAuthority_isRefusedInTheEnvelope() {
    Answer answer = raw("POST /v1/attest HTTP/1.1\r\nHost: exa mple.org\r\n", validBody());

    assertThat(answer.status()).isEqualTo(400);
    assertThat(envelopeProblems(answer)).isEmpty();
  }

  @Test
  void requestsTheTransportCannotFrame_areRefusedWithAnEmptyBody_andChargeNothing() {
    TestKeys.TestKey key = TestKeys.create(pool, 5, 100, KeyVersion.V2);
    String keyHeader = "X-API-Key: " + key.secret() + "\r\n";

    Answer headers =
        raw(
            "POST /v1/attest HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + keyHeader
                + "X-Pad: "
                + "p".repeat(24 * 1024)
                + "\r\n",
            validBody());
    Answer target =
        raw(
            "POST /v1/attest?pad="
                + "p".repeat(5000)
                + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + keyHeader,
            validBody());

    assertThat(headers.status()).isEqualTo(431);
    assertThat(headers.body()).isEmpty();
    assertThat(target.status()).isEqualTo(414);
    assertThat(target.body()).isEmpty();
    assertThat(Ledger.of(pool, key.id()).balance()).isEqualTo(5);
  }

  @Test
  void aChainIdOfAHundredThousandDigits_isRefusedByItsLength() {
    TestKeys.TestKey key = TestKeys.create(pool, 5, 100, KeyVersion.V2);
    String body =
        validBody().replace("\"chainId\":8453", "\"chainId\":\"" + "9".repeat(100_000) + "\"");

    given()
        .header("X-API-Key", key.secret())
        .contentType(ContentType.JSON)
        .body(body)
        .post("/v1/attest")
        .then()
        .statusCode(400)
        .body(
            "error.message",
            equalTo(
                "conditions[0].chainId \"999999999999999999…\" (100000 digits) is not a supported"
                    + " chain"));
    assertThat(Ledger.of(pool, key.id()).balance()).isEqualTo(5);
  }

  @Test
  void aBareWalletScheme_isStillTheWalletScheme_soAKeyBesideItIsRefusedUncharged() {
    TestKeys.TestKey key = TestKeys.create(pool, 5, 100, KeyVersion.V2);

    given()
        .header("X-API-Key", key.secret())
        .header("Authorization", "Wallet")
        .contentType(ContentType.JSON)
        .body(validBody())
        .post("/v1/attest")
        .then()
        .statusCode(400)
        .body("error.message", org.hamcrest.Matchers.startsWith("Use one credential scheme"));
    given()
        .header("Authorization", "wallet")
        .contentType(ContentType.JSON)
        .body(validBody())
        .post("/v1/attest")
        .then()
        .statusCode(401)
        .body("error.message", org.hamcrest.Matchers.startsWith("Wallet sign-in refused"));
    given()
        .header("Authorization", "wallet")
        .get("/v1/jwks")
        .then()
        .statusCode(501)
        .body("error.code", equalTo(501));

    Ledger.Books books = Ledger.of(pool, key.id());
    assertThat(books.balance()).isEqualTo(5);
    assertThat(books.debits()).isZero();
  }
}
