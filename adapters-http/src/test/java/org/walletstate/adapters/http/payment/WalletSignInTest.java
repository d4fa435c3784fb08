package org.walletstate.adapters.http.payment;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.walletstate.adapters.http.testbed.Payments.USDC_BASE;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.filter.log.LogDetail;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Payers;
import org.walletstate.adapters.http.testbed.Payments;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.SignInMessages;
import org.walletstate.application.account.PruneSignInNonces;
import org.walletstate.devnet.Devnet;

/**
 * {@code Authorization: Wallet}: messages made by the {@code siwe} library and signed with ethers,
 * against a key bought on the devnet whose wallet holds the access pass.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class WalletSignInTest {

  /** A failed status check shows the request and response bodies (the reason of a refusal). */
  @BeforeAll
  static void showBodiesOnFailure() {
    RestAssured.enableLoggingOfRequestAndResponseIfValidationFails(LogDetail.BODY);
  }

  static final ObjectMapper JSON = new ObjectMapper();
  static final SecureRandom RANDOM = new SecureRandom();

  @Inject Pool pool;

  @Inject PruneSignInNonces prune;

  /** A wallet with a private key, a bought key (wallet delivery) and, by default, the pass. */
  record Holder(String privateKey, String address) {}

  static String randomKey() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return "0x" + HexFormat.of().formatHex(bytes);
  }

  static String nonce() {
    return UUID.randomUUID().toString().replace("-", "");
  }

  static JsonNode sign(String privateKey, Consumer<ObjectNode> fields) {
    ObjectNode request = JSON.createObjectNode();
    request.put("privateKey", privateKey);
    request.put("domain", "localhost");
    request.put("uri", "http://localhost/v1/credits");
    request.put("chainId", 8453);
    request.put("nonce", nonce());
    request.put("issuedAt", Instant.now().toString());
    request.putArray("resources").add(SignInMessages.WALLET_AUTH);
    fields.accept(request);
    return Devnet.shared().siweSigner().sign(request);
  }

  static String header(JsonNode signed) {
    String json =
        JSON.createObjectNode()
            .put("message", signed.get("message").asText())
            .put("signature", signed.get("signature").asText())
            .toString();
    return "Wallet " + Base64.getEncoder().encodeToString(json.getBytes(StandardCharsets.UTF_8));
  }

  static String header(String privateKey) {
    return header(sign(privateKey, f -> {}));
  }

  /** Buys a key for a fresh wallet with keys/buy (10 USDC, 250 credits); the pass is minted. */
  static Holder boughtKey() {
    SignInMessages.Holder bought = SignInMessages.boughtKey();
    return new Holder(bought.privateKey(), bought.address());
  }

  static Response credits(String authorization) {
    return given().header("Authorization", authorization).get("/v1/credits");
  }

  @Test
  void aSignedInWalletReadsItsCredits_andEachNonceWorksOnce() {
    Holder holder = boughtKey();
    String header = header(holder.privateKey());
    credits(header)
        .then()
        .statusCode(200)
        // a key bought for 10 USD: the daily limit of a purchase below a month of pro
        .header("X-RateLimit-Limit", "1000")
        .body("data.credits", equalTo(250));
    credits(header)
        .then()
        .statusCode(401)
        .body("error.message", containsString("the nonce was used before"));
  }

  @Test
  void aMessageAsTheSpecificationWritesIt_withoutResources_signsIn() {
    Holder holder = boughtKey();
    credits(header(sign(holder.privateKey(), f -> f.remove("resources"))))
        .then()
        .statusCode(200)
        .body("data.credits", equalTo(250));
  }

  @Test
  void aNonceReplayedConcurrently_signsInOnce() throws Exception {
    Holder holder = boughtKey();
    String header = header(holder.privateKey());
    ExecutorService threads = Executors.newFixedThreadPool(8);
    try {
      List<Future<Integer>> answers = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        answers.add(threads.submit(() -> credits(header).statusCode()));
      }
      List<Integer> statuses = new ArrayList<>();
      for (Future<Integer> f : answers) {
        statuses.add(f.get());
      }
      assertThat(statuses).containsOnly(200, 401);
      assertThat(statuses.stream().filter(s -> s == 200)).hasSize(1);
    } finally {
      threads.shutdownNow();
    }
  }

  @Test
  void refusedMessages_are401AndChargeNothing() {
    Holder holder = boughtKey();
    String key = holder.privateKey();
    refused(
        header(sign(key, f -> f.put("issuedAt", Instant.now().minusSeconds(360).toString()))),
        "Issued At is more than 5 minutes old");
    refused(
        header(sign(key, f -> f.put("issuedAt", Instant.now().plusSeconds(300).toString()))),
        "Issued At is in the future");
    refused(header(sign(key, f -> f.put("domain", "evil.example"))), "for domain evil.example");
    refused(
        header(
            sign(
                key,
                f -> {
                  f.remove("resources");
                  f.put("uri", "http://localhost/v1/merchants/m_store");
                })),
        "does not name its purpose and its URI is a store's");
    refused(
        header(sign(key, f -> f.putArray("resources").add(SignInMessages.POS_PASS))),
        "signed for the in-store pass sign-in");
    refused(
        header(
            sign(
                key,
                f -> {
                  f.put("issuedAt", Instant.now().minusSeconds(120).toString());
                  f.put("expirationTime", Instant.now().minusSeconds(60).toString());
                })),
        "Expiration Time has passed");
    refused(
        header(sign(randomKey(), f -> f.put("address", holder.address()))),
        "the signature is not a personal_sign of this message");
    refused(header(randomKey()), "no key is registered to wallet");
    String junk =
        "Wallet "
            + Base64.getEncoder()
                .encodeToString("{\"message\":1}".getBytes(StandardCharsets.UTF_8));
    refused(junk, "must carry base64(JSON");
    refused("Wallet %%%", "it is not base64");
    refused(
        header(
            JSON.createObjectNode()
                .put("message", "localhost wants you to sign in with your Ethereum account:\n0x1")
                .put("signature", "0x00")),
        "not an EIP-4361 message");
    // nothing was counted or charged: the next good sign-in is the key's first request
    credits(header(key))
        .then()
        .statusCode(200)
        .header("X-RateLimit-Remaining", "999") // 1,000 a day: a 10 USD purchase
        .body("data.credits", equalTo(250));
  }

  @Test
  void aWalletWithoutThePass_isRefused() {
    String key = randomKey();
    String address = sign(key, f -> {}).get("address").asText();
    String apiKey =
        given()
            .contentType(ContentType.JSON)
            .body(Map.of("email", "nopass-" + UUID.randomUUID() + "@example.org", "appName", "a"))
            .post("/v1/keys/create")
            .then()
            .statusCode(200)
            .extract()
            .path("key");
    Payments.fund(8453, address, USDC_BASE, 5_000_000);
    String tx = Payments.transfer(8453, address, USDC_BASE, Payments.treasury(), 5_000_000);
    Payments.mine(8453, 1);
    // registering the wallet to the key: the payer proves it sent the payment
    Payers.Payer payer = new Payers.Payer("evm", key.replaceFirst("^0x", ""), address, null);
    given()
        .contentType(ContentType.JSON)
        .header("X-API-Key", apiKey)
        .body(
            Map.of(
                "txHash",
                tx,
                "chainId",
                8453,
                "amount",
                5,
                "senderProof",
                payer.creditsBuy(8453, tx)))
        .post("/v1/credits/buy")
        .then()
        .statusCode(200)
        .body("data.walletRegistered", equalTo(true));
    refused(header(key), "does not hold the access pass on chain 8453");
  }

  @Test
  void walletAuthBuysCredits_andIgnoresUpdateWallet() {
    Holder holder = boughtKey();
    String other = Payments.fundedWallet(8453, USDC_BASE, 5_000_000);
    String fromOther = Payments.transfer(8453, other, USDC_BASE, Payments.treasury(), 5_000_000);
    Payments.fund(8453, holder.address(), USDC_BASE, 5_000_000);
    String own =
        Payments.transfer(8453, holder.address(), USDC_BASE, Payments.treasury(), 5_000_000);
    Payments.mine(8453, 1);
    given()
        .contentType(ContentType.JSON)
        .header("Authorization", header(holder.privateKey()))
        .body(Map.of("txHash", fromOther, "chainId", 8453, "amount", 5, "updateWallet", true))
        .post("/v1/credits/buy")
        .then()
        .statusCode(400)
        .body("error.message", containsString("registered wallet is"));
    given()
        .contentType(ContentType.JSON)
        .header("Authorization", header(holder.privateKey()))
        .body(Map.of("txHash", own, "chainId", 8453, "amount", 5, "updateWallet", true))
        .post("/v1/credits/buy")
        .then()
        .statusCode(200)
        .body("data.totalCredits", equalTo(375))
        .body("data.updateWalletIgnored", equalTo(true));
  }

  @Test
  void walletAuthPaysForAnAttestation() {
    Holder holder = boughtKey();
    String usdc = Devnet.shared().manifest().chain(8453).address("usdc");
    String wallet = Devnet.shared().manifest().wallet("holder").address();
    given()
        .contentType(ContentType.JSON)
        .header("Authorization", header(holder.privateKey()))
        .body(
            "{\"wallet\":\""
                + wallet
                + "\",\"conditions\":[{\"type\":\"token_balance\",\"chainId\":8453,"
                + "\"contractAddress\":\""
                + usdc
                + "\",\"threshold\":\"1\"}]}")
        .post("/v1/attest")
        .then()
        .statusCode(200)
        .body("meta.creditsCharged", equalTo(1))
        .body("meta.creditsRemaining", equalTo(249));
  }

  @Test
  void everyOtherEndpoint_answers501_andBothSchemes400() {
    Holder holder = boughtKey();
    for (String[] call :
        new String[][] {
          {"GET", "/v1/jwks"},
          {"GET", "/v1/compliance/templates"},
          {"POST", "/v1/keys/create"},
          {"POST", "/v1/keys/buy"},
          {"GET", "/v1/attest"},
          {"GET", "/v1/trust"},
          // the tool endpoint is served outside JAX-RS, and refuses it the same way
          {"POST", "/mcp"},
          {"DELETE", "/mcp"},
        }) {
      given()
          .header("Authorization", header(holder.privateKey()))
          .contentType(ContentType.JSON)
          .body("{}")
          .request(call[0], call[1])
          .then()
          .statusCode(501)
          .body("error.code", equalTo(501))
          .body("error.message", containsString("accepted only on POST /v1/attest"));
    }
    // a well-formed MCP tool call is not served either
    given()
        .header("Authorization", header(holder.privateKey()))
        .header("Accept", "application/json, text/event-stream")
        .contentType(ContentType.JSON)
        .body(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":"
                + "{\"name\":\"jwks\",\"arguments\":{}}}")
        .post("/mcp")
        .then()
        .statusCode(501)
        .body("ok", equalTo(false))
        .body("error.message", containsString("accepted only on POST /v1/attest"));
    given()
        .header("Authorization", header(holder.privateKey()))
        .header("X-API-Key", "svc_live_" + "0".repeat(40))
        .get("/v1/credits")
        .then()
        .statusCode(400)
        .body("error.message", containsString("one credential scheme"));
    long used =
        pool.preparedQuery("select count(*) as n from wallet_sign_in_nonce where wallet = $1")
            .execute(Tuple.of(holder.address().toLowerCase()))
            .await()
            .atMost(Duration.ofSeconds(10))
            .iterator()
            .next()
            .getLong("n");
    assertThat(used).isZero();
  }

  private long nonces(String wallet, String nonce) {
    return pool.preparedQuery(
            "select count(*) as n from wallet_sign_in_nonce where wallet = $1 and nonce = $2")
        .execute(Tuple.of(wallet.toLowerCase(), nonce))
        .await()
        .atMost(Duration.ofSeconds(10))
        .iterator()
        .next()
        .getLong("n");
  }

  @Test
  void pruning_forgetsNoncesPastTheirWindow_andAUsedLiveMessageStaysRefused() {
    Holder holder = boughtKey();
    JsonNode signed = sign(holder.privateKey(), f -> {});
    String live = signed.get("message").asText().replaceAll("(?s).*\nNonce: (\\w+)\n.*", "$1");
    credits(header(signed)).then().statusCode(200);
    String old = nonce();
    pool.preparedQuery(
            "insert into wallet_sign_in_nonce (wallet, nonce, used_at) values ($1, $2, $3)")
        .execute(
            Tuple.of(
                holder.address().toLowerCase(),
                old,
                java.time.OffsetDateTime.now(java.time.ZoneOffset.UTC).minusHours(2)))
        .await()
        .atMost(Duration.ofSeconds(10));

    assertThat(prune.runOnce().await().atMost(Duration.ofSeconds(30))).isPositive();

    assertThat(nonces(holder.address(), old)).as("used two hours ago").isZero();
    assertThat(nonces(holder.address(), live)).as("used just now").isEqualTo(1);
    credits(header(signed))
        .then()
        .statusCode(401)
        .body("error.message", containsString("the nonce was used before"));
  }

  private static void refused(String header, String reason) {
    credits(header)
        .then()
        .statusCode(401)
        .body("ok", equalTo(false))
        .body("error.code", equalTo(401))
        .body("error.message", containsString("Wallet sign-in refused"))
        .body("error.message", containsString(reason));
  }

  static {
    // the devnet must be up before the first sign request (the signer runs in its directory)
    DevnetTestResource.class.getName();
  }
}
