package org.walletstate.adapters.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.domain.payload.KeyVersion;

@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class PayPerCallQuoteTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String WALLET = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045";

  @Inject Pool pool;

  private static JsonNode quoteOf(Response response) throws Exception {
    response.then().statusCode(402).contentType(ContentType.JSON);
    byte[] body = response.asByteArray();
    byte[] header = Base64.getDecoder().decode(response.header("payment-required"));
    assertThat(header).isEqualTo(body);
    return JSON.readTree(body);
  }

  @Test
  void aCredentialLessTrustCall_getsTheQuoteFieldByField() throws Exception {
    JsonNode quote =
        quoteOf(
            given().contentType(ContentType.JSON).body(Map.of("wallet", WALLET)).post("/v1/trust"));

    assertThat(quote.has("ok")).isFalse();
    assertThat(quote.has("meta")).isFalse();
    assertThat(quote.get("x402Version").asInt()).isEqualTo(2);
    assertThat(quote.get("error").asText()).contains("0.15 USDC");
    JsonNode resource = quote.get("resource");
    assertThat(resource.get("url").asText()).endsWith("/v1/trust");
    assertThat(resource.get("method").asText()).isEqualTo("POST");
    assertThat(resource.get("mimeType").asText()).isEqualTo("application/json");
    for (String field : List.of("description", "serviceName", "tags", "iconUrl")) {
      assertThat(resource.has(field)).as(field).isTrue();
    }
    JsonNode accepts = quote.get("accepts");
    // Solana settles through an x402 facilitator only, and none is configured here
    assertThat(accepts.findValuesAsText("network"))
        .containsExactly("eip155:8453", "eip155:137", "eip155:42161", "eip155:5042");
    assertThat(accepts.findValuesAsText("amount")).containsOnly("150000");
    assertThat(accepts.findValuesAsText("asset"))
        .containsExactly(
            "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
            "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359",
            "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
            "0x3600000000000000000000000000000000000000");
    for (JsonNode entry : accepts) {
      assertThat(entry.get("scheme").asText()).isEqualTo("exact");
      assertThat(entry.get("maxTimeoutSeconds").asInt()).isEqualTo(300);
      assertThat(entry.get("payTo").asText()).isNotBlank();
    }
    assertThat(accepts.get(0).get("extra").get("name").asText()).isEqualTo("USD Coin");
    assertThat(accepts.get(1).get("extra").get("name").asText()).isEqualTo("USD Coin");
    assertThat(accepts.get(2).get("extra").get("name").asText()).isEqualTo("USD Coin");
    assertThat(accepts.get(3).get("extra").get("name").asText()).isEqualTo("USDC");
    assertThat(accepts.get(3).get("extra").get("version").asText()).isEqualTo("2");
  }

  @Test
  void aSolanaPaymentWithoutAFacilitator_isAClear402_withTheQuote() throws Exception {
    String payload =
        "{\"x402Version\":2,\"accepted\":{\"scheme\":\"exact\",\"network\":"
            + "\"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp\"},\"payload\":{\"transaction\":\"AQID\"}}";
    Response refused =
        given()
            .header(
                "PAYMENT-SIGNATURE",
                Base64.getEncoder().encodeToString(payload.getBytes(StandardCharsets.UTF_8)))
            .contentType(ContentType.JSON)
            .body(Map.of("wallet", WALLET))
            .post("/v1/trust");

    refused
        .then()
        .statusCode(402)
        .body("ok", equalTo(false))
        .body(
            "error.message",
            equalTo(
                "Payment refused: Solana is not offered here: Solana payments settle through an"
                    + " x402 facilitator only, and this service has none configured; the"
                    + " payment's network \"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp\" is not one"
                    + " of the quote's (eip155:8453, eip155:137, eip155:42161, eip155:5042)."
                    + " Nothing was charged."));
    JsonNode quote = JSON.readTree(Base64.getDecoder().decode(refused.header("payment-required")));
    assertThat(quote.get("accepts").findValuesAsText("network"))
        .doesNotContain("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp");
  }

  @Test
  void theAmountIsPricedFromTheExactBody() throws Exception {
    JsonNode quote =
        quoteOf(
            given()
                .contentType(ContentType.JSON)
                .body(
                    Map.of(
                        "wallets",
                        List.of(
                            Map.of("wallet", WALLET),
                            Map.of("wallet", WALLET),
                            Map.of("wallet", WALLET)),
                        "proof",
                        "merkle"))
                .post("/v1/trust/batch"));
    // 3 wallets x 6 credits x 0.05 USD
    assertThat(quote.get("accepts").findValuesAsText("amount")).containsOnly("900000");
    assertThat(quote.get("resource").get("url").asText()).endsWith("/v1/trust/batch");
  }

  @Test
  void getAndHeadAreQuotedToo_withMethodPost() throws Exception {
    JsonNode quote = quoteOf(given().get("/v1/trust"));
    assertThat(quote.get("resource").get("method").asText()).isEqualTo("POST");
    Response head = given().head("/v1/trust/batch");
    head.then().statusCode(402);
    assertThat(head.header("payment-required")).isNotBlank();
    assertThat(head.asByteArray()).isEmpty();
  }

  @Test
  void invalidBodies_are400NotQuotes() {
    given()
        .contentType(ContentType.JSON)
        .body(Map.of("wallet", "0x1234"))
        .post("/v1/trust")
        .then()
        .statusCode(400)
        .body("ok", equalTo(false))
        .body("error.message", containsString("wallet must be an EVM address"));
    given()
        .contentType(ContentType.JSON)
        .body(Map.of("wallets", List.of()))
        .post("/v1/trust/batch")
        .then()
        .statusCode(400)
        .body("error.message", equalTo("wallets must hold 1 to 10 entries, not 0"));
  }

  @Test
  void aPaymentThatNamesNoQuotedNetwork_isAClear402_withTheQuote() {
    for (String header : List.of("PAYMENT-SIGNATURE", "X-PAYMENT")) {
      given()
          .header(header, "eyJ4NDAyVmVyc2lvbiI6Mn0=")
          .contentType(ContentType.JSON)
          .body(Map.of("wallet", WALLET))
          .post("/v1/trust")
          .then()
          .statusCode(402)
          .body("ok", equalTo(false))
          .body("error.code", equalTo(402))
          .header("payment-required", org.hamcrest.Matchers.notNullValue())
          .body("error.message", containsString("is not one of the quote's"));
    }
  }

  @Test
  void aBadKeyOnAPayPerCallEndpoint_isStill401() {
    given()
        .header("X-API-Key", "svc_live_nope")
        .contentType(ContentType.JSON)
        .body(Map.of("wallet", WALLET))
        .post("/v1/trust")
        .then()
        .statusCode(401)
        .body("error.message", equalTo("Invalid or missing API key."));
  }

  @Test
  void aKeyedGetOrHead_isA405_andChargesNothing() {
    TestKeys.TestKey key = TestKeys.create(pool, 20, 100, KeyVersion.V2);

    given()
        .header("X-API-Key", key.secret())
        .get("/v1/trust")
        .then()
        .statusCode(405)
        .header("Allow", "POST")
        .body("ok", equalTo(false))
        .body("error.message", equalTo("Use POST for /v1/trust"));
    given()
        .header("X-API-Key", key.secret())
        .head("/v1/trust/batch")
        .then()
        .statusCode(405)
        .header("Allow", "POST");

    assertThat(Ledger.balance(pool, key.id())).isEqualTo(20);
    assertThat(Ledger.entries(pool, key.id()))
        .extracting(Ledger.Entry::kind)
        .containsExactly("grant");
  }
}
