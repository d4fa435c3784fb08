package org.walletstate.adapters.http.mcp;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkiverse.mcp.server.test.McpAssured;
import io.quarkiverse.mcp.server.test.McpAssured.ToolInfo;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.core.json.Json;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.adapters.http.testbed.TrustChainsTestResource;
import org.walletstate.adapters.http.testbed.Verifier;
import org.walletstate.application.account.SharedAllowance;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.Rule;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.TrustProfileReport;
import org.walletstate.verifier.VerificationReport;

/**
 * {@code /mcp} end to end with an MCP client: the tools listed with their schemas and hints, each
 * called against the devnet, signed results checked by the SDK, the shared allowance metered
 * through the service account's daily counter and ledger, errors as tool errors with the REST
 * endpoint's message.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(TrustChainsTestResource.class)
class McpToolsTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> TOOLS = McpToolNames.ALL;
  private static final List<String> METERED =
      List.of("attest", "wallet_trust", "batch_wallet_trust");

  /** The tools that read chains: the metered ones and the discount check. */
  private static final List<String> OPEN_WORLD =
      List.of("attest", "wallet_trust", "batch_wallet_trust", "check_discount");

  @Inject Pool pool;

  private final Devnet devnet = Devnet.shared();
  private final DevnetManifest m = devnet.manifest();
  private final FaultProxy chain10 = DevnetTestResource.chain10();
  private long account;

  @BeforeEach
  void freshHeadsAndAllowance() {
    chain10.reset();
    for (long chain : List.of(1L, 8453L, 10L)) {
      devnet.rpc(chain).call("evm_mine");
    }
    account =
        pool.preparedQuery("select id from api_key where key_hash = $1")
            .execute(Tuple.of(SharedAllowance.MCP_ACCOUNT.hex()))
            .await()
            .indefinitely()
            .iterator()
            .next()
            .getLong("id");
    setUsedToday(0);
  }

  @AfterEach
  void passEverythingAgain() {
    chain10.reset();
    setUsedToday(0);
  }

  // --- helpers -----------------------------------------------------------------------------------

  private static LocalDate today() {
    return LocalDate.now(ZoneOffset.UTC);
  }

  private void setUsedToday(int used) {
    pool.preparedQuery("delete from key_daily_usage where api_key_id = $1")
        .execute(Tuple.of(account))
        .await()
        .indefinitely();
    if (used > 0) {
      pool.preparedQuery("insert into key_daily_usage (api_key_id, day, used) values ($1, $2, $3)")
          .execute(Tuple.of(account, today(), used))
          .await()
          .indefinitely();
    }
  }

  private int usedToday() {
    var rows =
        pool.preparedQuery("select used from key_daily_usage where api_key_id = $1 and day = $2")
            .execute(Tuple.of(account, today()))
            .await()
            .indefinitely();
    return rows.iterator().hasNext() ? rows.iterator().next().getInteger("used") : 0;
  }

  private String wallet(String name) {
    return m.wallet(name).address();
  }

  private Map<String, Object> usdOn10() {
    return tokenBalance(10, m.chain(10).address("token6"), "1");
  }

  /** One tool call through a connected MCP client (initialize, then tools/call). */
  private static ToolResponse call(String tool, Map<String, Object> args) {
    List<ToolResponse> answer = new ArrayList<>();
    var client = McpAssured.newConnectedStreamableClient();
    try {
      client.when().toolsCall(tool, args, answer::add).thenAssertResults();
    } finally {
      client.disconnect();
    }
    assertThat(answer).hasSize(1);
    return answer.get(0);
  }

  private static JsonNode structured(ToolResponse response) {
    assertThat(response.structuredContent()).as("structuredContent").isNotNull();
    try {
      return JSON.readTree(Json.encode(response.structuredContent()));
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private static String text(ToolResponse response, int index) {
    return ((TextContent) response.content().get(index)).text();
  }

  /** The signed data as the REST envelope would carry it, for the SDK. */
  private static String envelope(JsonNode data) {
    ObjectNode envelope = JSON.createObjectNode();
    envelope.put("ok", true);
    envelope.set("data", data);
    return envelope.toString();
  }

  private static void assertVerifiedAttestation(JsonNode data) {
    String body = envelope(data);
    VerificationReport report = Verifier.report(body);
    assertThat(report.valid()).as(report + "\n" + body).isTrue();
  }

  private static void assertVerifiedProfile(JsonNode data) {
    String body = envelope(data);
    TrustProfileReport report = Verifier.fromServedKeys().reportTrustProfile(body);
    assertThat(report.valid()).as(report + "\n" + body).isTrue();
  }

  private static void assertToolError(ToolResponse response, Object code, String message) {
    assertThat(response.isError()).as(response.toString()).isTrue();
    assertThat(text(response, 0)).isEqualTo(message);
    JsonNode error;
    try {
      error = JSON.readTree(text(response, 1)).get("error");
    } catch (Exception e) {
      throw new AssertionError(e);
    }
    assertThat(
            error.get("code").isTextual() ? error.get("code").asText() : error.get("code").asInt())
        .isEqualTo(code);
    assertThat(error.get("message").asText()).isEqualTo(message);
  }

  /** A raw stateless JSON-RPC tools/call: no initialize, no session. */
  private static Response rawCall(String tool, Map<String, Object> args) {
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("name", tool);
    params.put("arguments", args);
    Map<String, Object> message = new LinkedHashMap<>();
    message.put("jsonrpc", "2.0");
    message.put("id", 1);
    message.put("method", "tools/call");
    message.put("params", params);
    return given()
        .header("Accept", "application/json, text/event-stream")
        .header("MCP-Protocol-Version", "2025-06-18")
        .contentType(ContentType.JSON)
        .body(message)
        .post("/mcp");
  }

  private static JsonNode rawResult(Response response) {
    assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
    String text = response.asString();
    if (String.valueOf(response.contentType()).startsWith("text/event-stream")) {
      text =
          text.lines()
              .filter(l -> l.startsWith("data:"))
              .map(l -> l.substring(5).trim())
              .collect(Collectors.joining());
    }
    try {
      return JSON.readTree(text).get("result");
    } catch (Exception e) {
      throw new AssertionError(text, e);
    }
  }

  // --- the list ----------------------------------------------------------------------------------

  @Test
  void theToolsAreListed_withSchemasDescriptionsAndHints() {
    List<ToolInfo> listed = new ArrayList<>();
    var client = McpAssured.newConnectedStreamableClient();
    try {
      client.when().toolsList(page -> listed.addAll(page.tools())).thenAssertResults();
    } finally {
      client.disconnect();
    }

    assertThat(listed).extracting(ToolInfo::name).containsExactlyInAnyOrderElementsOf(TOOLS);
    for (ToolInfo tool : listed) {
      assertThat(tool.description()).as(tool.name()).hasSizeGreaterThan(60);
      assertThat(tool.inputSchema().getString("type")).as(tool.name()).isEqualTo("object");
      assertThat(tool.outputSchema()).as(tool.name()).isNotNull();
      assertThat(tool.outputSchema().getString("type")).isEqualTo("object");
      var hints = tool.annotations().orElseThrow();
      assertThat(hints.readOnlyHint()).as(tool.name()).isTrue();
      assertThat(hints.destructiveHint()).as(tool.name()).isFalse();
      assertThat(hints.openWorldHint()).as(tool.name()).isEqualTo(OPEN_WORLD.contains(tool.name()));
    }
    ToolInfo attest = listed.stream().filter(t -> t.name().equals("attest")).findFirst().get();
    assertThat(attest.inputSchema().getJsonArray("required").encode())
        .isEqualTo("[\"wallet\",\"conditions\"]");
    assertThat(
            attest
                .inputSchema()
                .getJsonObject("properties")
                .getJsonObject("wallet")
                .getString("description"))
        .contains("EVM wallet address");
    assertThat(
            attest
                .inputSchema()
                .getJsonObject("properties")
                .getJsonObject("assurance")
                .getJsonArray("enum")
                .encode())
        .isEqualTo("[\"single\",\"quorum\"]");
  }

  // --- public tools ------------------------------------------------------------------------------

  @Test
  void jwks_isTheServedKeySet_andNeverMetered() {
    ToolResponse response = call("jwks", Map.of());

    assertThat(response.isError()).isFalse();
    JsonNode served;
    try {
      served = JSON.readTree(given().get("/v1/jwks").asString());
      assertThat(JSON.readTree(text(response, 0))).isEqualTo(served);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
    assertThat(structured(response)).isEqualTo(served);
    assertThat(usedToday()).isZero();
  }

  @Test
  void complianceTemplates_areTheRestData_andNeverMetered() throws Exception {
    ToolResponse response = call("compliance_templates", Map.of());

    assertThat(response.isError()).isFalse();
    JsonNode rest = JSON.readTree(given().get("/v1/compliance/templates").asString()).get("data");
    assertThat(structured(response)).isEqualTo(rest);
    assertThat(rest.get("templates").size()).isPositive();
    assertThat(usedToday()).isZero();
  }

  @Test
  void commerceTools_answerTheRestData_andAnUnknownMerchantIsTheRest404() throws Exception {
    ToolResponse tokens = call("list_tokens", Map.of("symbol", "USDC"));
    assertThat(tokens.isError()).as(tokens.toString()).isFalse();
    assertThat(structured(tokens))
        .isEqualTo(JSON.readTree(given().get("/v1/tokens?symbol=USDC").asString()).get("data"));

    ToolResponse merchants = call("list_merchants", Map.of("limit", 5, "verified", true));
    assertThat(merchants.isError()).as(merchants.toString()).isFalse();
    assertThat(structured(merchants))
        .isEqualTo(
            JSON.readTree(given().get("/v1/merchants?limit=5&verified=true").asString())
                .get("data"));

    Response rest = given().get("/v1/merchants/no-such-store");
    assertThat(rest.statusCode()).isEqualTo(404);
    assertToolError(
        call("get_merchant", Map.of("id", "no-such-store")),
        404,
        rest.jsonPath().getString("error.message"));

    Response badLimit = given().get("/v1/merchants?limit=-1");
    assertThat(badLimit.statusCode()).isEqualTo(400);
    assertToolError(
        call("list_merchants", Map.of("limit", -1)),
        400,
        badLimit.jsonPath().getString("error.message"));
    assertThat(usedToday()).isZero();
  }

  @Test
  void discountTools_answerTheRestData_overTheSameUseCases() throws Exception {
    String key =
        given()
            .contentType(ContentType.JSON)
            .body(Map.of("email", "mcp-d-" + System.nanoTime() + "@example.org", "appName", "m"))
            .post("/v1/keys/create")
            .then()
            .statusCode(200)
            .extract()
            .path("key");
    String id = "mcp-d-" + System.nanoTime();
    given()
        .contentType(ContentType.JSON)
        .header("X-API-Key", key)
        .body(Map.of("companyName", "Mcp " + id, "companyId", id))
        .post("/v1/merchants")
        .then()
        .statusCode(200);
    given()
        .contentType(ContentType.JSON)
        .header("X-API-Key", key)
        .body(
            "{\"ownToken\":{\"symbol\":\"dUSD\",\"chainId\":10,\"contractAddress\":\""
                + m.chain(10).address("token6")
                + "\",\"decimals\":6,\"tiers\":[{\"name\":\"One\",\"threshold\":\"1\","
                + "\"discount\":12}]}}")
        .put("/v1/merchants/" + id + "/tokens")
        .then()
        .statusCode(200);
    ToolResponse check = call("check_discount", Map.of("merchant", id, "wallet", wallet("holder")));
    assertThat(check.isError()).as(check.toString()).isFalse();
    assertThat(structured(check).get("discountPercent").asInt()).isEqualTo(12);
    assertThat(structured(check))
        .isEqualTo(
            JSON.readTree(
                    given()
                        .get("/v1/discount/check?merchant=" + id + "&wallet=" + wallet("holder"))
                        .asString())
                .get("data"));

    Response unknown =
        given().get("/v1/discount/check?merchant=no-such-store&wallet=" + wallet("holder"));
    assertThat(unknown.statusCode()).isEqualTo(404);
    assertToolError(
        call("check_discount", Map.of("merchant", "no-such-store", "wallet", wallet("holder"))),
        404,
        unknown.jsonPath().getString("error.message"));
    Response noWallet = given().get("/v1/discount/check?merchant=" + id);
    assertThat(noWallet.statusCode()).isEqualTo(400);
    assertToolError(
        call("check_discount", Map.of("merchant", id)),
        400,
        noWallet.jsonPath().getString("error.message"));
    // assurance: the same argument as the REST query parameter, the same answer and refusal
    ToolResponse single =
        call(
            "check_discount",
            Map.of("merchant", id, "wallet", wallet("holder"), "assurance", "single"));
    assertThat(single.isError()).as(single.toString()).isFalse();
    assertThat(structured(single).get("readAssurance").toString())
        .isEqualTo("[{\"chainId\":10,\"mode\":\"single\",\"providers\":1,\"of\":1}]");
    assertThat(structured(single))
        .isEqualTo(
            JSON.readTree(
                    given()
                        .get(
                            "/v1/discount/check?merchant="
                                + id
                                + "&wallet="
                                + wallet("holder")
                                + "&assurance=single")
                        .asString())
                .get("data"));
    Response paranoid =
        given()
            .get(
                "/v1/discount/check?merchant="
                    + id
                    + "&wallet="
                    + wallet("holder")
                    + "&assurance=paranoid");
    assertThat(paranoid.statusCode()).isEqualTo(400);
    assertToolError(
        call(
            "check_discount",
            Map.of("merchant", id, "wallet", wallet("holder"), "assurance", "paranoid")),
        400,
        paranoid.jsonPath().getString("error.message"));

    String code =
        given()
            .contentType(ContentType.JSON)
            .header("X-API-Key", key)
            .body(Map.of("merchantId", id, "wallet", wallet("holder")))
            .post("/v1/verify")
            .then()
            .statusCode(200)
            .extract()
            .path("data.code");
    ToolResponse valid = call("validate_code", Map.of("code", code));
    assertThat(structured(valid).get("valid").asBoolean()).isTrue();
    assertThat(structured(valid))
        .isEqualTo(JSON.readTree(given().get("/v1/codes/" + code).asString()).get("data"));
    ToolResponse missing = call("validate_code", Map.of("code", "SVC-22222"));
    assertThat(structured(missing).get("reason").asText()).isEqualTo("not_found");
    assertThat(usedToday()).isZero();
  }

  // --- metered tools -----------------------------------------------------------------------------

  @Test
  void attest_signsOnTheDevnet_verifies_drawsOneCall_andChargesTheServiceAccount() {
    long before = Ledger.balance(pool, account);

    ToolResponse response = call("attest", body(wallet("holder"), usdOn10()));

    assertThat(response.isError()).as(response.toString()).isFalse();
    JsonNode structured = structured(response);
    JsonNode data = structured.get("data");
    assertVerifiedAttestation(data);
    assertThat(data.get("attestation").get("pass").asBoolean()).isTrue();
    assertThat(data.get("kid").asText()).isEqualTo("service-attest-v2");
    assertThat(text(response, 0))
        .startsWith("Attestation " + data.get("attestation").get("id").asText() + ": pass=true");
    assertThat(structured.get("allowance").get("used").asInt()).isEqualTo(1);
    assertThat(structured.get("allowance").get("remaining").asInt())
        .isEqualTo(structured.get("allowance").get("perDay").asInt() - 1);
    assertThat(usedToday()).isEqualTo(1);
    assertThat(Ledger.balance(pool, account)).isEqualTo(before - 1);
  }

  @Test
  void walletTrust_isASignedProfileTheSdkAccepts() {
    ToolResponse response = call("wallet_trust", Map.of("wallet", wallet("holder")));

    assertThat(response.isError()).as(response.toString()).isFalse();
    JsonNode data = structured(response).get("data");
    assertVerifiedProfile(data);
    assertThat(data.get("trust").get("summary").get("totalChecks").asInt()).isEqualTo(155);
    assertThat(text(response, 0))
        .startsWith("Trust profile " + data.get("trust").get("id").asText());
    assertThat(usedToday()).isEqualTo(1);
  }

  @Test
  void batchWalletTrust_summarisesInText_andCarriesEverySignedProfileInStructuredContent() {
    ToolResponse response =
        call(
            "batch_wallet_trust",
            Map.of(
                "wallets",
                List.of(Map.of("wallet", wallet("holder")), Map.of("wallet", wallet("empty")))));

    assertThat(response.isError()).as(response.toString()).isFalse();
    JsonNode data = structured(response).get("data");
    assertThat(data.get("summary").get("requested").asInt()).isEqualTo(2);
    assertThat(data.get("summary").get("succeeded").asInt()).isEqualTo(2);
    assertThat(data.get("results")).hasSize(2);
    for (JsonNode profile : data.get("results")) {
      assertVerifiedProfile(profile);
    }
    String text = text(response, 0);
    assertThat(text).startsWith("2 wallet(s): 2 profiled and signed, 0 failed.");
    assertThat(text.length()).isLessThan(1500);
    assertThat(usedToday()).as("one batch draws one call").isEqualTo(1);
  }

  // --- errors ------------------------------------------------------------------------------------

  @Test
  void badArguments_areToolErrors_withTheRestMessage_andDrawNothing() {
    TestKeys.TestKey key = TestKeys.create(pool, 10, 1000, KeyVersion.V2);
    List<Map<String, Object>> bodies =
        List.of(
            Map.of("wallet", wallet("holder")),
            Map.of("wallet", 5, "conditions", List.of(usdOn10())),
            Map.of("wallet", "0x12", "conditions", List.of(usdOn10())),
            body(wallet("holder"), tokenBalance(1284, m.chain(10).address("token6"), "1")),
            body(wallet("holder"), tokenBalance(10, m.chain(10).address("token6"), "-1")));
    for (Map<String, Object> bad : bodies) {
      Response rest =
          given()
              .header("X-API-Key", key.secret())
              .contentType(ContentType.JSON)
              .body(bad)
              .post("/v1/attest");
      assertThat(rest.statusCode()).as(rest.asString()).isEqualTo(400);

      ToolResponse response = call("attest", bad);

      assertToolError(response, 400, rest.jsonPath().getString("error.message"));
    }
    ToolResponse trust = call("wallet_trust", Map.of());
    assertToolError(
        trust,
        400,
        given()
            .header("X-API-Key", key.secret())
            .contentType(ContentType.JSON)
            .body(Map.of())
            .post("/v1/trust")
            .jsonPath()
            .getString("error.message"));
    ToolResponse batch = call("batch_wallet_trust", Map.of("wallets", List.of()));
    assertThat(batch.isError()).isTrue();
    assertThat(text(batch, 0)).contains("wallets");
    assertThat(usedToday()).as("bad arguments draw nothing").isZero();
  }

  @Test
  void aBrokenChain_isAnRpcFailureToolError_signedAndChargedNothing() throws Exception {
    long before = Ledger.balance(pool, account);
    chain10.install(Rule.of(Match.any(), Fault.status(502)));

    ToolResponse response = call("attest", body(wallet("holder"), usdOn10()));

    assertToolError(response, "rpc_failure", Envelopes.RPC_FAILURE_MESSAGE);
    JsonNode failed = JSON.readTree(text(response, 1)).get("error").get("failedConditions");
    assertThat(failed).hasSize(1);
    assertThat(failed.get(0).get("source").asText()).isEqualTo("chain_head_read");
    assertThat(failed.get(0).get("chainId").asInt()).isEqualTo(10);
    assertThat(Ledger.balance(pool, account)).isEqualTo(before);
  }

  // --- the shared allowance ----------------------------------------------------------------------

  @Test
  void concurrentCalls_getExactlyWhatIsLeft_thenAClearErrorSayingWhenItResets() throws Exception {
    int perDay = 1000;
    int left = 3;
    int callers = 10;
    setUsedToday(perDay - left);
    long before = Ledger.balance(pool, account);
    Map<String, Object> args = body(wallet("holder"), usdOn10());

    ExecutorService pool10 = Executors.newFixedThreadPool(callers);
    List<Future<JsonNode>> answers = new ArrayList<>();
    try {
      for (int i = 0; i < callers; i++) {
        answers.add(pool10.submit((Callable<JsonNode>) () -> rawResult(rawCall("attest", args))));
      }
      AtomicInteger signed = new AtomicInteger();
      List<String> refusals = new ArrayList<>();
      for (Future<JsonNode> answer : answers) {
        JsonNode result = answer.get(60, TimeUnit.SECONDS);
        if (result.get("isError").asBoolean()) {
          refusals.add(result.get("content").get(0).get("text").asText());
        } else {
          assertVerifiedAttestation(result.get("structuredContent").get("data"));
          signed.incrementAndGet();
        }
      }
      assertThat(signed.get()).isEqualTo(left);
      assertThat(refusals).hasSize(callers - left);
      String reset = today().plusDays(1) + "T00:00:00Z";
      assertThat(refusals)
          .allSatisfy(
              message ->
                  assertThat(message)
                      .startsWith(
                          "The shared daily allowance of this MCP endpoint (1000 metered tool calls"
                              + " per UTC day, for all callers together) is used up; it resets at "
                              + reset));
    } finally {
      pool10.shutdownNow();
    }
    assertThat(usedToday()).isEqualTo(perDay);
    assertThat(Ledger.balance(pool, account)).isEqualTo(before - left);

    // public tools are never metered: they still answer
    assertThat(rawResult(rawCall("jwks", Map.of())).get("isError").asBoolean()).isFalse();
  }

  // --- the transport -----------------------------------------------------------------------------

  @Test
  void statelessPost_answersWithoutInitialize() {
    JsonNode result = rawResult(rawCall("compliance_templates", Map.of()));
    assertThat(result.get("isError").asBoolean()).isFalse();
    assertThat(result.get("structuredContent").get("templates").size()).isPositive();
  }

  @Test
  void get_is405_withAllow_theOldSseTransportIs404_andAPostWithoutTheAcceptHeaderIs400() {
    given()
        .header("Accept", "text/event-stream")
        .get("/mcp")
        .then()
        .statusCode(405)
        .header("Allow", "POST, DELETE")
        .body("ok", org.hamcrest.Matchers.equalTo(false));
    given().put("/mcp").then().statusCode(405).header("Allow", "POST, DELETE");
    given()
        .get("/mcp/sse")
        .then()
        .statusCode(404)
        .body("error.code", org.hamcrest.Matchers.equalTo(404));
    given()
        .contentType(ContentType.JSON)
        .body("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}")
        .post("/mcp")
        .then()
        .statusCode(400)
        .body("error.message", org.hamcrest.Matchers.containsString("Accept"));
  }
}
