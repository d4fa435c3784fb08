package org.walletstate.adapters.http.commerce;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.walletstate.adapters.http.testbed.Payments.USDC_BASE;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.LogStall;
import org.walletstate.adapters.http.testbed.Payments;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.application.port.out.StatementLog;
import org.walletstate.crypto.DualAttestationSigner;
import org.walletstate.crypto.PassSigning;
import org.walletstate.crypto.SigningKeys;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.Rule;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.commerce.InStorePass;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.AttestationVerifier;
import org.walletstate.verifier.KeySet;
import org.walletstate.verifier.PqStatus;
import org.walletstate.verifier.VerifiedPass;

/**
 * In-store recognition through HTTP on PostgreSQL and the devnet: scanners, PIN logins and their
 * lockout, passes issued to a wallet that signs in (the devnet's siwe signer), and their checks at
 * the till with the discount read on chain, charged only when it gives a discount.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class PointOfSaleTest {

  static final ObjectMapper JSON = new ObjectMapper();
  static final SecureRandom RANDOM = new SecureRandom();

  @Inject Pool pool;
  @Inject SigningKeys signingKeys;

  @AfterEach
  void healTheProxy() {
    DevnetTestResource.chain8453().reset();
  }

  // --- helpers ------------------------------------------------------------------------------

  record Owner(String key, long id) {}

  Owner owner(long credits) {
    TestKeys.TestKey key = TestKeys.create(pool, credits, 1_000_000, KeyVersion.V2);
    return new Owner(key.secret(), key.id());
  }

  static RequestSpecification as(String key) {
    RequestSpecification r = given().contentType(ContentType.JSON);
    return key == null ? r : r.header("X-API-Key", key);
  }

  /** A store whose own token is the devnet's USDC on Base: 10 earns bronze 5 %, 100 gold 10 %. */
  static String store(Owner owner) {
    String id = "pos-" + UUID.randomUUID().toString().substring(0, 8);
    as(owner.key())
        .body(Map.of("companyName", "Shop " + id, "companyId", id))
        .post("/v1/merchants")
        .then()
        .statusCode(200);
    as(owner.key())
        .body(
            ("{'ownToken':{'symbol':'USDC','chainId':8453,'contractAddress':'"
                    + USDC_BASE
                    + "','decimals':6,'tiers':[{'name':'Bronze','threshold':'10','discount':5},"
                    + "{'name':'Gold','threshold':'100','discount':10}]}}")
                .replace('\'', '"'))
        .put("/v1/merchants/" + id + "/tokens")
        .then()
        .statusCode(200);
    return id;
  }

  static Response addScanner(String key, String merchant, String pin) {
    return as(key)
        .body(Map.of("pin", pin, "label", "Till"))
        .post("/v1/merchants/" + merchant + "/scanners");
  }

  static Response login(String merchant, String pin) {
    return as(null).body(Map.of("merchantId", merchant, "pin", pin)).post("/v1/scanner/session");
  }

  static String session(String merchant, String pin) {
    return login(merchant, pin).then().statusCode(200).extract().path("data.session");
  }

  static String randomKey() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return "0x" + HexFormat.of().formatHex(bytes);
  }

  static JsonNode signIn(String privateKey) {
    ObjectNode request = JSON.createObjectNode();
    request.put("privateKey", privateKey);
    request.put("domain", "localhost");
    request.put("uri", "http://localhost/pass.html");
    request.put("chainId", 8453);
    request.put("nonce", UUID.randomUUID().toString().replace("-", ""));
    request.put("issuedAt", Instant.now().toString());
    request.putArray("resources").add("urn:walletstate:purpose:pos-pass");
    return Devnet.shared().siweSigner().sign(request);
  }

  static Response issue(JsonNode signed) {
    return as(null)
        .body(
            Map.of(
                "message",
                signed.get("message").asText(),
                "signature",
                signed.get("signature").asText()))
        .post("/v1/pass");
  }

  record Customer(String address, String code) {}

  /** A fresh wallet holding {@code usdc} whole USDC on Base, signed in, with its pass. */
  static Customer customer(long usdc) {
    String key = randomKey();
    JsonNode signed = signIn(key);
    String address = signed.get("address").asText();
    if (usdc > 0) {
      Payments.fund(8453, address, USDC_BASE, usdc * 1_000_000);
      Payments.mine(8453, 1);
    }
    String code = issue(signed).then().statusCode(200).extract().path("data.code");
    return new Customer(address, code);
  }

  static Response verify(String session, Map<String, Object> body) {
    RequestSpecification r = given().contentType(ContentType.JSON);
    if (session != null) {
      r = r.header("X-Scanner-Session", session);
    }
    return r.body(body).post("/v1/pass/verify");
  }

  long balance(Owner owner) {
    return Ledger.balance(pool, owner.id());
  }

  // --- scanners -----------------------------------------------------------------------------

  @Test
  void scanners_areAddedListedAndRemovedByTheOwner_withoutTheirPins() {
    Owner owner = owner(10);
    String id = store(owner);
    String scanner =
        addScanner(owner.key(), id, "4821")
            .then()
            .statusCode(200)
            .body("data.label", equalTo("Till"))
            .body("data.limit", equalTo(20))
            .body("data", not(hasKey("pin")))
            .body("data.scannerId", startsWith("scn_"))
            .extract()
            .path("data.scannerId");
    String body =
        as(owner.key())
            .get("/v1/merchants/" + id + "/scanners")
            .then()
            .statusCode(200)
            .body("data.count", equalTo(1))
            .body("data.scanners[0].scannerId", equalTo(scanner))
            .body("data.scanners[0].lastLoginAt", nullValue())
            .extract()
            .asString();
    assertThat(body).doesNotContain("4821").doesNotContain("pbkdf2");
    addScanner(owner.key(), id, "4821")
        .then()
        .statusCode(409)
        .body("error.message", containsString("has this PIN"));
    for (String bad : List.of("123", "123456789", "12a4", " 1234", "")) {
      addScanner(owner.key(), id, bad)
          .then()
          .statusCode(400)
          .body("error.message", equalTo("pin must be 4 to 8 digits (0-9)"));
    }
    as(owner.key())
        .body(Map.of("pin", "1234", "color", "red"))
        .post("/v1/merchants/" + id + "/scanners")
        .then()
        .statusCode(400)
        .body("error.message", containsString("unknown member color"));
    as(owner.key())
        .body(Map.of("action", "remove", "scannerId", "nope"))
        .post("/v1/merchants/" + id + "/scanners")
        .then()
        .statusCode(400);
    as(owner.key())
        .body(Map.of("action", "rename"))
        .post("/v1/merchants/" + id + "/scanners")
        .then()
        .statusCode(400);
    Owner stranger = owner(10);
    addScanner(stranger.key(), id, "9999").then().statusCode(403);
    as(stranger.key()).get("/v1/merchants/" + id + "/scanners").then().statusCode(403);
    addScanner(owner.key(), "no-such-store-9", "9999").then().statusCode(404);
    addScanner(null, id, "9999").then().statusCode(401);
    as(null).get("/v1/merchants/" + id + "/scanners").then().statusCode(401);

    String open = session(id, "4821");
    as(owner.key())
        .get("/v1/merchants/" + id + "/scanners")
        .then()
        .body("data.scanners[0].lastLoginAt", not(nullValue()));
    as(owner.key())
        .body(Map.of("action", "remove", "scannerId", scanner))
        .post("/v1/merchants/" + id + "/scanners")
        .then()
        .statusCode(200)
        .body("data.removed", equalTo(true));
    as(owner.key())
        .body(Map.of("action", "remove", "scannerId", scanner))
        .post("/v1/merchants/" + id + "/scanners")
        .then()
        .statusCode(404);
    // the removed scanner's session ended with it
    verify(open, Map.of("code", "P1.a.b"))
        .then()
        .statusCode(401)
        .body("error.message", containsString("scanner session has expired"));
  }

  // --- sessions and the lockout -------------------------------------------------------------

  @Test
  void aWrongPin_says401WithAttemptsLeft_andARightOneOpensASessionWithTheStore() {
    Owner owner = owner(10);
    String id = store(owner);
    addScanner(owner.key(), id, "246810").then().statusCode(200);
    login(id, "111111")
        .then()
        .statusCode(401)
        .body("error.message", containsString("4 attempts left"));
    login(id, "246810")
        .then()
        .statusCode(200)
        .body("data.session", startsWith("wss_"))
        .body("data.merchant.id", equalTo(id))
        .body("data.paused", equalTo(false));
    // the right PIN took back only its own count
    login(id, "111112")
        .then()
        .statusCode(401)
        .body("error.message", containsString("3 attempts left"));
    login("no-such-store-9", "1234").then().statusCode(404);
    as(null).body(Map.of("merchantId", id)).post("/v1/scanner/session").then().statusCode(400);
    as(null)
        .body(Map.of("merchantId", id, "pin", 1234))
        .post("/v1/scanner/session")
        .then()
        .statusCode(400);
  }

  @Test
  void manyConcurrentWrongPins_fromOneAddress_evaluateOnlyFive_thenItsRightPinIsLocked()
      throws Exception {
    Owner owner = owner(10);
    String id = store(owner);
    addScanner(owner.key(), id, "7777").then().statusCode(200);
    List<Callable<Integer>> guesses = new ArrayList<>();
    for (int i = 0; i < 24; i++) {
      String pin = String.format("%04d", 1000 + i);
      guesses.add(() -> login(id, pin).statusCode());
    }
    ExecutorService pool = Executors.newFixedThreadPool(24);
    List<Integer> statuses = new ArrayList<>();
    try {
      for (Future<Integer> f : pool.invokeAll(guesses)) {
        statuses.add(f.get());
      }
    } finally {
      pool.shutdownNow();
    }
    // a 401 is an evaluated PIN; a 429 was refused before its PIN was hashed
    assertThat(statuses.stream().filter(s -> s == 401).count()).isEqualTo(5);
    assertThat(statuses.stream().filter(s -> s == 429).count()).isEqualTo(19);
    login(id, "7777")
        .then()
        .statusCode(429)
        .header("Retry-After", not(nullValue()))
        .body("error.message", containsString("from your address is locked after 5 wrong PINs"));
  }

  // --- passes -------------------------------------------------------------------------------

  @Test
  void aPass_isAnsweredOnceItsLogEntryIsDurable_andALogThatCannotTakeItAnswers503()
      throws Exception {
    Response issued = issue(signIn(randomKey()));
    issued.then().statusCode(200);
    JsonNode logged = JSON.readTree(issued.asString()).get("data").get("signed").get("log");
    assertThat(LogStall.committedOfKind(pool, logged.get("index").asLong(), "pass")).isTrue();

    JsonNode signed = signIn(randomKey());
    LogStall.during(
        pool,
        () -> {
          Response refused = issue(signed);
          assertThat(refused.statusCode()).as(refused.asString()).isEqualTo(503);
          assertThat(refused.header("Retry-After")).isEqualTo("1");
          assertThat(refused.asString()).contains("transparency log");
        });
  }

  @Test
  void aSignedInWallet_getsAPassTheSdkVerifies_renewsIt_andANonceWorksOnce() throws Exception {
    String key = randomKey();
    JsonNode signed = signIn(key);
    Response issued = issue(signed);
    issued
        .then()
        .statusCode(200)
        .body("data.wallet", equalTo(signed.get("address").asText()))
        .body("data.code", startsWith("P1."))
        .body("data.signed.kid", equalTo("service-pass-v2"))
        .body("data.signed.pqKid", equalTo("service-pass-pq1"))
        .body("data.renewal", startsWith("wsr_"));
    String jwks = given().get("/v1/jwks").then().statusCode(200).extract().asString();
    AttestationVerifier verifier = AttestationVerifier.builder(KeySet.parse(jwks)).build();
    String signedPass = JSON.readTree(issued.asString()).get("data").get("signed").toString();
    VerifiedPass pass = verifier.verifyPass(signedPass);
    assertThat(pass.wallet()).isEqualTo(signed.get("address").asText());
    assertThat(pass.report().pq().status()).isEqualTo(PqStatus.VERIFIED);
    assertThat(verifier.verifyPass(issued.path("data.code").toString()).wallet())
        .isEqualTo(pass.wallet());
    assertThat(pass.expiresAt()).isEqualTo(pass.issuedAt().plusSeconds(65));

    issue(signed)
        .then()
        .statusCode(401)
        .body("error.message", containsString("the nonce was used before"));
    String renewal = issued.path("data.renewal");
    as(null)
        .body(Map.of("renewal", renewal))
        .post("/v1/pass")
        .then()
        .statusCode(200)
        .body("data.wallet", equalTo(pass.wallet()))
        .body("data.renewal", equalTo(renewal));
    as(null)
        .body(Map.of("renewal", "wsr_unknown"))
        .post("/v1/pass")
        .then()
        .statusCode(401)
        .body("error.message", containsString("sign in again"));
    ObjectNode otherDomain = (ObjectNode) signIn(key);
    as(null)
        .body(
            Map.of(
                "message",
                otherDomain.get("message").asText().replace("localhost wants", "evil.test wants"),
                "signature",
                otherDomain.get("signature").asText()))
        .post("/v1/pass")
        .then()
        .statusCode(401);
    as(null).body(Map.of("message", "hi")).post("/v1/pass").then().statusCode(400);
    as(null)
        .body(Map.of("renewal", renewal, "message", "x", "signature", "0x00"))
        .post("/v1/pass")
        .then()
        .statusCode(400);
  }

  @Test
  void aScan_recognizesTheWallet_withItsDiscountReadOnChain_andChargesOneCredit() {
    Owner owner = owner(5);
    String id = store(owner);
    addScanner(owner.key(), id, "2468").then().statusCode(200);
    String session = session(id, "2468");
    Customer gold = customer(150);
    verify(session, Map.of("code", gold.code()))
        .then()
        .statusCode(200)
        .body("data.recognized", equalTo(true))
        .body("data.paused", equalTo(false))
        .body("data.discount", equalTo(10))
        .body("data.tier", equalTo("Gold"))
        .body("data.wallet", equalTo(gold.address()))
        .body("data.earned[0].source", equalTo("USDC"))
        .body("meta.creditsCharged", equalTo(1))
        .body("meta.creditsRemaining", equalTo(4));
    assertThat(balance(owner)).isEqualTo(4);
    // a replay within the 65 seconds is allowed and is a scan like any other
    verify(session, Map.of("code", gold.code()))
        .then()
        .statusCode(200)
        .body("data.discount", equalTo(10))
        .body("meta.creditsCharged", equalTo(1));
    assertThat(balance(owner)).isEqualTo(3);
    // the owner key checks too, naming the store
    verify(null, Map.of("code", gold.code(), "merchantId", id)).then().statusCode(401);
    given()
        .contentType(ContentType.JSON)
        .header("X-API-Key", owner.key())
        .body(Map.of("code", gold.code(), "merchantId", id))
        .post("/v1/pass/verify")
        .then()
        .statusCode(200)
        .body("data.tier", equalTo("Gold"));
    assertThat(balance(owner)).isEqualTo(2);
    // a wallet that earns nothing is recognized and free
    Customer none = customer(0);
    verify(session, Map.of("code", none.code()))
        .then()
        .statusCode(200)
        .body("data.recognized", equalTo(true))
        .body("data.discount", equalTo(0))
        .body("data.tier", nullValue())
        .body("meta.creditsCharged", equalTo(0));
    assertThat(balance(owner)).isEqualTo(2);
  }

  @Test
  void staleForgedPausedAndUnreadable_areNeverCharged() {
    Owner owner = owner(3);
    String id = store(owner);
    addScanner(owner.key(), id, "1357").then().statusCode(200);
    String session = session(id, "1357");
    Customer gold = customer(150);

    PassSigning past =
        new PassSigning(
            new DualAttestationSigner(
                signingKeys, URI.create("http://localhost"), StatementLog.NONE),
            signingKeys,
            Clock.fixed(Instant.now().minusSeconds(70), ZoneOffset.UTC));
    String stale =
        past.sign(new InStorePass(EvmAddress.of(gold.address()), Instant.now().minusSeconds(70)))
            .code();
    verify(session, Map.of("code", stale))
        .then()
        .statusCode(200)
        .body("data.recognized", equalTo(false))
        .body("data.reason", equalTo("stale"))
        .body("data.discount", equalTo(0))
        .body("data.wallet", equalTo(gold.address()))
        .body("meta.creditsCharged", equalTo(0));

    String[] parts = gold.code().split("\\.");
    String forged = parts[0] + "." + parts[1] + "." + flip(parts[2]);
    verify(session, Map.of("code", forged))
        .then()
        .statusCode(200)
        .body("data.recognized", equalTo(false))
        .body("data.reason", equalTo("invalid_signature"))
        .body("data.discount", equalTo(0))
        .body("data.wallet", nullValue())
        .body("meta.creditsCharged", equalTo(0));
    verify(session, Map.of("code", "hello")).then().statusCode(400);
    verify(session, Map.of("code", 12)).then().statusCode(400);
    verify(session, Map.of("code", gold.code(), "extra", 1)).then().statusCode(400);

    DevnetTestResource.chain8453().install(Rule.of(Match.method("eth_call"), Fault.status(502)));
    verify(session, Map.of("code", gold.code()))
        .then()
        .statusCode(503)
        .body("error.code", equalTo("rpc_failure"));
    DevnetTestResource.chain8453().reset();

    as(owner.key())
        .body(Map.of("paused", true))
        .put("/v1/merchants/" + id + "/settings")
        .then()
        .statusCode(200);
    verify(session, Map.of("code", gold.code()))
        .then()
        .statusCode(200)
        .body("data.recognized", equalTo(false))
        .body("data.paused", equalTo(true))
        .body("data.reason", equalTo("paused"))
        .body("data.discount", equalTo(0))
        .body("meta.creditsCharged", equalTo(0));
    assertThat(balance(owner)).isEqualTo(3);
  }

  @Test
  void whoMayVerify_andWithWhatCredit() {
    Owner owner = owner(0);
    String id = store(owner);
    addScanner(owner.key(), id, "8642").then().statusCode(200);
    String session = session(id, "8642");
    Customer gold = customer(150);
    verify(session, Map.of("code", gold.code()))
        .then()
        .statusCode(402)
        .body("error.message", containsString("Nothing was charged"));
    verify(session, Map.of("code", gold.code(), "merchantId", "another-store"))
        .then()
        .statusCode(403);
    verify("wss_nope", Map.of("code", gold.code())).then().statusCode(401);
    given()
        .contentType(ContentType.JSON)
        .header("X-Scanner-Session", session)
        .header("X-API-Key", owner.key())
        .body(Map.of("code", gold.code()))
        .post("/v1/pass/verify")
        .then()
        .statusCode(400);
    given()
        .contentType(ContentType.JSON)
        .header("X-API-Key", owner.key())
        .body(Map.of("code", gold.code()))
        .post("/v1/pass/verify")
        .then()
        .statusCode(400)
        .body("error.message", containsString("merchantId is required"));
    Owner stranger = owner(10);
    given()
        .contentType(ContentType.JSON)
        .header("X-API-Key", stranger.key())
        .body(Map.of("code", gold.code(), "merchantId", id))
        .post("/v1/pass/verify")
        .then()
        .statusCode(403);
    given()
        .contentType(ContentType.JSON)
        .header("X-API-Key", stranger.key())
        .body(Map.of("code", gold.code(), "merchantId", "no-such-store-9"))
        .post("/v1/pass/verify")
        .then()
        .statusCode(404);
    assertThat(balance(stranger)).isEqualTo(10);
  }

  @Test
  void theSharedRefusals_holdOnEveryPointOfSaleEndpoint() {
    Owner owner = owner(10);
    String id = store(owner);
    String big = "{\"pin\":\"" + "1".repeat(140_000) + "\"}";
    for (String path :
        List.of(
            "/v1/merchants/" + id + "/scanners",
            "/v1/scanner/session",
            "/v1/pass",
            "/v1/pass/verify")) {
      given()
          .header("X-API-Key", owner.key())
          .contentType(ContentType.TEXT)
          .body("pin=1234")
          .post(path)
          .then()
          .statusCode(415)
          .body("ok", equalTo(false));
      as(owner.key()).body(big).post(path).then().statusCode(413).body("ok", equalTo(false));
      as(owner.key()).body("{\"a\":1,\"a\":2}").post(path).then().statusCode(400);
      as(owner.key()).body("[1]").post(path).then().statusCode(400);
      Response delete = as(owner.key()).delete(path);
      assertThat(delete.statusCode()).as("DELETE " + path).isEqualTo(405);
      assertThat(delete.header("Allow")).as("DELETE " + path).contains("POST");
    }
    assertThat(balance(owner)).isEqualTo(10);
  }

  static String flip(String base64url) {
    char c = base64url.charAt(10);
    return base64url.substring(0, 10) + (c == 'A' ? 'B' : 'A') + base64url.substring(11);
  }
}
