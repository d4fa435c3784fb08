package org.walletstate.adapters.http.payment;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.containsStringIgnoringCase;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.walletstate.adapters.http.testbed.Payments.USDC_BASE;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.filter.log.LogDetail;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.Concurrently;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.Payers;
import org.walletstate.adapters.http.testbed.PaymentRows;
import org.walletstate.adapters.http.testbed.Payments;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.Rule;

/**
 * A purchase is claimable only by its payer (docs/billing.md, "Who may claim a payment";
 * docs/reliability.md, "Threat model"). The attacker reads the chain, so it knows every payment's
 * hash, sender and amount the moment it is mined, and posts it first. Real USDC transfers on the
 * devnet; every proof is signed by ethers (through {@code devnet/tools/purchase-proof.mjs}).
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class PayerBindingTest {

  static final long BASE = 8453;

  @Inject Pool pool;

  @BeforeAll
  static void showBodiesOnFailure() {
    RestAssured.enableLoggingOfRequestAndResponseIfValidationFails(LogDetail.BODY);
  }

  @AfterEach
  void healTheProxy() {
    DevnetTestResource.chain8453().reset();
  }

  record Paid(Payers.Payer payer, String tx) {}

  static Paid paid(long raw) {
    Payers.Payer payer = Payers.evm();
    Payments.fund(BASE, payer.address(), USDC_BASE, raw);
    String tx = Payments.transfer(BASE, payer.address(), USDC_BASE, Payments.treasury(), raw);
    Payments.mine(BASE, 1);
    return new Paid(payer, tx);
  }

  static Map<String, Object> keysBuy(String tx, Object amount, String delivery) {
    Map<String, Object> body = new HashMap<>();
    body.put("txHash", tx);
    body.put("chainId", 8453);
    body.put("amount", amount);
    body.put("appName", "payer app");
    body.put("keyDelivery", delivery);
    return body;
  }

  static Response post(String path, Map<String, Object> body) {
    return given().contentType(ContentType.JSON).body(body).post(path);
  }

  static Response credits(String key, Map<String, Object> body) {
    return given()
        .contentType(ContentType.JSON)
        .header("X-API-Key", key)
        .body(body)
        .post("/v1/credits/buy");
  }

  static String freeKey() {
    return post(
            "/v1/keys/create",
            new HashMap<>(
                Map.of("email", "payer-" + UUID.randomUUID() + "@example.org", "appName", "a")))
        .then()
        .statusCode(200)
        .extract()
        .path("key");
  }

  @Test
  void theFrontRun_aThirdPartyGetsNoKeyNoCreditsNoWallet_andThePayerStillClaims() {
    Paid paid = paid(10_000_000);
    String strangersKey = freeKey();
    Payers.Payer mallory = Payers.evm();
    for (String delivery : List.of("apiKey", "both")) {
      post("/v1/keys/buy", keysBuy(paid.tx(), 10, delivery))
          .then()
          .statusCode(403)
          .body("key", nullValue())
          .body("error.message", containsString("Payer not proven"))
          .body("error.message", containsStringIgnoringCase("signed by " + paid.payer().address()))
          .body("error.message", containsString("Nothing was credited"));
    }
    Map<String, Object> forged = keysBuy(paid.tx(), 10, "apiKey");
    forged.put("senderProof", mallory.keysBuy("payer app", 8453, paid.tx()));
    post("/v1/keys/buy", forged).then().statusCode(403).body("key", nullValue());
    // credits to a key the stranger chose, which would register the payer's wallet to it
    Map<String, Object> toStranger = keysBuy(paid.tx(), 10, null);
    toStranger.remove("keyDelivery");
    toStranger.remove("appName");
    credits(strangersKey, toStranger).then().statusCode(403);
    toStranger.put("updateWallet", true);
    credits(strangersKey, toStranger).then().statusCode(403);
    toStranger.put("senderProof", mallory.creditsBuy(8453, paid.tx()));
    credits(strangersKey, toStranger).then().statusCode(403);
    assertThat(PaymentRows.count(pool, paid.tx())).isZero();
    assertThat(keysWithWallet(paid.payer().address())).isZero();
    assertThat(keyRow(strangersKey).getString("wallet")).isNull();
    assertThat(keyRow(strangersKey).getLong("credits")).isEqualTo(10);

    // the payer, with its own proof, still gets the key and the credits
    Map<String, Object> own = keysBuy(paid.tx(), 10, "apiKey");
    own.put("senderProof", paid.payer().keysBuy("payer app", 8453, paid.tx()));
    String key =
        post("/v1/keys/buy", own)
            .then()
            .statusCode(200)
            .body("apiKeyCredits", equalTo(250))
            .body("wallet", equalTo(paid.payer().address()))
            .extract()
            .path("key");
    given().header("X-API-Key", key).get("/v1/credits").then().body("data.credits", equalTo(250));
    assertBalanced(PaymentRows.of(pool, paid.tx()).getLong("api_key_id"));
  }

  @Test
  void aWrongSigner_aStaleProof_anotherTx_anotherPurpose_anotherApp_areRefused_andChangeNothing() {
    Paid paid = paid(6_000_000);
    Paid other = paid(6_000_000);
    Payers.Payer payer = paid.payer();
    String tx = paid.tx();
    List<Map.Entry<String, Map<String, Object>>> proofs = new java.util.ArrayList<>();
    proofs.add(Map.entry("is not", Payers.evm().keysBuy("payer app", 8453, tx)));
    proofs.add(
        Map.entry(
            "more than 10 minutes old",
            payer.sign(
                Payers.message(
                    "keys/buy",
                    List.of("App: payer app"),
                    8453,
                    tx,
                    Instant.now().minus(Duration.ofMinutes(11))))));
    proofs.add(Map.entry("line 5", payer.keysBuy("payer app", 8453, other.tx())));
    proofs.add(Map.entry("line 2", payer.creditsBuy(8453, tx)));
    proofs.add(Map.entry("line 3", payer.keysBuy("another app", 8453, tx)));
    proofs.add(Map.entry("line 4", payer.keysBuy("payer app", 1, tx)));
    proofs.add(
        Map.entry(
            "line 1",
            payer.sign(
                Payers.message("keys/buy", List.of("App: payer app"), 8453, tx, Instant.now())
                    .replace("localhost", "walletstate.example"))));
    // a sign-in (EIP-4361) message is never a claim
    proofs.add(
        Map.entry(
            "line 1",
            payer.sign(
                "localhost wants you to sign in with your Ethereum account:\n"
                    + payer.address()
                    + "\n\nURI: http://localhost\nVersion: 1\nChain ID: 8453\nNonce: abcdefgh12\n"
                    + "Issued At: "
                    + Instant.now())));
    proofs.forEach(
        entry -> {
          String reason = entry.getKey();
          Map<String, Object> proof = entry.getValue();
          Map<String, Object> body = keysBuy(tx, 6, "apiKey");
          body.put("senderProof", proof);
          post("/v1/keys/buy", body)
              .then()
              .statusCode(403)
              .body("key", nullValue())
              .body("error.message", containsString(reason));
        });
    Map<String, Object> malformed = keysBuy(tx, 6, "apiKey");
    malformed.put("senderProof", "0xabc");
    post("/v1/keys/buy", malformed)
        .then()
        .statusCode(400)
        .body("error.message", containsString("senderProof must be an object"));
    assertThat(PaymentRows.count(pool, tx)).isZero();
    assertThat(keysWithWallet(payer.address())).isZero();
  }

  @Test
  void aUsedProof_claimsOnce_alsoUnderConcurrentReplays() throws Exception {
    Paid paid = paid(7_000_000);
    Map<String, Object> body = keysBuy(paid.tx(), 7, "apiKey");
    body.put("senderProof", paid.payer().keysBuy("payer app", 8453, paid.tx()));
    List<Integer> statuses = Concurrently.run(6, () -> post("/v1/keys/buy", body).statusCode());
    assertThat(statuses).containsOnly(200, 409);
    assertThat(statuses.stream().filter(s -> s == 200)).hasSize(1);
    post("/v1/keys/buy", body)
        .then()
        .statusCode(409)
        .body("key", nullValue())
        .body("error.message", containsString("was already credited"));
    assertThat(PaymentRows.count(pool, paid.tx())).isEqualTo(1);
    assertThat(keysWithWallet(paid.payer().address())).isEqualTo(1);
  }

  @Test
  void withoutAProof_theWalletDeliveryStays_andNeverShowsTheKey_evenWhenTheMintIsDeferred() {
    Paid minted = paid(5_000_000);
    post("/v1/keys/buy", keysBuy(minted.tx(), 5, "wallet"))
        .then()
        .statusCode(200)
        .body("key", nullValue())
        .body("authMethod", equalTo("wallet"))
        .body("accessPass.status", equalTo("minted"));

    Paid deferred = paid(5_000_000);
    DevnetTestResource.chain8453()
        .install(Rule.of(Match.method("eth_sendRawTransaction"), Fault.status(503)));
    post("/v1/keys/buy", keysBuy(deferred.tx(), 5, "wallet"))
        .then()
        .statusCode(200)
        .body("key", nullValue())
        .body("authMethod", equalTo("wallet"))
        .body("authHint", containsString("once its access pass"))
        .body("accessPass.status", equalTo("pending"));
    assertThat(keysWithWallet(deferred.payer().address())).isEqualTo(1);
  }

  @Test
  void creditsBuy_registeringOrReplacingAWallet_needsTheSendersProof_payingFromItDoesNot() {
    String key = freeKey();
    Paid first = paid(5_000_000);
    Map<String, Object> body = keysBuy(first.tx(), 5, null);
    body.remove("keyDelivery");
    body.remove("appName");
    credits(key, body)
        .then()
        .statusCode(403)
        .body("error.message", containsString("this key has no registered wallet yet"));
    body.put("senderProof", first.payer().creditsBuy(8453, first.tx()));
    credits(key, body).then().statusCode(200).body("data.walletRegistered", equalTo(true));

    // more from the registered wallet: its own key, no proof needed
    Payments.fund(BASE, first.payer().address(), USDC_BASE, 5_000_000);
    String again =
        Payments.transfer(BASE, first.payer().address(), USDC_BASE, Payments.treasury(), 5_000_000);
    Payments.mine(BASE, 1);
    credits(key, Map.of("txHash", again, "chainId", 8453, "amount", 5))
        .then()
        .statusCode(200)
        .body("data.totalCredits", equalTo(260));

    // replacing it needs the new sender's proof
    Paid next = paid(5_000_000);
    Map<String, Object> replace = new HashMap<>(Map.of("txHash", next.tx(), "chainId", 8453));
    replace.put("amount", 5);
    replace.put("updateWallet", true);
    credits(key, replace)
        .then()
        .statusCode(403)
        .body("error.message", containsString("not from this key's registered wallet"));
    assertThat(keyRow(key).getString("wallet")).isEqualToIgnoringCase(first.payer().address());
    replace.put("senderProof", next.payer().creditsBuy(8453, next.tx()));
    credits(key, replace).then().statusCode(200).body("data.walletRegistered", equalTo(true));
    assertThat(keyRow(key).getString("wallet")).isEqualToIgnoringCase(next.payer().address());
    assertBalanced(keyRow(key).getLong("id"));
  }

  /** An exchange's hot wallet pays for a customer, who holds the intent; nobody else can claim. */
  @Test
  void aPaymentIntent_letsItsHolderClaim_aPaymentFromASharedSender() {
    Map<String, Object> data = openIntent("keys/buy", 7);
    String id = (String) data.get("intentId");
    String secret = (String) data.get("secret");
    BigDecimal amount = new BigDecimal((String) data.get("amount"));
    assertThat(amount).isGreaterThan(new BigDecimal("7")).isLessThan(new BigDecimal("7.01"));
    assertThat(data.get("payTo")).asString().isEqualToIgnoringCase(Payments.treasury());
    assertThat(openIntent("keys/buy", 7).get("amount")).isNotEqualTo(data.get("amount"));

    String exchange = Payments.fundedWallet(BASE, USDC_BASE, 100_000_000);
    long raw = amount.movePointRight(6).longValueExact();
    String tx = Payments.transfer(BASE, exchange, USDC_BASE, Payments.treasury(), raw);
    Payments.mine(BASE, 1);

    // the exchange cannot sign, and a stranger without the intent's secret gets nothing
    post("/v1/keys/buy", keysBuy(tx, amount, "apiKey")).then().statusCode(403);
    Map<String, Object> guessed = keysBuy(tx, amount, "apiKey");
    guessed.put("paymentIntent", Map.of("id", id, "secret", "0".repeat(64)));
    post("/v1/keys/buy", guessed)
        .then()
        .statusCode(403)
        .body("error.message", containsString("unknown or its secret is not this one"));
    Map<String, Object> forCredits = openIntent("credits/buy", 7);
    Map<String, Object> wrongPurpose = keysBuy(tx, amount, "apiKey");
    wrongPurpose.put(
        "paymentIntent",
        Map.of("id", forCredits.get("intentId"), "secret", forCredits.get("secret")));
    post("/v1/keys/buy", wrongPurpose)
        .then()
        .statusCode(403)
        .body("error.message", containsString("was opened for credits/buy"));
    assertThat(PaymentRows.count(pool, tx)).isZero();

    Map<String, Object> claim = keysBuy(tx, amount, "wallet");
    claim.put("paymentIntent", Map.of("id", id, "secret", secret));
    String key =
        post("/v1/keys/buy", claim)
            .then()
            .statusCode(200)
            .body("wallet", nullValue())
            .body("authMethod", equalTo("apiKey"))
            .body("accessPass", nullValue())
            .extract()
            .path("key");
    assertThat(key).startsWith("svc_live_");
    assertThat(keyRow(key).getString("wallet"))
        .as("an exchange never becomes a key's wallet")
        .isNull();
    assertThat(keysWithWallet(exchange)).isZero();

    // the same intent does not claim the exchange's next payment of that amount
    String twice = Payments.transfer(BASE, exchange, USDC_BASE, Payments.treasury(), raw);
    Payments.mine(BASE, 1);
    Map<String, Object> again = keysBuy(twice, amount, "apiKey");
    again.put("paymentIntent", Map.of("id", id, "secret", secret));
    post("/v1/keys/buy", again)
        .then()
        .statusCode(409)
        .body("error.message", containsString("already claimed"));
    assertThat(PaymentRows.count(pool, twice)).isZero();

    // credits from the exchange for a key with a registered wallet: credited, the wallet stays
    Paid own = paid(5_000_000);
    Map<String, Object> register = new HashMap<>(Map.of("txHash", own.tx(), "chainId", 8453));
    register.put("amount", 5);
    register.put("senderProof", own.payer().creditsBuy(8453, own.tx()));
    credits(key, register).then().statusCode(200);
    Map<String, Object> creditsIntent = openIntent("credits/buy", 5);
    BigDecimal creditsAmount = new BigDecimal((String) creditsIntent.get("amount"));
    String topUp =
        Payments.transfer(
            BASE,
            exchange,
            USDC_BASE,
            Payments.treasury(),
            creditsAmount.movePointRight(6).longValueExact());
    Payments.mine(BASE, 1);
    Map<String, Object> viaIntent = new HashMap<>(Map.of("txHash", topUp, "chainId", 8453));
    viaIntent.put("amount", creditsAmount);
    viaIntent.put("updateWallet", true);
    viaIntent.put(
        "paymentIntent",
        Map.of("id", creditsIntent.get("intentId"), "secret", creditsIntent.get("secret")));
    credits(key, viaIntent).then().statusCode(200).body("data.walletRegistered", equalTo(false));
    assertThat(keyRow(key).getString("wallet")).isEqualToIgnoringCase(own.payer().address());
    assertBalanced(keyRow(key).getLong("id"));
  }

  @Test
  void intentsRefuseWhatTheyCannotReserve() {
    post(
            "/v1/payment-intents",
            new HashMap<>(Map.of("chainId", 8453, "amount", "7.001", "purpose", "keys/buy")))
        .then()
        .statusCode(400)
        .body("error.message", containsString("more than 2 decimals"));
    post(
            "/v1/payment-intents",
            new HashMap<>(Map.of("chainId", 8453, "amount", 4, "purpose", "keys/buy")))
        .then()
        .statusCode(400);
    post(
            "/v1/payment-intents",
            new HashMap<>(Map.of("chainId", 8453, "amount", 7, "purpose", "attest")))
        .then()
        .statusCode(400)
        .body("error.message", containsString("purpose must be one of"));
    post(
            "/v1/payment-intents",
            new HashMap<>(Map.of("chainId", 100, "amount", 7, "purpose", "keys/buy")))
        .then()
        .statusCode(400)
        .body("error.message", containsString("not a payment chain"));
  }

  private static Map<String, Object> openIntent(String purpose, Object amount) {
    return post(
            "/v1/payment-intents",
            new HashMap<>(Map.of("chainId", 8453, "amount", amount, "purpose", purpose)))
        .then()
        .statusCode(200)
        .header("Cache-Control", "no-store")
        .body("data.purpose", equalTo(purpose))
        .extract()
        .path("data");
  }

  /** The key's balance is the sum of its ledger entries. */
  private void assertBalanced(long keyId) {
    long entries =
        pool.preparedQuery(
                "select coalesce(sum(amount), 0) as total from credit_entry where api_key_id = $1")
            .execute(Tuple.of(keyId))
            .await()
            .atMost(Duration.ofSeconds(10))
            .iterator()
            .next()
            .getLong("total");
    assertThat(Ledger.balance(pool, keyId)).isEqualTo(entries).isPositive();
  }

  private Row keyRow(String key) {
    String hash = org.walletstate.domain.account.ApiKey.parse(key).orElseThrow().hash().hex();
    RowSet<Row> rows =
        pool.preparedQuery("select id, wallet, credits from api_key where key_hash = $1")
            .execute(Tuple.of(hash))
            .await()
            .atMost(Duration.ofSeconds(10));
    return rows.iterator().next();
  }

  private long keysWithWallet(String wallet) {
    return pool.preparedQuery("select count(*) as n from api_key where lower(wallet) = lower($1)")
        .execute(Tuple.of(wallet))
        .await()
        .atMost(Duration.ofSeconds(10))
        .iterator()
        .next()
        .getLong("n");
  }
}
