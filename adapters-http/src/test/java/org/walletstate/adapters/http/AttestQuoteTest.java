package org.walletstate.adapters.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.walletstate.adapters.http.testbed.AttestCalls.attestWithoutCredentials;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;
import static org.walletstate.adapters.http.testbed.Conditions.withMember;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.faults.FaultProxy;

/**
 * {@code /v1/attest} without any credential: an x402 quote priced from the exact body (0.05 USD,
 * 0.10 with proofs), never a read of a chain; an invalid body is its 400, not a quote.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class AttestQuoteTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final DevnetManifest m = Devnet.shared().manifest();
  private final FaultProxy chain10 = DevnetTestResource.chain10();

  @BeforeEach
  @AfterEach
  void resetProxy() {
    chain10.reset();
  }

  private Map<String, Object> request() {
    return body(m.wallet("holder").address(), tokenBalance(10, m.chain(10).address("token6"), "1"));
  }

  private static JsonNode quoteOf(Response response) throws Exception {
    response.then().statusCode(402).contentType(ContentType.JSON);
    byte[] body = response.asByteArray();
    assertThat(Base64.getDecoder().decode(response.header("payment-required"))).isEqualTo(body);
    JsonNode quote = JSON.readTree(body);
    assertThat(quote.has("ok")).isFalse();
    assertThat(quote.has("meta")).isFalse();
    assertThat(quote.get("x402Version").asInt()).isEqualTo(2);
    assertThat(quote.get("resource").get("url").asText()).endsWith("/v1/attest");
    assertThat(quote.get("resource").get("method").asText()).isEqualTo("POST");
    // no facilitator here: Solana, which settles through one only, is not offered
    assertThat(quote.get("accepts").findValuesAsText("network"))
        .containsExactly("eip155:8453", "eip155:137", "eip155:42161", "eip155:5042");
    return quote;
  }

  @Test
  void aCredentialLessPost_isQuotedAtFiveCents_withoutReadingAnyChain() throws Exception {
    JsonNode quote = quoteOf(attestWithoutCredentials(request()));

    assertThat(quote.get("accepts").findValuesAsText("amount")).containsOnly("50000");
    assertThat(quote.get("error").asText()).contains("0.05 USDC");
    assertThat(chain10.counts().requests()).isZero();
  }

  @Test
  void aRequestForProofs_isQuotedAtTenCents() throws Exception {
    JsonNode quote = quoteOf(attestWithoutCredentials(withMember(request(), "proof", "merkle")));

    assertThat(quote.get("accepts").findValuesAsText("amount")).containsOnly("100000");
  }

  @Test
  void anInvalidBody_isIts400_notAQuote() {
    attestWithoutCredentials(body(m.wallet("holder").address(), tokenBalance(8453, "native", "-1")))
        .then()
        .statusCode(400)
        .body("ok", equalTo(false))
        .body(
            "error.message", equalTo("conditions[0].threshold must be greater than 0, got \"-1\""));
    attestWithoutCredentials(
            Map.of("wallet", m.wallet("holder").address(), "conditions", List.of()))
        .then()
        .statusCode(400)
        .body("error.message", equalTo("conditions must hold at least 1 condition"));
  }

  @Test
  void numbersAreJudgedAsOnANewKey() {
    attestWithoutCredentials(body(m.wallet("holder").address(), tokenBalance(8453, "native", 1)))
        .then()
        .statusCode(400)
        .body("error.message", containsString("must be a decimal string on this key"));
  }

  @Test
  void getAndHead_areQuotedAtThePlainPrice_withMethodPost() throws Exception {
    JsonNode quote = quoteOf(given().get("/v1/attest"));
    assertThat(quote.get("accepts").findValuesAsText("amount")).containsOnly("50000");

    Response head = given().head("/v1/attest");
    head.then().statusCode(402);
    assertThat(head.asByteArray()).isEmpty();
    JsonNode fromHeader =
        JSON.readTree(Base64.getDecoder().decode(head.header("payment-required")));
    assertThat(fromHeader.get("resource").get("method").asText()).isEqualTo("POST");
    assertThat(fromHeader.get("accepts").findValuesAsText("amount")).containsOnly("50000");
  }

  @Test
  void aPaymentThatNamesNoQuotedNetwork_isAClear402_andNothingIsRead() {
    given()
        .header("X-PAYMENT", "eyJ4NDAyVmVyc2lvbiI6Mn0=")
        .contentType(ContentType.JSON)
        .body(request())
        .post("/v1/attest")
        .then()
        .statusCode(402)
        .body("ok", equalTo(false))
        .body("error.message", containsString("Payment refused"));
    assertThat(chain10.counts().requests()).isZero();
  }
}
