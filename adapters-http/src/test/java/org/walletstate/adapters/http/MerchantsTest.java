package org.walletstate.adapters.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DomainWorld;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.domain.payload.KeyVersion;

/** The merchant endpoints on PostgreSQL through HTTP: onboarding, ownership, configuration. */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DomainWorld.class)
class MerchantsTest {

  static final String USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
  static final String USDC_ETH = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
  static final String USDC_SOL = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
  static final String XRPL_ISSUER = "rMwjYedjc7qqtKYVLiAccJSmCwih4LnE2q";

  @Inject Pool pool;

  String key() {
    return TestKeys.create(pool, 50, 1_000_000, KeyVersion.V2).secret();
  }

  String partnerKey() {
    TestKeys.TestKey key = TestKeys.create(pool, 50, 1_000_000, KeyVersion.V2);
    pool.preparedQuery("insert into partner_key (api_key_id, note) values ($1, 'test partner')")
        .execute(Tuple.of(key.id()))
        .await()
        .atMost(Duration.ofSeconds(30));
    return key.secret();
  }

  static String unique(String prefix) {
    return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
  }

  static RequestSpecification as(String key) {
    RequestSpecification r = given().contentType(ContentType.JSON);
    return key == null ? r : r.header("X-API-Key", key);
  }

  static String create(String key, String id) {
    as(key)
        .body(Map.of("companyName", "Shop " + id, "companyId", id, "location", "Lisbon"))
        .post("/v1/merchants")
        .then()
        .statusCode(200);
    return id;
  }

  static String token(String symbol, Object chainId, String contract, String extra) {
    String chain = chainId instanceof String s ? "\"" + s + "\"" : chainId.toString();
    return ("{'symbol':'"
            + symbol
            + "','chainId':"
            + chain
            + ",'contractAddress':'"
            + contract
            + "','decimals':6,'tiers':[{'name':'bronze','threshold':'10','discount':5},"
            + "{'name':'gold','threshold':'100','discount':'10.0'}]"
            + extra
            + "}")
        .replace('\'', '"');
  }

  static String json(String singleQuoted) {
    return singleQuoted.replace('\'', '"');
  }

  // --- onboarding
  // ---------------------------------------------------------------------------------

  @Test
  void create_answersTheSpecFields_andTheCreatingKeyOwnsTheMerchant() {
    String owner = key();
    String id = unique("acme");
    as(owner)
        .body(Map.of("companyName", "Acme " + id, "companyId", id, "location", "Berlin"))
        .post("/v1/merchants")
        .then()
        .statusCode(200)
        .body("ok", equalTo(true))
        .body("data.id", equalTo(id))
        .body("data.companyName", equalTo("Acme " + id))
        .body("data.credits", equalTo(50))
        .body("data.apiAccessEnabled", equalTo(true))
        .body("data.size()", equalTo(4));
    as(owner)
        .get("/v1/merchants/" + id + "/status")
        .then()
        .statusCode(200)
        .body("data.id", equalTo(id))
        .body("data.discountMode", equalTo("highest"))
        .body("data.discountCap", equalTo(100))
        .body("data.listedInDirectory", equalTo(false))
        .body("data.paused", equalTo(false))
        .body("data.pausedAt", nullValue())
        .body("data.verification.status", equalTo("unverified"))
        .body("data.walletTerms.provenWalletsUnlimited", equalTo(true));
    as(key())
        .get("/v1/merchants/" + id + "/status")
        .then()
        .statusCode(403)
        .body("error.code", equalTo(403))
        .body("error.message", containsString("does not own merchant " + id));
    as(null).get("/v1/merchants/" + id + "/status").then().statusCode(401);
    as("svc_live_" + "0".repeat(40))
        .get("/v1/merchants/" + id + "/status")
        .then()
        .statusCode(401)
        .body("error.message", equalTo("Invalid or missing API key."));
    as(null).body("{}").post("/v1/merchants").then().statusCode(401);
  }

  @Test
  void create_refusesBrokenBodies() {
    String owner = key();
    Map<String, String> cases =
        Map.of(
            "{'companyId':'ab'}", "companyName is required",
            "{'companyName':'a','companyId':'a'}", "companyId must be 2 to 50",
            "{'companyName':'a','companyId':'a/b'}", "companyId must be 2 to 50",
            "{'companyName':'a','companyId':'ab','location':7}", "location must be a string",
            "{'companyName':'a','companyId':'ab','allowDuplicateName':'yes'}", "allowDuplicateName",
            "[1]", "JSON object");
    cases.forEach(
        (body, message) ->
            as(owner)
                .body(json(body))
                .post("/v1/merchants")
                .then()
                .statusCode(400)
                .body("error.code", equalTo(400))
                .body("error.message", containsString(message)));
    as(owner)
        .body(Map.of("companyName", "n".repeat(101), "companyId", "abc"))
        .post("/v1/merchants")
        .then()
        .statusCode(400)
        .body("error.message", containsString("at most 100"));
  }

  @Test
  void duplicateName_is409UnlessAllowed_andCompanyIdIsUniqueRegardlessOfCase() {
    String owner = key();
    String id = unique("dup");
    create(owner, id);
    as(key())
        .body(
            Map.of("companyName", "  shop " + id.toUpperCase() + " ", "companyId", unique("other")))
        .post("/v1/merchants")
        .then()
        .statusCode(409)
        .body("error.message", containsString("allowDuplicateName"));
    as(owner)
        .body(
            Map.of(
                "companyName",
                "Shop " + id,
                "companyId",
                unique("other"),
                "allowDuplicateName",
                true))
        .post("/v1/merchants")
        .then()
        .statusCode(200);
    as(owner)
        .body(Map.of("companyName", unique("fresh"), "companyId", id.toUpperCase()))
        .post("/v1/merchants")
        .then()
        .statusCode(409)
        .body("error.message", containsString("is taken"));
  }

  @Test
  void aKeyOwnsAtMostTenMerchants_evenWhenItCreatesInParallel() throws Exception {
    String owner = key();
    List<Callable<Integer>> calls = new ArrayList<>();
    for (int i = 0; i < 14; i++) {
      String id = unique("lim" + i);
      calls.add(
          () ->
              as(owner)
                  .body(Map.of("companyName", id, "companyId", id))
                  .post("/v1/merchants")
                  .statusCode());
    }
    List<Integer> statuses = runAll(calls);
    assertThat(statuses.stream().filter(s -> s == 200)).hasSize(10);
    assertThat(statuses.stream().filter(s -> s == 429)).hasSize(4);
    Response limited =
        as(owner)
            .body(Map.of("companyName", unique("x"), "companyId", unique("x")))
            .post("/v1/merchants");
    assertThat(limited.statusCode()).isEqualTo(429);
    assertThat(limited.header("Retry-After")).isNotNull();
    assertThat(limited.jsonPath().getString("error.message")).contains("owns 10 merchants");
  }

  @Test
  void externalId_isAnIdempotentUpsertForPartnerKeysOnly() {
    as(key())
        .body(Map.of("companyName", unique("n"), "companyId", unique("e"), "externalId", "ext-1"))
        .post("/v1/merchants")
        .then()
        .statusCode(403)
        .body("error.message", containsString("partner-enabled"));
    String partner = partnerKey();
    String id = unique("ext");
    for (String name : List.of("First " + id, "Renamed " + id)) {
      as(partner)
          .body(Map.of("companyName", name, "companyId", id, "externalId", "store-42"))
          .post("/v1/merchants")
          .then()
          .statusCode(200)
          .body("data.id", equalTo(id))
          .body("data.companyName", equalTo(name));
    }
    as(partner)
        .get("/v1/merchants/" + id + "/status")
        .then()
        .body("data.companyName", equalTo("Renamed " + id));
    as(partner)
        .body(
            Map.of(
                "companyName", unique("n"), "companyId", unique("other"), "externalId", "store-42"))
        .post("/v1/merchants")
        .then()
        .statusCode(409)
        .body("error.message", containsString(id));
    long stored =
        pool.preparedQuery("select count(*) as n from merchant where external_id = 'store-42'")
            .execute()
            .await()
            .atMost(Duration.ofSeconds(30))
            .iterator()
            .next()
            .getLong("n");
    assertThat(stored).isEqualTo(1);
  }

  @Test
  void ownerEndpoints_answer401WithoutKey_404ForUnknown_403ForAnotherKey() {
    // a partner-enabled owner, so that PUT verification reaches the merchant lookup too
    String owner = partnerKey();
    String id = create(owner, unique("own"));
    String other = key();
    Map<String, String[]> endpoints =
        Map.of(
            "PUT /tokens", new String[] {"{\"ownToken\":null}"},
            "PUT /nfts", new String[] {"{\"nftCollections\":[]}"},
            "PUT /settings", new String[] {"{\"paused\":false}"},
            "POST /directory", new String[] {"{\"listed\":false}"},
            "POST /domain-verification", new String[] {"{\"domain\":\"shop.example.com\"}"},
            "PUT /domain-verification", new String[] {""},
            "PUT /verification", new String[] {"{\"domain\":\"shop.example.com\"}"},
            "GET /status", new String[] {""});
    endpoints.forEach(
        (endpoint, body) -> {
          String method = endpoint.substring(0, endpoint.indexOf(' '));
          String suffix = endpoint.substring(endpoint.indexOf(' ') + 1);
          assertThat(send(null, method, "/v1/merchants/" + id + suffix, body[0]).statusCode())
              .as(endpoint + " without key")
              .isEqualTo(401);
          Response unknown = send(owner, method, "/v1/merchants/nope-" + id + suffix, body[0]);
          assertThat(unknown.statusCode()).as(endpoint + " unknown").isEqualTo(404);
          assertThat(unknown.jsonPath().getString("error.message")).contains("Merchant not found");
          assertThat(send(other, method, "/v1/merchants/" + id + suffix, body[0]).statusCode())
              .as(endpoint + " another key")
              .isEqualTo(403);
        });
    as(null).get("/v1/merchants/nope-" + id).then().statusCode(404);
  }

  static Response send(String key, String method, String path, String body) {
    RequestSpecification r = as(key);
    if (!body.isEmpty()) {
      r = r.body(body);
    }
    return r.request(method, path);
  }

  // --- tokens and NFTs
  // ----------------------------------------------------------------------------

  @Test
  void tokens_answerExactlyTheSpecFields_andStatusShowsAlsoOn() {
    String owner = key();
    String id = create(owner, unique("tok"));
    String also =
        ",'alsoOn':[{'chainId':1,'contractAddress':'"
            + USDC_ETH
            + "'},"
            + "{'chainId':'solana','contractAddress':'"
            + USDC_SOL
            + "'}]";
    Response put =
        as(owner)
            .body(
                "{\"ownToken\":"
                    + token("USDC", 8453, USDC_BASE, also)
                    + ",\"partnerTokens\":["
                    + token("RLUSD", "xrpl", XRPL_ISSUER, ",'currency':'RLUSD'")
                    + ","
                    + json("{'symbol':'ETH','chainId':10,'contractAddress':'native','decimals':18}")
                    + "]}")
            .put("/v1/merchants/" + id + "/tokens");
    assertThat(put.statusCode()).isEqualTo(200);
    assertThat(put.jsonPath().getMap("data").keySet())
        .containsExactly("ownToken", "partnerTokens", "totalTokens", "maxTokens");
    assertThat(put.jsonPath().getMap("data.ownToken"))
        .isEqualTo(Map.of("symbol", "USDC", "tiersConfigured", 2));
    assertThat(put.jsonPath().getList("data.partnerTokens"))
        .isEqualTo(
            List.of(
                Map.of("symbol", "RLUSD", "tiersConfigured", 2),
                Map.of("symbol", "ETH", "tiersConfigured", 0)));
    assertThat(put.jsonPath().getInt("data.totalTokens")).isEqualTo(3);
    assertThat(put.jsonPath().getInt("data.maxTokens")).isEqualTo(8);
    as(owner)
        .get("/v1/merchants/" + id + "/status")
        .then()
        .body("data.ownToken.alsoOn.size()", equalTo(2))
        .body("data.ownToken.alsoOn[1].chainId", equalTo("solana"))
        .body("data.ownToken.tiers[1].discount", equalTo(10))
        .body("data.ownToken.tiers[1].threshold", equalTo("100"))
        .body("data.partnerTokens[0].currency", equalTo("RLUSD"));
    // unpublished, the store is not readable publicly (its owner reads /status)
    as(null)
        .get("/v1/merchants/" + id)
        .then()
        .statusCode(404)
        .body("error.message", equalTo("Merchant not found: " + id));
    given()
        .header("X-API-Key", owner)
        .post("/v1/merchants/" + id + "/directory")
        .then()
        .statusCode(200);
    as(null)
        .get("/v1/merchants/" + id)
        .then()
        .statusCode(200)
        .body("data.ownToken.symbol", equalTo("USDC"))
        .body("data.ownToken.alsoOn", nullValue())
        .body("data.credits", nullValue());
    // {enabled:false} switches the own token off: the public read leaves it out, status keeps it
    as(owner)
        .body("{\"ownToken\":{\"enabled\":false}}")
        .put("/v1/merchants/" + id + "/tokens")
        .then()
        .statusCode(200)
        .body("data.ownToken.symbol", equalTo("USDC"));
    as(null).get("/v1/merchants/" + id).then().body("data.ownToken", nullValue());
    as(owner)
        .get("/v1/merchants/" + id + "/status")
        .then()
        .body("data.ownToken.enabled", equalTo(false));
  }

  @Test
  void tokens_refuseEveryBrokenRuleWith400_andStoreNothing() {
    String owner = key();
    String id = create(owner, unique("bad"));
    StringBuilder nine = new StringBuilder("[");
    String[] evm = {"1", "56", "8453", "43114", "137", "42161", "10", "100", "5000"};
    for (int i = 0; i < 9; i++) {
      nine.append(i == 0 ? "" : ",").append(token("P" + i, evm[i], USDC_ETH, ""));
    }
    nine.append("]");
    Map<String, String> cases =
        Map.of(
            "{\"ownToken\":"
                + token("A", 1, USDC_ETH, "").replace("'10.0'", "10.5").replace("\"10.0\"", "10.5")
                + "}",
            "discount",
            "{\"partnerTokens\":" + nine + "}",
            "at most 8",
            "{\"ownToken\":" + token("A", "bitcoin", "native", "") + "}",
            "not allowed for merchant configuration",
            "{\"ownToken\":" + token("A", "solana", "0xdeadbeef", "") + "}",
            "ownToken.contractAddress",
            "{\"ownToken\":"
                + token("A", "xrpl", "rBadIssuer111111111111111111", ",'currency':'USD'")
                + "}",
            "ownToken.contractAddress",
            "{\"ownToken\":"
                + token(
                    "A",
                    8453,
                    USDC_BASE,
                    ",'alsoOn':[{'chainId':1,'contractAddress':'native'},{'chainId':1,'contractAddress':'"
                        + USDC_ETH
                        + "'}]")
                + "}",
            "listed twice",
            "{\"ownToken\":" + token("A", 8453, USDC_BASE, ",'enabled':'yes'") + "}",
            "enabled must be a boolean",
            "{\"ownToken\":"
                + json("{'symbol':'E','chainId':1,'contractAddress':'native','decimals':6}")
                + "}",
            "18 decimals",
            "{\"ownToken\":" + token("A", 1284, USDC_ETH, "") + "}",
            "retired",
            "{}",
            "send ownToken, partnerTokens or both");
    cases.forEach(
        (body, message) ->
            as(owner)
                .body(body)
                .put("/v1/merchants/" + id + "/tokens")
                .then()
                .statusCode(400)
                .body("error.message", containsString(message)));
    as(owner)
        .body(
            "{\"ownToken\":"
                + token(
                    "A",
                    8453,
                    USDC_BASE,
                    ",'alsoOn':[{'chainId':1,'contractAddress':'" + USDC_ETH + "'}]")
                + ",\"partnerTokens\":["
                + token("B", 1, USDC_ETH, "")
                + "]}")
        .put("/v1/merchants/" + id + "/tokens")
        .then()
        .statusCode(400)
        .body("error.message", containsString("already lists"));
    as(owner)
        .get("/v1/merchants/" + id + "/status")
        .then()
        .body("data.ownToken", nullValue())
        .body("data.partnerTokens.size()", equalTo(0));
  }

  @Test
  void nfts_answerTheSpecFields_andRefuseBrokenRules() {
    String owner = key();
    String id = create(owner, unique("nft"));
    String evm = "{'name':'Punks','contractAddress':'" + USDC_ETH + "','chainId':1,'discount':15}";
    Response put =
        as(owner)
            .body(
                json(
                    "{'nftCollections':["
                        + evm
                        + ",{'name':'Club','contractAddress':'"
                        + XRPL_ISSUER
                        + "','chainId':'xrpl','benefitType':'recognition','taxon':7}]}"))
            .put("/v1/merchants/" + id + "/nfts");
    assertThat(put.statusCode()).isEqualTo(200);
    assertThat(put.jsonPath().getMap("data").keySet())
        .containsExactly("nftCollections", "totalCollections", "maxCollections");
    assertThat(put.jsonPath().getMap("data.nftCollections[0]"))
        .isEqualTo(Map.of("name", "Punks", "chainId", 1, "discount", 15));
    assertThat(put.jsonPath().getInt("data.totalCollections")).isEqualTo(2);
    assertThat(put.jsonPath().getInt("data.maxCollections")).isEqualTo(4);
    Map<String, String> cases =
        Map.of(
            json("{'nftCollections':[" + String.join(",", List.of(evm, evm, evm, evm, evm)) + "]}"),
            "at most 4",
            json(
                "{'nftCollections':[{'name':'a','contractAddress':'"
                    + USDC_ETH
                    + "','chainId':1,'discount':10.5}]}"),
            "fractions",
            json(
                "{'nftCollections':[{'name':'a','contractAddress':'"
                    + USDC_ETH
                    + "','chainId':1,'discount':5,'taxon':1}]}"),
            "XRP Ledger collections only",
            json(
                "{'nftCollections':[{'name':'a','contractAddress':'"
                    + USDC_ETH
                    + "','chainId':'tron','discount':5}]}"),
            "not allowed for merchant configuration",
            "{}",
            "nftCollections is required");
    cases.forEach(
        (body, message) ->
            as(owner)
                .body(body)
                .put("/v1/merchants/" + id + "/nfts")
                .then()
                .statusCode(400)
                .body("error.message", containsString(message)));
  }

  // --- settings, pause
  // ----------------------------------------------------------------------------

  @Test
  void settings_answerTheSpecFields_andRefuseBrokenValues() {
    String owner = key();
    String id = create(owner, unique("set"));
    Response put =
        as(owner)
            .body(
                json(
                    "{'discountMode':'capped','discountCap':30,'maxDiscountsPerWalletPerDay':3,"
                        + "'maxUnprovenDiscount':0,'usdcPayment':{'evmAddress':'"
                        + USDC_ETH
                        + "','preferredChainId':8453}}"))
            .put("/v1/merchants/" + id + "/settings");
    assertThat(put.statusCode()).isEqualTo(200);
    assertThat(put.jsonPath().getMap("data"))
        .isEqualTo(
            Map.of(
                "discountMode", "capped",
                "discountCap", 30,
                "maxDiscountsPerWalletPerDay", 3,
                "maxUnprovenDiscount", 0,
                "maxPaidCodesFromOtherKeysPerDay", 200,
                "usdcPayment", Map.of("enabled", true)));
    for (String bad :
        List.of(
            "{}",
            "{'discountMode':'lowest'}",
            "{'discountCap':101}",
            "{'discountCap':12.5}",
            "{'maxDiscountsPerWalletPerDay':0}",
            "{'maxUnprovenDiscount':101}",
            "{'maxPaidCodesFromOtherKeysPerDay':-1}",
            "{'paused':'true'}",
            "{'usdcPayment':{'enabled':true}}")) {
      as(owner).body(json(bad)).put("/v1/merchants/" + id + "/settings").then().statusCode(400);
    }
  }

  @Test
  void pauseAndResume_roundTrip_restoresEverything_andPausedStoresAreHidden() {
    String owner = key();
    String id = create(owner, unique("pause"));
    String symbol = unique("PZ").substring(0, 11);
    as(owner)
        .body("{\"ownToken\":" + token(symbol, 8453, USDC_BASE, "") + "}")
        .put("/v1/merchants/" + id + "/tokens")
        .then()
        .statusCode(200);
    as(owner)
        .body(json("{'discountMode':'stack','maxUnprovenDiscount':7}"))
        .put("/v1/merchants/" + id + "/settings")
        .then()
        .statusCode(200);
    // no body is needed: a request without one and without Content-Type publishes
    given()
        .header("X-API-Key", owner)
        .post("/v1/merchants/" + id + "/directory")
        .then()
        .statusCode(200)
        .body("data.published", equalTo(true));
    // a body that is sent must still be JSON
    given()
        .header("X-API-Key", owner)
        .contentType("text/plain")
        .body("listed=false")
        .post("/v1/merchants/" + id + "/directory")
        .then()
        .statusCode(415)
        .body("error.message", startsWith("Content-Type must be application/json, not text/plain"));
    Map<String, Object> before =
        as(owner).get("/v1/merchants/" + id + "/status").jsonPath().getMap("data");
    Map<String, Object> publicBefore =
        as(null).get("/v1/merchants/" + id).jsonPath().getMap("data");
    assertThat(listed(symbol)).containsExactly(id);
    for (int round = 0; round < 2; round++) {
      as(owner)
          .body("{\"paused\":true}")
          .put("/v1/merchants/" + id + "/settings")
          .then()
          .statusCode(200);
      as(owner)
          .get("/v1/merchants/" + id + "/status")
          .then()
          .body("data.paused", equalTo(true))
          .body("data.pausedAt", containsString("T"));
      as(null).get("/v1/merchants/" + id).then().statusCode(404);
      assertThat(listed(symbol)).isEmpty();
      as(owner)
          .body("{\"paused\":false}")
          .put("/v1/merchants/" + id + "/settings")
          .then()
          .statusCode(200);
      assertThat(as(owner).get("/v1/merchants/" + id + "/status").jsonPath().getMap("data"))
          .isEqualTo(before);
      assertThat(as(null).get("/v1/merchants/" + id).jsonPath().getMap("data"))
          .isEqualTo(publicBefore);
      assertThat(listed(symbol)).containsExactly(id);
    }
  }

  static List<String> listed(String symbol) {
    return as(null)
        .queryParam("token", symbol)
        .get("/v1/merchants")
        .then()
        .statusCode(200)
        .extract()
        .jsonPath()
        .getList("data.merchants.id", String.class);
  }

  @Test
  void concurrentConfigurationWrites_fromTheSameOwner_loseNothing() throws Exception {
    String owner = key();
    String id = create(owner, unique("conc"));
    int rounds = 12;
    List<Callable<Integer>> writers = new ArrayList<>();
    writers.add(
        () -> {
          for (int i = 1; i <= rounds; i++) {
            as(owner)
                .body("{\"discountCap\":" + i + "}")
                .put("/v1/merchants/" + id + "/settings")
                .then()
                .statusCode(200);
          }
          return 0;
        });
    writers.add(
        () -> {
          for (int i = 1; i <= rounds; i++) {
            as(owner)
                .body("{\"maxUnprovenDiscount\":" + (50 + i) + "}")
                .put("/v1/merchants/" + id + "/settings")
                .then()
                .statusCode(200);
          }
          return 0;
        });
    writers.add(
        () -> {
          for (int i = 1; i <= rounds; i++) {
            as(owner)
                .body(
                    json(
                        "{'nftCollections':[{'name':'c"
                            + i
                            + "','contractAddress':'"
                            + USDC_ETH
                            + "','chainId':1,'discount':"
                            + i
                            + "}]}"))
                .put("/v1/merchants/" + id + "/nfts")
                .then()
                .statusCode(200);
          }
          return 0;
        });
    writers.add(
        () -> {
          for (int i = 1; i <= rounds; i++) {
            as(owner)
                .body("{\"partnerTokens\":[" + token("T" + i, 8453, USDC_BASE, "") + "]}")
                .put("/v1/merchants/" + id + "/tokens")
                .then()
                .statusCode(200);
          }
          return 0;
        });
    writers.add(
        () -> {
          for (int i = 1; i <= rounds; i++) {
            as(owner)
                .body("{\"paused\":" + (i % 2 == 1) + "}")
                .put("/v1/merchants/" + id + "/settings")
                .then()
                .statusCode(200);
          }
          return 0;
        });
    runAll(writers);
    as(owner)
        .get("/v1/merchants/" + id + "/status")
        .then()
        .body("data.discountCap", equalTo(rounds))
        .body("data.maxUnprovenDiscount", equalTo(50 + rounds))
        .body("data.nftCollections[0].name", equalTo("c" + rounds))
        .body("data.partnerTokens[0].symbol", equalTo("T" + rounds))
        .body("data.paused", equalTo(false));
    long version =
        pool.preparedQuery("select version from merchant where id = $1")
            .execute(Tuple.of(id))
            .await()
            .atMost(Duration.ofSeconds(30))
            .iterator()
            .next()
            .getLong("version");
    assertThat(version).as("every write was applied on the row it read").isEqualTo(5L * rounds);
  }

  // --- directory
  // ----------------------------------------------------------------------------------

  @Test
  void directory_pagesStably_filtersByTokenAndVerified_andUnpublishes() {
    String owner = partnerKey();
    String plainOwner = key();
    String symbol = unique("DR").substring(0, 11);
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 7; i++) {
      String id = create(plainOwner, unique("dir" + i));
      as(plainOwner)
          .body("{\"ownToken\":" + token(symbol, 8453, USDC_BASE, "") + "}")
          .put("/v1/merchants/" + id + "/tokens")
          .then()
          .statusCode(200);
      as(plainOwner)
          .post("/v1/merchants/" + id + "/directory")
          .then()
          .statusCode(200)
          .body("data.id", equalTo(id))
          .body("data.published", equalTo(true))
          .body("data.tokensListed", equalTo(1))
          .body("data.nftCollectionsListed", equalTo(0));
      ids.add(id);
    }
    List<String> paged = new ArrayList<>();
    for (int offset = 0; offset < 9; offset += 3) {
      Response page =
          as(null)
              .queryParam("token", symbol.toLowerCase())
              .queryParam("limit", 3)
              .queryParam("offset", offset)
              .get("/v1/merchants");
      assertThat(page.jsonPath().getInt("data.total")).isEqualTo(7);
      assertThat(page.jsonPath().getInt("data.limit")).isEqualTo(3);
      paged.addAll(page.jsonPath().getList("data.merchants.id", String.class));
    }
    assertThat(paged).isEqualTo(ids);
    Map<String, Object> entry =
        as(null)
            .queryParam("token", symbol)
            .get("/v1/merchants")
            .jsonPath()
            .getMap("data.merchants[0]");
    assertThat(entry)
        .containsKeys("id", "name", "location", "acceptedTokens", "tiers", "walletTerms");
    as(null)
        .queryParam("token", symbol)
        .queryParam("verified", "true")
        .get("/v1/merchants")
        .then()
        .body("data.total", equalTo(0));
    as(null)
        .queryParam("token", symbol)
        .queryParam("verified", "false")
        .get("/v1/merchants")
        .then()
        .body("data.total", equalTo(7));
    as(plainOwner)
        .body("{\"listed\":false}")
        .post("/v1/merchants/" + ids.get(0) + "/directory")
        .then()
        .statusCode(200)
        .body("data.published", equalTo(false));
    assertThat(listed(symbol)).isEqualTo(ids.subList(1, 7));
    as(null).get("/v1/merchants").then().statusCode(200).body("data.limit", equalTo(50));
    for (String query : List.of("limit=201", "limit=0", "offset=-1", "limit=abc", "verified=yes")) {
      as(null).get("/v1/merchants?" + query).then().statusCode(400);
    }
    as(plainOwner)
        .body("{\"listed\":\"no\"}")
        .post("/v1/merchants/" + ids.get(1) + "/directory")
        .then()
        .statusCode(400);
    // a partner-provisioned store needs a verified domain before it is published
    String provisioned = create(owner, unique("prov"));
    as(owner)
        .post("/v1/merchants/" + provisioned + "/directory")
        .then()
        .statusCode(409)
        .body("error.message", containsString("verified domain"));
    as(key())
        .body("{\"domain\":\"p2.shop.test\"}")
        .put("/v1/merchants/" + provisioned + "/verification")
        .then()
        .statusCode(403);
    as(owner)
        .body("{\"domain\":\"https://p2.shop.test\"}")
        .put("/v1/merchants/" + provisioned + "/verification")
        .then()
        .statusCode(400);
    as(owner)
        .body("{\"domain\":\"p2.shop.test\"}")
        .put("/v1/merchants/" + provisioned + "/verification")
        .then()
        .statusCode(200)
        .body("data.verification.status", equalTo("verified"))
        .body("data.verification.method", equalTo("partner"));
    as(owner).post("/v1/merchants/" + provisioned + "/directory").then().statusCode(200);
    // a key that is not partner-enabled may not use PUT verification even on its own store
    as(plainOwner)
        .body("{\"domain\":\"p2.shop.test\"}")
        .put("/v1/merchants/" + ids.get(1) + "/verification")
        .then()
        .statusCode(403)
        .body("error.message", containsString("partner-enabled"));
  }

  // --- token registry
  // -----------------------------------------------------------------------------

  @Test
  void tokens_listsTheSeededRegistry_byChainSymbolAndType() {
    Response base =
        as(null).queryParam("chain", "8453").queryParam("symbol", "usdc").get("/v1/tokens");
    assertThat(base.statusCode()).isEqualTo(200);
    assertThat(base.jsonPath().getList("data.tokens.contractAddress")).contains(USDC_BASE);
    assertThat(base.jsonPath().getList("data.tokens.chainId", Integer.class)).containsOnly(8453);
    assertThat(base.jsonPath().getMap("data.tokens[0]").keySet())
        .contains("symbol", "name", "chainId", "contractAddress", "decimals", "type", "logo");
    assertThat(
            as(null)
                .queryParam("type", "nft")
                .get("/v1/tokens")
                .jsonPath()
                .getList("data.tokens.symbol"))
        .contains("BAYC");
    assertThat(
            as(null)
                .queryParam("chain", "solana")
                .get("/v1/tokens")
                .jsonPath()
                .getList("data.tokens.chainId", String.class))
        .isNotEmpty()
        .containsOnly("solana");
    // logos where the registry's source has one, null elsewhere
    Response ethereum =
        as(null).queryParam("chain", "1").queryParam("symbol", "USDC").get("/v1/tokens");
    assertThat(ethereum.jsonPath().getString("data.tokens[0].logo"))
        .isEqualTo(
            "https://raw.githubusercontent.com/trustwallet/assets/master/blockchains/ethereum/assets/"
                + "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48/logo.png");
    assertThat(base.jsonPath().getString("data.tokens[0].logo"))
        .isEqualTo("https://ethereum-optimism.github.io/data/USDC/logo.png");
    assertThat(
            as(null)
                .queryParam("chain", "solana")
                .queryParam("symbol", "SOL")
                .get("/v1/tokens")
                .jsonPath()
                .getString("data.tokens[0].logo"))
        .isNull();
    as(null).queryParam("chain", "1284").get("/v1/tokens").then().statusCode(400);
    as(null).queryParam("type", "coin").get("/v1/tokens").then().statusCode(400);
  }

  @Test
  void registrySubmit_isPendingFreeAndIdempotentPerChainAndAddress() {
    String address = "0x" + UUID.randomUUID().toString().replace("-", "") + "12345678";
    String body =
        json(
            "{'chainId':8453,'contractAddress':'"
                + address
                + "','type':'token','symbol':'NEWT','decimals':18,'source':'partner:acme'}");
    Response first = as(null).body(body).post("/v1/registry/submit");
    assertThat(first.statusCode()).isEqualTo(200);
    assertThat(first.jsonPath().getString("data.status")).isEqualTo("pending");
    assertThat(first.jsonPath().getString("data.source")).isEqualTo("partner:acme");
    assertThat(first.jsonPath().getBoolean("data.duplicate")).isFalse();
    Response again =
        as(null)
            .body(body.replace(address, address.toUpperCase().replace("0X", "0x")))
            .post("/v1/registry/submit");
    assertThat(again.jsonPath().getBoolean("data.duplicate")).isTrue();
    assertThat(again.jsonPath().getString("data.submittedAt"))
        .isEqualTo(first.jsonPath().getString("data.submittedAt"));
    assertThat(
            as(null)
                .queryParam("symbol", "NEWT")
                .get("/v1/tokens")
                .jsonPath()
                .getList("data.tokens"))
        .isEmpty();
    as(null)
        .body(
            json(
                "{'chainId':'sui','contractAddress':'native','type':'token','symbol':'S','decimals':9}"))
        .post("/v1/registry/submit")
        .then()
        .statusCode(400);
    as(null)
        .body(
            json(
                "{'chainId':8453,'contractAddress':'"
                    + address
                    + "','type':'token','symbol':'NEWT'}"))
        .post("/v1/registry/submit")
        .then()
        .statusCode(400)
        .body("error.message", containsString("decimals"));
  }

  // --- shared
  // -------------------------------------------------------------------------------------

  static <T> List<T> runAll(List<Callable<T>> calls) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(calls.size());
    try {
      List<Future<T>> futures = new ArrayList<>();
      for (Callable<T> c : calls) {
        futures.add(pool.submit(c));
      }
      List<T> results = new ArrayList<>();
      for (Future<T> f : futures) {
        results.add(f.get());
      }
      return results;
    } finally {
      pool.shutdownNow();
    }
  }

  static Set<String> set(List<String> list) {
    return new HashSet<>(list);
  }
}
