package org.walletstate.adapters.http.testbed;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;

/**
 * x402 pay-per-call from the caller's side, shared by the paid-call tests: the quote for a body, an
 * EVM payment built by the official client on 8453, the paid retry, the {@code PAYMENT-RESPONSE} it
 * carries and the payment's rows in {@code x402_payment}.
 */
public final class X402Calls {

  public static final long BASE = 8453;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SecureRandom RANDOM = new SecureRandom();

  private X402Calls() {}

  /** An attest body read on chain 10 only, so that chain 8453 carries nothing but the payment. */
  public static Map<String, Object> attestBody() {
    DevnetManifest m = Devnet.shared().manifest();
    return body(m.wallet("holder").address(), tokenBalance(10, m.chain(10).address("token6"), "1"));
  }

  /** The 402 quote for {@code body} on {@code POST /v1/attest}. */
  public static JsonNode quote(Object body) throws JsonProcessingException {
    Response quoted = given().contentType(ContentType.JSON).body(body).post("/v1/attest");
    assertThat(quoted.statusCode()).as(quoted.asString()).isEqualTo(402);
    return JSON.readTree(quoted.asString());
  }

  /** {@code body} posted to {@code path} with {@code header} as {@code PAYMENT-SIGNATURE}. */
  public static Response paid(String path, String header, Object body) {
    return given()
        .header("PAYMENT-SIGNATURE", header)
        .contentType(ContentType.JSON)
        .body(body)
        .post(path);
  }

  /**
   * An x402 v1 payment the official client builds for {@code request} (its key, network and quote),
   * which must come back as an {@code X-PAYMENT} header naming {@code v1Network}, sent with {@code
   * body} to {@code POST /v1/attest}.
   */
  public static V1Call paidInV1(ObjectNode request, String v1Network, Object body) {
    request.put("version", 1);
    request.put("v1Network", v1Network);
    JsonNode payment = Devnet.shared().x402Payer().pay(request);
    assertThat(payment.path("headers").has("X-PAYMENT")).isTrue();
    assertThat(payment.path("payload").path("x402Version").asInt()).isEqualTo(1);
    assertThat(payment.path("payload").path("network").asText()).isEqualTo(v1Network);
    Response answer =
        given()
            .header("X-PAYMENT", payment.path("header").asText())
            .contentType(ContentType.JSON)
            .body(body)
            .post("/v1/attest");
    return new V1Call(payment, answer);
  }

  /** A v1 payment as the client built it, and the service's answer to the call it paid for. */
  public record V1Call(JsonNode payment, Response answer) {}

  /** The decoded {@code PAYMENT-RESPONSE} header, which must be there. */
  public static JsonNode paymentResponse(Response response) throws JsonProcessingException {
    String header = response.header("PAYMENT-RESPONSE");
    assertThat(header).as(response.asString()).isNotNull();
    return JSON.readTree(new String(Base64.getDecoder().decode(header), StandardCharsets.UTF_8));
  }

  /**
   * Checks that {@code answer} is the 402 of a paid call whose settlement was refused for a reason
   * starting with {@code reason}: no data, no {@code PAYMENT-RESPONSE}, and the message saying the
   * answer was withheld and nothing charged.
   */
  public static void assertWithheldAtSettlement(Response answer, String reason) {
    assertThat(answer.statusCode()).as(answer.asString()).isEqualTo(402);
    assertThat(answer.jsonPath().getBoolean("ok")).isFalse();
    assertThat(answer.jsonPath().getString("data")).isNull();
    assertThat(answer.jsonPath().getString("error.message"))
        .startsWith("Payment refused at settlement: " + reason)
        .endsWith("; the answer was withheld. Nothing was charged. Sign a new payment to retry.");
    assertThat(answer.header("PAYMENT-RESPONSE")).isNull();
  }

  /** A fresh secp256k1 private key (below the group order), hex. */
  public static String newEvmKey() {
    byte[] key = new byte[32];
    RANDOM.nextBytes(key);
    key[0] = (byte) (key[0] & 0x7f);
    return "0x" + HexFormat.of().formatHex(key);
  }

  /** A fresh EVM address nobody holds a key of, lower case. */
  public static String newEvmAddress() {
    byte[] address = new byte[20];
    RANDOM.nextBytes(address);
    return "0x" + HexFormat.of().formatHex(address);
  }

  /** A payment built by the x402 client for {@code quote} on 8453, signed by {@code privateKey}. */
  public static JsonNode payOnBase(String privateKey, JsonNode quote) {
    ObjectNode request = JSON.createObjectNode();
    request.put("privateKey", privateKey);
    request.put("network", "eip155:" + BASE);
    request.set("paymentRequired", quote);
    return Devnet.shared().x402Payer().pay(request);
  }

  /** {@code owner}'s USDC on 8453, atomic units. */
  public static BigInteger usdcOnBase(String owner) {
    return Payments.balanceOf(BASE, Payments.USDC_BASE, owner);
  }

  /** How many rows of the EVM {@code payment}'s authorization are in {@code state}. */
  public static long authorizationRows(Pool pool, JsonNode payment, String state) {
    JsonNode auth = payment.path("payload").path("payload").path("authorization");
    return pool.preparedQuery(
            "select count(*) from x402_payment where payer = $1 and payment_id = $2 and state = $3")
        .execute(
            Tuple.of(
                auth.path("from").asText().toLowerCase(Locale.ROOT),
                auth.path("nonce").asText().toLowerCase(Locale.ROOT),
                state))
        .await()
        .indefinitely()
        .iterator()
        .next()
        .getLong(0);
  }
}
