package org.walletstate.adapters.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.LogStall;
import org.walletstate.adapters.http.testbed.NodeChecks;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.Verifier;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.Rule;
import org.walletstate.verifier.DiscountVerificationReport;
import org.walletstate.verifier.VerifiedDiscount;

/**
 * Token-holder discounts end to end against the devnet (dUSD, dETH, dNFT and USDC on chains 1, 8453
 * and 10) and real PostgreSQL: modes, alsoOn sums, unproven limits, walletProof, charging and its
 * refusals, codes and their states (payment confirm: {@link PaymentConfirmTest}), the published ACP
 * and UCP schemas, and the SDK's verification of every signed block.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class DiscountsTest {

  static final ObjectMapper JSON = new ObjectMapper();
  static final DevnetManifest M = Devnet.shared().manifest();
  static final String HOLDER = M.wallet("holder").address();
  static final String EMPTY = M.wallet("empty").address();

  @Inject Pool pool;

  @AfterEach
  void heal() {
    DevnetTestResource.chain8453().reset();
  }

  // --- fixtures --------------------------------------------------------------------------------

  static String freeKey() {
    return given()
        .contentType(ContentType.JSON)
        .body(Map.of("email", "d-" + UUID.randomUUID() + "@example.org", "appName", "shop"))
        .post("/v1/keys/create")
        .then()
        .statusCode(200)
        .extract()
        .path("key");
  }

  static String token(String symbol, long chain, String contract, String tiers, String alsoOn) {
    return "{\"symbol\":\""
        + symbol
        + "\",\"chainId\":"
        + chain
        + ",\"contractAddress\":\""
        + contract
        + "\",\"decimals\":6,\"tiers\":"
        + tiers
        + (alsoOn == null ? "" : ",\"alsoOn\":" + alsoOn)
        + "}";
  }

  static final String USD_TIERS =
      "[{\"name\":\"Bronze\",\"threshold\":\"1000\",\"discount\":5},"
          + "{\"name\":\"Silver\",\"threshold\":\"3000\",\"discount\":10},"
          + "{\"name\":\"Gold\",\"threshold\":\"4500\",\"discount\":15}]";

  static String usdOnAllChains() {
    return token(
        "dUSD",
        8453,
        M.chain(8453).address("token6"),
        USD_TIERS,
        "[{\"chainId\":1,\"contractAddress\":\""
            + M.chain(1).address("token6")
            + "\"},{\"chainId\":10,\"contractAddress\":\""
            + M.chain(10).address("token6")
            + "\"}]");
  }

  /** A store owned by {@code key}: dUSD on 8453 with alsoOn 1 and 10; partner dETH; dNFT. */
  static String store(String key, String settings) {
    String id = "d-" + UUID.randomUUID().toString().substring(0, 10);
    MerchantsTest.as(key)
        .body(Map.of("companyName", "Disc " + id, "companyId", id))
        .post("/v1/merchants")
        .then()
        .statusCode(200);
    String partner =
        "{\"symbol\":\"dETH\",\"chainId\":10,\"contractAddress\":\""
            + M.chain(10).address("token18")
            + "\",\"decimals\":18,\"tiers\":[{\"name\":\"Any\",\"threshold\":\"2\",\"discount\":8}]}";
    put(
        key,
        id,
        "tokens",
        "{\"ownToken\":" + usdOnAllChains() + ",\"partnerTokens\":[" + partner + "]}");
    put(
        key,
        id,
        "nfts",
        "{\"nftCollections\":[{\"name\":\"Dev Pass\",\"chainId\":8453,\"contractAddress\":\""
            + M.chain(8453).address("nft")
            + "\",\"discount\":20},{\"name\":\"Dev Club\",\"chainId\":1,\"contractAddress\":\""
            + M.chain(1).address("nft")
            + "\",\"benefitType\":\"recognition\"}]}");
    if (settings != null) {
      put(key, id, "settings", settings);
    }
    return id;
  }

  static void put(String key, String id, String what, String body) {
    MerchantsTest.as(key).body(body).put("/v1/merchants/" + id + "/" + what).then().statusCode(200);
  }

  static Response post(String key, String path, Map<String, Object> body) {
    return MerchantsTest.as(key).body(body).post(path);
  }

  static Map<String, Object> body(String merchant, String wallet) {
    Map<String, Object> b = new HashMap<>();
    b.put("merchantId", merchant);
    b.put("wallet", wallet);
    return b;
  }

  long keyId(String key) {
    return one(
            "select id from api_key where key_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')",
            key)
        .getLong("id");
  }

  Row one(String sql, Object... args) {
    return one(pool, sql, args);
  }

  static Row one(Pool pool, String sql, Object... args) {
    return pool.preparedQuery(sql)
        .execute(Tuple.from(args))
        .await()
        .atMost(Duration.ofSeconds(30))
        .iterator()
        .next();
  }

  long codes(String merchant) {
    return one("select count(*) as n from discount_code where merchant_id = $1", merchant)
        .getLong("n");
  }

  void ledgerBalances(String key) {
    Row row =
        one(
            "select k.credits, (select coalesce(sum(amount), 0) from credit_entry"
                + " where api_key_id = k.id) as total from api_key k where k.id = $1",
            keyId(key));
    assertThat(row.getLong("total")).isEqualTo(row.getLong("credits"));
  }

  static VerifiedDiscount sdk(String response) throws Exception {
    return Verifier.fromServedKeys().verifyDiscount(response);
  }

  static JsonNode signProof(String privateKey, String merchant, Instant issuedAt, String nonce) {
    return signProof(privateKey, merchant, issuedAt, nonce, serviceHost());
  }

  /** The host and port of {@code walletstate.public-base-url}: the service's proof domain. */
  static String serviceHost() {
    java.net.URI uri =
        java.net.URI.create(
            ConfigProvider.getConfig().getValue("walletstate.public-base-url", String.class));
    return uri.getHost() + (uri.getPort() > 0 ? ":" + uri.getPort() : "");
  }

  /** A proof for {@code merchant} whose EIP-4361 domain is {@code domain}. */
  static JsonNode signProof(
      String privateKey, String merchant, Instant issuedAt, String nonce, String domain) {
    String base = ConfigProvider.getConfig().getValue("walletstate.public-base-url", String.class);
    ObjectNode request = JSON.createObjectNode();
    request.put("privateKey", privateKey);
    request.put("domain", domain);
    request.put("uri", base + "/v1/merchants/" + merchant);
    request.put("chainId", 8453);
    request.put("nonce", nonce);
    request.put("issuedAt", issuedAt.toString());
    return Devnet.shared().siweSigner().sign(request);
  }

  static Map<String, Object> proof(JsonNode signed) {
    return Map.of(
        "message", signed.get("message").asText(), "signature", signed.get("signature").asText());
  }

  static String nonce() {
    return UUID.randomUUID().toString().replace("-", "");
  }

  // --- verify: holdings, alsoOn, modes ---------------------------------------------------------

  @Test
  void verify_sumsAlsoOnExactly_takesOneCreditFromTheOwner_andSignsAVerifiableBlock()
      throws Exception {
    String key = freeKey();
    String id = store(key, null);
    Response r = post(key, "/v1/verify", body(id, HOLDER));
    r.then()
        .statusCode(200)
        .body("data.verified", equalTo(true))
        // 1500.25 dUSD on each of 8453, 1 and 10 = 4500.75: Gold; dETH 2.5: 8; dNFT: 20; highest
        .body("data.discountPercent", equalTo(20))
        .body("data.recognized[0]", equalTo("Dev Club"))
        .body("data.walletProven", equalTo(false))
        .body("meta.creditsCharged", equalTo(1))
        .body("meta.creditsRemaining", equalTo(9))
        .body("data.verification.kid", equalTo("service-discount-v2"))
        .body("data.verification.pqKid", equalTo("service-discount-pq1"));
    JsonNode data = JSON.readTree(r.asString()).get("data");
    List<String> tiers = new ArrayList<>();
    data.get("breakdown")
        .forEach(b -> tiers.add(b.get("symbol").asText() + ":" + b.get("tier").asText()));
    assertThat(tiers).containsExactly("dUSD:Gold", "dETH:Any", "Dev Pass:NFT");
    String code = data.get("code").asText();
    assertThat(code).matches("SVC-[2-9A-HJ-NP-Z]{5}");

    VerifiedDiscount verified = sdk(r.asString());
    assertThat(verified.code()).isEqualTo(code);
    assertThat(verified.discountPercent()).isEqualTo(20);
    assertThat(verified.merchantId()).isEqualTo(id);
    assertThat(verified.verified()).isTrue();

    // a tampered block fails the SDK
    String tampered = r.asString().replace("\"discountPercent\":20", "\"discountPercent\":50");
    DiscountVerificationReport report = Verifier.fromServedKeys().reportDiscount(tampered);
    assertThat(report.valid()).isFalse();

    given()
        .get("/v1/codes/" + code)
        .then()
        .statusCode(200)
        .body("data.valid", equalTo(true))
        .body("data.merchantId", equalTo(id))
        .body("data.discountPercent", equalTo(20))
        .body("data.walletProven", equalTo(false));
    assertThat(
            one("select credit_entry_id from discount_code where code = $1", code)
                .getLong("credit_entry_id"))
        .isNotNull();
    ledgerBalances(key);
  }

  @Test
  void aVerification_isAnsweredOnceLogged_andALogThatCannotTakeItStoresAndChargesNothing()
      throws Exception {
    String key = freeKey();
    String id = store(key, null);
    Response r = post(key, "/v1/verify", body(id, HOLDER));
    r.then().statusCode(200).body("meta.creditsCharged", equalTo(1));
    JsonNode logged = JSON.readTree(r.asString()).get("data").get("verification").get("log");
    assertThat(LogStall.committedOfKind(pool, logged.get("index").asLong(), "discount")).isTrue();
    assertThat(codes(id)).isOne();
    long credits = one("select credits from api_key where id = $1", keyId(key)).getLong("credits");
    long entries = entries(key);

    String other = store(key, null);
    LogStall.during(
        pool,
        () -> {
          Response refused = post(key, "/v1/verify", body(other, HOLDER));
          assertThat(refused.statusCode()).as(refused.asString()).isEqualTo(503);
          assertThat(refused.asString())
              .contains("could not be signed and logged")
              .contains("no code was created and no credit used");
        });
    // the code is stored (and its credit taken) only once the entry is durable: neither happened
    assertThat(codes(other)).isZero();
    assertThat(one("select credits from api_key where id = $1", keyId(key)).getLong("credits"))
        .isEqualTo(credits);
    assertThat(entries(key)).isEqualTo(entries);
    ledgerBalances(key);
  }

  long entries(String key) {
    return one("select count(*) as n from credit_entry where api_key_id = $1", keyId(key))
        .getLong("n");
  }

  @Test
  void modes_stackAndCapped() {
    String key = freeKey();
    String stack = store(key, "{\"discountMode\":\"stack\"}");
    post(key, "/v1/verify", body(stack, HOLDER))
        .then()
        .statusCode(200)
        .body("data.discountPercent", equalTo(15 + 8 + 20));
    String capped = store(key, "{\"discountMode\":\"capped\",\"discountCap\":30}");
    post(key, "/v1/verify", body(capped, HOLDER))
        .then()
        .statusCode(200)
        .body("data.discountPercent", equalTo(30));
  }

  @Test
  void nothingQualifies_isFree_stillSignedWithVerifiedFalse() throws Exception {
    String key = freeKey();
    String id = store(key, null);
    Response r = post(key, "/v1/acp/discount", withItems(body(id, EMPTY)));
    r.then()
        .statusCode(200)
        .body("data.discounts.codes.size()", equalTo(0))
        .body("data.discounts.applied.size()", equalTo(0))
        .body("data.discounts.rejected.size()", equalTo(0))
        .body("meta.creditsCharged", equalTo(0))
        .body("meta.creditsRemaining", equalTo(10));
    VerifiedDiscount v = sdk(r.asString());
    assertThat(v.verified()).isFalse();
    assertThat(v.discountPercent()).isZero();
    schemaValid("acp", r.asString());
    given()
        .get("/v1/codes/" + v.code())
        .then()
        .body("data.valid", equalTo(true))
        .body("data.discountPercent", equalTo(0));
  }

  // --- ACP / UCP shapes ------------------------------------------------------------------------

  static Map<String, Object> withItems(Map<String, Object> b) {
    b.put(
        "items",
        List.of(
            Map.of("path", "$.line_items[0]", "amount", 1899.9),
            Map.of("path", "$.line_items[1]", "amount", 2801)));
    b.put("subtotal", 1);
    return b;
  }

  @Test
  void acp_allocatesPerItemTruncated_andValidatesAgainstThePublishedSchema() throws Exception {
    String key = freeKey();
    String id = store(key, null);
    Response r = post(key, "/v1/acp/discount", withItems(body(id, HOLDER)));
    // 20% of 1899 (fraction truncated) = 379.8 -> 379; of 2801 = 560.2 -> 560; subtotal ignored
    r.then()
        .statusCode(200)
        .body("data.protocol", equalTo("acp"))
        .body("data.version", equalTo("2026-04-17"))
        .body("data.discounts.applied[0].coupon.percent_off", equalTo(20))
        .body("data.discounts.applied[0].amount", equalTo(939))
        .body("data.discounts.applied[0].method", equalTo("each"))
        .body("data.discounts.applied[0].automatic", equalTo(true))
        .body("data.discounts.applied[0].allocations[0].amount", equalTo(379))
        .body("data.discounts.applied[0].allocations[1].amount", equalTo(560))
        .body("data.verification.breakdown.size()", equalTo(3));
    schemaValid("acp", r.asString());
    assertThat(sdk(r.asString()).discountPercent()).isEqualTo(20);

    // no order: applied is empty, the discount is in the verification
    Response bare = post(key, "/v1/acp/discount", body(id, HOLDER));
    bare.then().statusCode(200).body("data.discounts.applied.size()", equalTo(0));
    assertThat(sdk(bare.asString()).discountPercent()).isEqualTo(20);
    schemaValid("acp", bare.asString());
  }

  @Test
  void ucp_hasItsExtensionAndNoBreakdown_andValidatesAgainstThePublishedSchema() throws Exception {
    String key = freeKey();
    String id = store(key, null);
    Map<String, Object> b = body(id, HOLDER);
    b.put("subtotal", 4600.99);
    Response r = post(key, "/v1/ucp/discount", b);
    r.then()
        .statusCode(200)
        .body("data.protocol", equalTo("ucp"))
        .body("data.version", equalTo("2026-08-25"))
        .body("data.extension", equalTo("dev.ucp.shopping.discount"))
        .body("data.discounts.applied[0].title", containsString("20% off"))
        .body("data.discounts.applied[0].amount", equalTo(920))
        .body("data.discounts.applied[0].method", equalTo("across"))
        .body("data.verification.breakdown", equalTo(null))
        .body("data.discounts.rejected", equalTo(null));
    schemaValid("ucp", r.asString());
    assertThat(sdk(r.asString()).discountPercent()).isEqualTo(20);
  }

  static void schemaValid(String protocol, String response) throws Exception {
    JsonNode out = NodeChecks.run("validate-discount-schemas.mjs", response, protocol);
    assertThat(out.get("valid").asBoolean()).as(out.toString()).isTrue();
  }

  // --- unproven limits and walletProof ---------------------------------------------------------

  @Test
  void unprovenCap_lowersTheDiscount_andAProofLiftsIt() throws Exception {
    String key = freeKey();
    String id = store(key, "{\"maxUnprovenDiscount\":5}");
    given()
        .get("/v1/discount/check?merchant=" + id + "&wallet=" + HOLDER)
        .then()
        .statusCode(200)
        .body("data.discountPercent", equalTo(5))
        .body("data.discountIfProven", equalTo(20))
        .body("data.walletProven", equalTo(false));
    assertThat(codes(id)).isZero();

    post(key, "/v1/verify", body(id, HOLDER))
        .then()
        .statusCode(200)
        .body("data.discountPercent", equalTo(5))
        .body("data.discountIfProven", equalTo(20))
        .body("data.verification.discountIfProven", equalTo(20));

    String holderKey = M.wallet("holder").privateKey().orElseThrow();
    Map<String, Object> proven = body(id, HOLDER);
    String n = nonce();
    proven.put("walletProof", proof(signProof(holderKey, id, Instant.now(), n)));
    Response r = post(key, "/v1/verify", proven);
    r.then()
        .statusCode(200)
        .body("data.discountPercent", equalTo(20))
        .body("data.walletProven", equalTo(true))
        .body("data.discountIfProven", equalTo(null));
    assertThat(sdk(r.asString()).walletProven()).isTrue();

    // the nonce is spent: the same proof again is 401, nothing charged
    long before = Ledgerless.balance(this, key);
    post(key, "/v1/verify", proven)
        .then()
        .statusCode(401)
        .body("error.message", containsString("nonce"));
    assertThat(Ledgerless.balance(this, key)).isEqualTo(before);
  }

  /** Balance reads without the ledger helper's pool handling. */
  static final class Ledgerless {
    static long balance(DiscountsTest t, String key) {
      return t.one("select credits from api_key where id = $1", t.keyId(key)).getLong("credits");
    }
  }

  @Test
  void walletProofFailures_are400or401_andUseNoCredit() {
    String key = freeKey();
    String id = store(key, null);
    String holderKey = M.wallet("holder").privateKey().orElseThrow();

    Map<String, Object> malformed = body(id, HOLDER);
    malformed.put("walletProof", Map.of("message", 1));
    post(key, "/v1/verify", malformed).then().statusCode(400);

    Map<String, Object> nonEvm = new HashMap<>();
    nonEvm.put("merchantId", id);
    nonEvm.put("solanaWallet", "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM");
    nonEvm.put("walletProof", Map.of("message", "m", "signature", "s"));
    post(key, "/v1/verify", nonEvm)
        .then()
        .statusCode(400)
        .body("error.message", containsString("EVM only"));

    Map<String, Object> old = body(id, HOLDER);
    old.put(
        "walletProof", proof(signProof(holderKey, id, Instant.now().minusSeconds(600), nonce())));
    post(key, "/v1/verify", old).then().statusCode(401);

    Map<String, Object> otherStore = body(id, HOLDER);
    otherStore.put(
        "walletProof", proof(signProof(holderKey, "other-store", Instant.now(), nonce())));
    post(key, "/v1/verify", otherStore)
        .then()
        .statusCode(401)
        .body("error.message", containsString("URI"));

    Map<String, Object> otherWallet = body(id, EMPTY);
    otherWallet.put("walletProof", proof(signProof(holderKey, id, Instant.now(), nonce())));
    post(key, "/v1/verify", otherWallet).then().statusCode(401);

    assertThat(Ledgerless.balance(this, key)).isEqualTo(10);
    assertThat(codes(id)).isZero();
  }

  @Test
  void perWalletDailyLimit_countsTheUtcDay_only() {
    String key = freeKey();
    String id = store(key, "{\"maxDiscountsPerWalletPerDay\":2}");
    post(key, "/v1/verify", body(id, HOLDER)).then().statusCode(200);
    post(key, "/v1/verify", body(id, HOLDER)).then().statusCode(200);
    post(key, "/v1/verify", body(id, HOLDER))
        .then()
        .statusCode(429)
        .header("Retry-After", org.hamcrest.Matchers.notNullValue())
        .body("error.message", containsString("00:00 UTC"));
    assertThat(codes(id)).isEqualTo(2);
    assertThat(Ledgerless.balance(this, key)).isEqualTo(8);
    // the wallet with no holdings gets a 0% code: not a discount, not limited
    post(key, "/v1/verify", body(id, EMPTY)).then().statusCode(200);
    // yesterday's codes do not count: move the two codes before 00:00 UTC today
    pool.preparedQuery(
            "update discount_code set created_at = date_trunc('day', now() at time zone 'utc')"
                + " at time zone 'utc' - interval '1 second', expires_at = date_trunc('day', now()"
                + " at time zone 'utc') at time zone 'utc' + interval '29 minutes'"
                + " where merchant_id = $1 and discount_percent > 0")
        .execute(Tuple.of(id))
        .await()
        .atMost(Duration.ofSeconds(30));
    post(key, "/v1/verify", body(id, HOLDER)).then().statusCode(200);
  }

  // --- charging and its refusals ---------------------------------------------------------------

  @Test
  void pausedStore_is409_andNothingIsReadOrStored() {
    String key = freeKey();
    String id = store(key, "{\"paused\":true}");
    post(key, "/v1/verify", body(id, HOLDER)).then().statusCode(409);
    post(key, "/v1/acp/discount", body(id, HOLDER)).then().statusCode(409);
    post(key, "/v1/ucp/discount", body(id, HOLDER)).then().statusCode(409);
    given().get("/v1/discount/check?merchant=" + id + "&wallet=" + HOLDER).then().statusCode(409);
    assertThat(codes(id)).isZero();
    assertThat(Ledgerless.balance(this, key)).isEqualTo(10);
  }

  @Test
  void ownerWithoutCredits_is402_butAZeroResultIsStillFree() {
    String key = freeKey();
    String id = store(key, null);
    for (int i = 0; i < 10; i++) {
      post(key, "/v1/verify", body(id, HOLDER)).then().statusCode(200);
    }
    post(key, "/v1/verify", body(id, HOLDER))
        .then()
        .statusCode(402)
        .body("error.message", containsString("Insufficient credits"));
    assertThat(codes(id)).isEqualTo(10);
    post(key, "/v1/verify", body(id, EMPTY))
        .then()
        .statusCode(200)
        .body("meta.creditsCharged", equalTo(0));
    ledgerBalances(key);
  }

  @Test
  void anotherKey_isNotCharged_theOwnerPays_andTheHourlyLimitHolds() {
    String owner = freeKey();
    String id = store(owner, null);
    String other = freeKey();
    post(other, "/v1/verify", body(id, HOLDER))
        .then()
        .statusCode(200)
        .body("meta.creditsCharged", equalTo(0))
        .body("meta.creditsRemaining", equalTo(10));
    assertThat(Ledgerless.balance(this, owner)).isEqualTo(9);
    // 20 paid codes per hour per non-owner key: backdate nothing, fill the hour in the database
    pool.preparedQuery(
            "insert into discount_code (code, merchant_id, owner_key_id, caller_key_id,"
                + " discount_percent, wallet_proven, wallet_evm, fingerprint, signed, created_at,"
                + " expires_at) select 'SVC-' || lpad(translate(upper(to_hex(g + $4)), '01', 'XY'), 5, 'A'), $1, $2, $3,"
                + " 20, false, 'evm:x', 'f' || g, '{}', now(), now() + interval '30 minutes'"
                + " from generate_series(1, 19) g")
        .execute(Tuple.of(id, keyId(owner), keyId(other), (int) (Math.random() * 1000) * 100))
        .await()
        .atMost(Duration.ofSeconds(30));
    post(other, "/v1/verify", body(id, HOLDER))
        .then()
        .statusCode(429)
        .body("error.message", containsString("per hour"));
    // the owner is not held to it
    post(owner, "/v1/verify", body(id, HOLDER)).then().statusCode(200);
  }

  @Test
  void disabledOwnerKey_is403() {
    String owner = freeKey();
    String id = store(owner, null);
    String other = freeKey();
    pool.preparedQuery("update api_key set disabled_at = now() where id = $1")
        .execute(Tuple.of(keyId(owner)))
        .await()
        .atMost(Duration.ofSeconds(30));
    post(other, "/v1/verify", body(id, HOLDER))
        .then()
        .statusCode(403)
        .body("error.message", containsString("no active owner key"));
    assertThat(codes(id)).isZero();
    // and the disabled key itself is refused like an unknown one
    post(owner, "/v1/verify", body(id, HOLDER)).then().statusCode(401);
  }

  @Test
  void unknownMerchant_is404_andBadBodies_are400() {
    String key = freeKey();
    post(key, "/v1/verify", body("no-such-store", HOLDER)).then().statusCode(404);
    post(key, "/v1/verify", Map.of("merchantId", "x-store")).then().statusCode(400);
    post(key, "/v1/verify", body("x-store", "0x123")).then().statusCode(400);
    Map<String, Object> items = body("x-store", HOLDER);
    items.put("items", List.of(Map.of("path", "$.a", "amount", -1)));
    post(key, "/v1/acp/discount", items).then().statusCode(400);
    post(null, "/v1/verify", body("x-store", HOLDER)).then().statusCode(401);
  }

  @Test
  void concurrentDoubleSubmits_storeOneCode_andTakeOneCredit() throws Exception {
    String key = freeKey();
    String id = store(key, null);
    // every submit is in flight before the first can store its code: the reads on 8453 are slow
    DevnetTestResource.chain8453()
        .install(Rule.of(Match.any(), Fault.delay(Duration.ofSeconds(2))));
    ExecutorService submitters = Executors.newFixedThreadPool(4);
    try {
      List<Future<Response>> calls = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        Callable<Response> c = () -> post(key, "/v1/verify", body(id, HOLDER));
        calls.add(submitters.submit(c));
      }
      List<String> seen = new ArrayList<>();
      long charged = 0;
      for (Future<Response> f : calls) {
        Response r = f.get(120, TimeUnit.SECONDS);
        assertThat(r.statusCode()).as(r.asString()).isEqualTo(200);
        seen.add(r.path("data.code"));
        charged += r.<Integer>path("meta.creditsCharged");
      }
      assertThat(seen.stream().distinct().count()).as("one code for every twin").isEqualTo(1);
      assertThat(charged).isEqualTo(1);
      assertThat(codes(id)).isEqualTo(1);
      assertThat(Ledgerless.balance(this, key)).isEqualTo(9);
      ledgerBalances(key);
    } finally {
      submitters.shutdownNow();
      DevnetTestResource.chain8453().reset();
    }
    // a submit that starts after the code was stored is a new verification
    post(key, "/v1/verify", body(id, HOLDER)).then().statusCode(200);
    assertThat(codes(id)).isEqualTo(2);
  }

  @Test
  void anIncompleteReadOnAnAlsoOnNetwork_is503_nothingChargedNoCode() {
    String key = freeKey();
    String id = store(key, null);
    DevnetTestResource.chain8453().install(Rule.of(Match.any(), Fault.status(502)));
    post(key, "/v1/verify", body(id, HOLDER))
        .then()
        .statusCode(503)
        .body("error.code", equalTo("rpc_failure"));
    given().get("/v1/discount/check?merchant=" + id + "&wallet=" + HOLDER).then().statusCode(503);
    assertThat(codes(id)).isZero();
    assertThat(Ledgerless.balance(this, key)).isEqualTo(10);
  }

  // --- codes and payment -----------------------------------------------------------------------

  @Test
  void codeStates_notFoundExpiredValid_alwaysTwoHundred() {
    given()
        .get("/v1/codes/SVC-22222")
        .then()
        .statusCode(200)
        .body("data.reason", equalTo("not_found"));
    given().get("/v1/codes/garbage!").then().statusCode(200).body("data.valid", equalTo(false));
    String key = freeKey();
    String id = store(key, null);
    String code =
        post(key, "/v1/verify", body(id, HOLDER))
            .then()
            .statusCode(200)
            .extract()
            .path("data.code");
    pool.preparedQuery(
            "update discount_code set created_at = now() - interval '31 minutes',"
                + " expires_at = now() - interval '1 minute' where code = $1")
        .execute(Tuple.of(code))
        .await()
        .atMost(Duration.ofSeconds(30));
    given()
        .get("/v1/codes/" + code.toLowerCase())
        .then()
        .statusCode(200)
        .body("data.valid", equalTo(false))
        .body("data.reason", equalTo("expired"))
        .body("data.code", equalTo(code));
  }
}
