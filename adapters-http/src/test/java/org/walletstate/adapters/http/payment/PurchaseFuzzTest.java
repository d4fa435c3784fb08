package org.walletstate.adapters.http.payment;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.devnet.replay.Reply;

/**
 * Fuzz corpus for the purchase bodies ({@code POST /v1/keys/buy}, {@code POST /v1/credits/buy}) and
 * for {@code Authorization: Wallet} headers: every member hostile in turn, from a fixed seed. Each
 * answer is a documented refusal in the error envelope (400, 401, 409 or 501), never a 500, and
 * nothing is credited.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class PurchaseFuzzTest {

  /**
   * The Solana, Tron and Bitcoin nodes are healthy and know none of the fuzzed transactions, as the
   * devnet knows none of the fuzzed EVM hashes: a well-formed hash is a 400 "no receipt".
   */
  @BeforeEach
  void nodesKnowNoTransaction() {
    DevnetTestResource.solana()
        .on(
            "getTransaction",
            request ->
                Reply.json(
                    "{\"jsonrpc\":\"2.0\",\"result\":null,\"id\":" + request.path("id") + "}"));
    DevnetTestResource.tron().on("/wallet/gettransactioninfobyid", Reply.json("{}"));
    DevnetTestResource.bitcoin()
        .on("/tx/*", new Reply(404, "Transaction not found", java.time.Duration.ZERO, false));
  }

  @AfterEach
  void forgetTheNodes() {
    DevnetTestResource.solana().reset();
    DevnetTestResource.tron().reset();
    DevnetTestResource.bitcoin().reset();
  }

  private static final long SEED = 20_261_125L;
  private static final int CASES = 300;

  @Inject Pool pool;

  private static final String[] TX_HASHES = {
    null,
    "",
    "0x",
    "0x1234",
    "0x" + "zz".repeat(32),
    "0x" + "ab".repeat(33),
    "ab".repeat(32),
    "0x" + "1".repeat(10_000),
    "0X" + "AB".repeat(32),
    "0x" + "00".repeat(32),
    // Solana signatures (base58 of 64 bytes): well formed, with a character outside base58, short
    "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW",
    "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQU0",
    "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnb",
    // a Tron or Bitcoin transaction id with a stray prefix
    "T" + "ab".repeat(32)
  };
  private static final Object[] CHAIN_IDS = {
    null,
    "",
    -1,
    0,
    1284,
    100,
    "solana",
    "tron",
    "bitcoin",
    "xrpl",
    "8453 ",
    true,
    List.of(8453),
    Map.of("id", 8453),
    "9".repeat(400),
    1.5,
    "0x2105",
    8453,
    "8453",
    1,
    10
  };
  private static final Object[] AMOUNTS = {
    null,
    -5,
    0,
    4.99,
    "abc",
    "5",
    "5.000001",
    5,
    25.5,
    "1e3",
    "9".repeat(60),
    Map.of(),
    List.of(),
    true,
    "",
    " 5",
    "-5",
    1e300
  };
  private static final Object[] DELIVERIES = {null, "", "WALLET", "wallet", "apiKey", "both", 5};
  private static final Object[] CHANNELS = {null, "", "a b", "x".repeat(65), "ok-tag", "é", 7};
  private static final Object[] UPDATE = {null, "yes", 1, true, false, List.of()};
  private static final Object[] APP_NAMES = {null, "", "app", "x".repeat(101), "a\u0000b", 3};

  /** Hostile claims of the payer (docs/billing.md, "Who may claim a payment"). */
  private static final Object[] PROOFS = {
    null,
    null,
    "",
    "0xabc",
    7,
    List.of(),
    Map.of(),
    Map.of("message", "m"),
    Map.of("signature", "0x00"),
    Map.of("message", 5, "signature", "0x00"),
    Map.of("message", "x".repeat(1025), "signature", "0x00"),
    Map.of("message", "m", "signature", "s".repeat(201)),
    Map.of(
        "message",
        "localhost asks you to prove you sent this payment",
        "signature",
        "0x" + "11".repeat(65))
  };

  private static final Object[] INTENTS = {
    null,
    null,
    "pi_1",
    Map.of(),
    Map.of("id", "pi_" + "0".repeat(32)),
    Map.of("id", "pi_" + "0".repeat(32), "secret", "zz"),
    Map.of("id", "x", "secret", "ab".repeat(32)),
    Map.of("id", "pi_" + "0".repeat(32), "secret", "ab".repeat(32))
  };

  @Test
  void hostilePurchasesAndWalletHeaders_getDocumentedRefusals_andCreditNothing() {
    Random r = new Random(SEED);
    String key =
        given()
            .contentType(ContentType.JSON)
            .body(Map.of("email", "fuzz-" + UUID.randomUUID() + "@example.org", "appName", "f"))
            .post("/v1/keys/create")
            .then()
            .statusCode(200)
            .extract()
            .path("key");
    long paymentsBefore = count("select count(*) as n from payment");
    long entriesBefore = count("select count(*) as n from credit_entry where kind = 'purchase'");
    List<String> problems = new ArrayList<>();
    for (int i = 0; i < CASES; i++) {
      int kind = r.nextInt(4);
      Response answer;
      String what;
      if (kind < 2) {
        Map<String, Object> body = new java.util.HashMap<>();
        put(body, "txHash", pick(r, TX_HASHES));
        put(body, "chainId", pick(r, CHAIN_IDS));
        put(body, "amount", pick(r, AMOUNTS));
        put(body, "senderProof", pick(r, PROOFS));
        put(body, "paymentIntent", pick(r, INTENTS));
        if (kind == 0) {
          put(body, "appName", pick(r, APP_NAMES));
          put(body, "keyDelivery", pick(r, DELIVERIES));
          put(body, "channel", pick(r, CHANNELS));
        } else {
          put(body, "updateWallet", pick(r, UPDATE));
        }
        what = (kind == 0 ? "keys/buy " : "credits/buy ") + body.keySet();
        var request = given().contentType(ContentType.JSON).body(body);
        if (kind == 1) {
          request = request.header("X-API-Key", key);
        }
        answer = request.post(kind == 0 ? "/v1/keys/buy" : "/v1/credits/buy");
      } else if (kind == 2) {
        String raw =
            pick(r, new String[] {"[]", "{", "null", "{\"txHash\":1,\"txHash\":2}", "\"s\"", ""});
        what = "raw body " + raw;
        answer = given().contentType(ContentType.JSON).body(raw).post("/v1/keys/buy");
      } else {
        String header = walletHeader(r);
        String path = pick(r, new String[] {"/v1/credits", "/v1/jwks", "/v1/compliance/templates"});
        what = "Authorization on " + path;
        answer = given().header("Authorization", header).get(path);
      }
      int status = answer.statusCode();
      if (!Set.of(400, 401, 409, 501).contains(status)) {
        problems.add(i + " " + what + ": status " + status + " " + answer.asString());
        continue;
      }
      if (!Boolean.FALSE.equals(answer.path("ok"))
          || !Integer.valueOf(status).equals(answer.path("error.code"))) {
        problems.add(i + " " + what + ": not the error envelope: " + answer.asString());
      }
    }
    assertThat(problems).isEmpty();
    assertThat(count("select count(*) as n from payment")).isEqualTo(paymentsBefore);
    assertThat(count("select count(*) as n from credit_entry where kind = 'purchase'"))
        .isEqualTo(entriesBefore);
  }

  private static String walletHeader(Random r) {
    String scheme = pick(r, new String[] {"Wallet ", "wallet ", "WALLET "});
    switch (r.nextInt(6)) {
      case 5:
        // the scheme alone, without credentials
        return "Wallet";
      case 0:
        return scheme + "%%%";
      case 1:
        return scheme + b64("{\"message\":\"x\",\"signature\":\"0x00\"}");
      case 2:
        return scheme + b64("[1,2]");
      case 3:
        return scheme
            + b64(
                "{\"message\":\"localhost wants you to sign in with your Ethereum account:\\n0x"
                    + "ab".repeat(20)
                    + "\\n\\n\\nURI: x\",\"signature\":\"0x"
                    + "11".repeat(65)
                    + "\"}");
      default:
        byte[] junk = new byte[r.nextInt(200)];
        r.nextBytes(junk);
        return scheme + Base64.getEncoder().encodeToString(junk);
    }
  }

  private static String b64(String s) {
    return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
  }

  private static void put(Map<String, Object> body, String member, Object value) {
    if (value != null) {
      body.put(member, value);
    }
  }

  private static <T> T pick(Random r, T[] values) {
    return values[r.nextInt(values.length)];
  }

  private long count(String sql) {
    return pool.query(sql)
        .execute()
        .await()
        .atMost(Duration.ofSeconds(10))
        .iterator()
        .next()
        .getLong("n");
  }

  static {
    DevnetTestResource.class.getName();
  }
}
