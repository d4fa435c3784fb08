package org.walletstate.adapters.http.testbed;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.restassured.http.ContentType;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import org.walletstate.devnet.Devnet;

/**
 * EIP-4361 messages made by the {@code siwe} library and signed by ethers ({@code
 * devnet/tools/siwe-sign.mjs}), and wallets that may sign in. The purpose resources are written
 * here as docs/api.md states them, not taken from the service.
 */
public final class SignInMessages {

  /** The resource of a wallet sign-in ({@code Authorization: Wallet}). */
  public static final String WALLET_AUTH = "urn:walletstate:purpose:wallet-auth";

  /** The resource a discount walletProof may list. */
  public static final String DISCOUNT_PROOF = "urn:walletstate:purpose:discount-proof";

  /** The resource of the in-store pass's sign-in ({@code POST /v1/pass}). */
  public static final String POS_PASS = "urn:walletstate:purpose:pos-pass";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SecureRandom RANDOM = new SecureRandom();

  private SignInMessages() {}

  /** A wallet's private key and address. */
  public record Holder(String privateKey, String address) {}

  public static String randomKey() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return "0x" + HexFormat.of().formatHex(bytes);
  }

  public static String nonce() {
    return UUID.randomUUID().toString().replace("-", "");
  }

  /**
   * A signed message: domain {@code localhost}, URI {@code http://localhost/v1/credits}, chain
   * 8453, a fresh nonce, issued now, no resources; {@code fields} changes any of them ({@code
   * resources} is an array).
   */
  public static JsonNode sign(String privateKey, Consumer<ObjectNode> fields) {
    ObjectNode request = JSON.createObjectNode();
    request.put("privateKey", privateKey);
    request.put("domain", "localhost");
    request.put("uri", "http://localhost/v1/credits");
    request.put("chainId", 8453);
    request.put("nonce", nonce());
    request.put("issuedAt", Instant.now().toString());
    fields.accept(request);
    return Devnet.shared().siweSigner().sign(request);
  }

  /** {@code Wallet <base64(JSON {message, signature})>}. */
  public static String header(JsonNode signed) {
    String json =
        JSON.createObjectNode()
            .put("message", signed.get("message").asText())
            .put("signature", signed.get("signature").asText())
            .toString();
    return "Wallet " + Base64.getEncoder().encodeToString(json.getBytes(StandardCharsets.UTF_8));
  }

  /** Buys a key for a fresh wallet with keys/buy (10 USDC, 250 credits); the pass is minted. */
  public static Holder boughtKey() {
    String key = randomKey();
    String address = sign(key, f -> {}).get("address").asText();
    Payments.fund(8453, address, Payments.USDC_BASE, 10_000_000);
    String tx =
        Payments.transfer(8453, address, Payments.USDC_BASE, Payments.treasury(), 10_000_000);
    Payments.mine(8453, 1);
    given()
        .contentType(ContentType.JSON)
        .body(Map.of("txHash", tx, "chainId", 8453, "amount", 10, "appName", "wallet"))
        .post("/v1/keys/buy")
        .then()
        .statusCode(200)
        .body("key", nullValue())
        .body("accessPass.status", equalTo("minted"));
    return new Holder(key, address);
  }
}
