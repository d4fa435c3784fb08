package org.walletstate.adapters.http.robustness;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.LogCapture;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.application.account.SharedAllowance;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;

/**
 * Fuzz campaign over {@code POST /mcp}: malformed JSON-RPC messages, unknown tools, arguments that
 * are not objects, and valid attest arguments with one member replaced by a hostile value, all
 * generated from a seed. Every answer must be a JSON-RPC answer (a tool error for bad arguments,
 * never an internal error) or a documented 4xx envelope, never a 500; the allowance is drawn and
 * the service account charged exactly once per signed answer.
 *
 * <p>Size: {@code -Drobustness.mcp.cases=N} (default 400; {@code -Drobustness.full=true} 3,000).
 * Seed: {@code -Drobustness.mcp.seed=S}.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class McpFuzzTest {

  private static final long DEFAULT_SEED = 20_261_125L;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> MEMBERS =
      List.of("wallet", "conditions", "proof", "format", "declaredLimits", "solanaWallet");
  private static final List<String> CONDITION_MEMBERS =
      List.of("type", "chainId", "contractAddress", "threshold", "decimals", "label");

  @Inject Pool pool;

  @TestHTTPResource("/mcp")
  URI mcp;

  private record Case(int index, String kind, String body) {}

  private record Answer(Case sent, int status, String body) {}

  @Test
  void hostileMessages_getAToolErrorOrADocumented4xx_neverA500_andOnlySignedCallsDraw()
      throws Exception {
    long seed = CampaignSettings.seed("mcp.seed", DEFAULT_SEED);
    int cases = CampaignSettings.size("mcp.cases", 400, 3_000);
    DevnetManifest m = Devnet.shared().manifest();
    Fixture fixture =
        new Fixture(m.wallet("holder").address(), m.chain(10).address("token6"), new Random(seed));
    long account = serviceAccount();
    int usedBefore = usedToday(account);
    long balanceBefore = balance(account);

    HttpClient client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    List<Answer> answers = new ArrayList<>();
    List<LogCapture.Entry> logged;
    try (LogCapture log = LogCapture.start()) {
      for (int i = 0; i < cases; i++) {
        Case c = fixture.next(i);
        HttpResponse<String> response =
            client.send(
                HttpRequest.newBuilder(mcp)
                    .timeout(Duration.ofSeconds(60))
                    .header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream")
                    .POST(HttpRequest.BodyPublishers.ofString(c.body(), StandardCharsets.UTF_8))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        answers.add(new Answer(c, response.statusCode(), response.body()));
      }
      logged = log.entries();
    }

    List<String> problems = new ArrayList<>();
    int signed = 0;
    for (Answer a : answers) {
      String problem = problem(a);
      if (problem != null) {
        problems.add("#" + a.sent().index() + " " + a.sent().kind() + ": " + problem);
      } else if (a.status() == 200 && signedAnswer(a.body())) {
        signed++;
      }
    }
    assertThat(problems)
        .withFailMessage(
            () ->
                "seed "
                    + seed
                    + "\n"
                    + problems.stream().limit(20).collect(Collectors.joining("\n")))
        .isEmpty();
    assertThat(logged)
        .as("hostile messages are client errors: no ERROR in the service's log")
        .noneMatch(e -> e.level().intValue() >= java.util.logging.Level.SEVERE.intValue());
    assertThat(signed).as("some mutated calls are still valid and signed").isPositive();
    assertThat(answers.stream().filter(a -> isToolError(a.body())).count())
        .as("most are tool errors")
        .isGreaterThan(cases / 4);
    long attestRefusals =
        answers.stream()
            .filter(a -> a.sent().kind().startsWith("attest:") && isToolError(a.body()))
            .count();
    // a call is drawn once its arguments parse; the few the chain then refuses (a decimals
    // cross-check that does not match the token) count like an rpc_failure, and are not charged
    assertThat(usedToday(account) - usedBefore)
        .as("only calls whose arguments parse draw from the allowance")
        .isBetween(signed, signed + (int) attestRefusals);
    assertThat(balanceBefore - balance(account))
        .as("one credit per signed attestation")
        .isEqualTo(signed);
  }

  /** Null when the answer is one the endpoint may give to this message. */
  private static String problem(Answer a) {
    if (a.status() == 500 || a.status() >= 500) {
      return "HTTP " + a.status() + " " + a.body();
    }
    if (a.status() == 202) {
      return a.sent().kind().equals("notification") ? null : "202 to a request";
    }
    if (a.status() == 400 || a.status() == 413) {
      return a.body().contains("\"ok\":false") || a.body().contains("\"code\":-32600")
          ? null
          : "a 4xx without the envelope or a JSON-RPC error: " + a.body();
    }
    if (a.status() != 200) {
      return "unexpected HTTP " + a.status() + " " + a.body();
    }
    JsonNode message;
    try {
      message = JSON.readTree(sseData(a.body()));
    } catch (Exception e) {
      return "not JSON: " + a.body();
    }
    JsonNode error = message.get("error");
    if (error != null) {
      int code = error.path("code").asInt();
      return code == -32603 ? "internal JSON-RPC error: " + a.body() : null;
    }
    JsonNode result = message.get("result");
    if (result == null) {
      return "neither result nor error: " + a.body();
    }
    if (result.path("isError").asBoolean()) {
      String text = result.path("content").path(0).path("text").asText();
      if (text.isEmpty() || text.startsWith("Unexpected server error")) {
        return "tool error without a caller's message: " + a.body();
      }
    }
    return null;
  }

  private static String sseData(String body) {
    if (!body.startsWith("event:") && !body.startsWith("data:") && !body.startsWith("id:")) {
      return body;
    }
    return body.lines()
        .filter(l -> l.startsWith("data:"))
        .map(l -> l.substring(5).trim())
        .collect(Collectors.joining());
  }

  private static boolean isToolError(String body) {
    try {
      return JSON.readTree(sseData(body)).path("result").path("isError").asBoolean();
    } catch (Exception e) {
      return false;
    }
  }

  private static boolean signedAnswer(String body) {
    try {
      JsonNode result = JSON.readTree(sseData(body)).path("result");
      return !result.path("isError").asBoolean(true)
          && result.path("structuredContent").path("data").has("sig")
          && result.path("structuredContent").has("allowance");
    } catch (Exception e) {
      return false;
    }
  }

  // --- the generator -----------------------------------------------------------------------------

  private static final class Fixture {
    private final String holder;
    private final String token;
    private final Random random;

    Fixture(String holder, String token, Random random) {
      this.holder = holder;
      this.token = token;
      this.random = random;
    }

    Map<String, Object> validAttest() {
      Map<String, Object> condition = new LinkedHashMap<>();
      condition.put("type", "token_balance");
      condition.put("chainId", 10);
      condition.put("contractAddress", token);
      condition.put("threshold", "1");
      Map<String, Object> args = new LinkedHashMap<>();
      args.put("wallet", holder);
      args.put("conditions", new ArrayList<>(List.of(condition)));
      return args;
    }

    Object hostile() {
      switch (random.nextInt(14)) {
        case 0:
          return null;
        case 1:
          return random.nextLong();
        case 2:
          return random.nextDouble() * 1e300;
        case 3:
          return "";
        case 4:
          return "x".repeat(random.nextInt(5_000));
        case 5:
          return "\u0000\u202e\ud83d\ude00" + random.nextInt();
        case 6:
          return List.of();
        case 7:
          return Map.of();
        case 8:
          return true;
        case 9:
          return "0x" + "f".repeat(40);
        case 10:
          return nested(40);
        case 11:
          return "y".repeat(140_000);
        case 12:
          return List.of(Map.of("type", "token_balance"));
        default:
          return "-1e9999";
      }
    }

    private Object nested(int depth) {
      Object value = "deep";
      for (int i = 0; i < depth; i++) {
        value = List.of(value);
      }
      return value;
    }

    Case next(int index) throws Exception {
      int kind = random.nextInt(100);
      if (kind < 50) {
        Map<String, Object> args = validAttest();
        String member = MEMBERS.get(random.nextInt(MEMBERS.size()));
        if (random.nextBoolean()) {
          args.put(member, hostile());
        } else if (member.equals("conditions")) {
          @SuppressWarnings("unchecked")
          Map<String, Object> condition =
              (Map<String, Object>) ((List<Object>) args.get("conditions")).get(0);
          condition.put(CONDITION_MEMBERS.get(random.nextInt(CONDITION_MEMBERS.size())), hostile());
        } else {
          args.remove(member);
        }
        return new Case(index, "attest:" + member, call("attest", args));
      }
      if (kind < 60) {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put(
            "wallets",
            random.nextBoolean()
                ? hostile()
                : java.util.Collections.singletonList(one("wallet", hostile())));
        return new Case(index, "batch_wallet_trust", call("batch_wallet_trust", args));
      }
      if (kind < 68) {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("wallet", hostile());
        return new Case(index, "wallet_trust", call("wallet_trust", args));
      }
      if (kind < 74) {
        return new Case(index, "unknown tool", call("no_such_tool_" + random.nextInt(9), Map.of()));
      }
      if (kind < 82) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("name", random.nextBoolean() ? "attest" : "jwks");
        params.put("arguments", random.nextBoolean() ? "not an object" : List.of(1, 2));
        return new Case(index, "arguments not an object", rpc("tools/call", params, 1));
      }
      if (kind < 86) {
        return new Case(
            index,
            "notification",
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
      }
      if (kind < 92) {
        String[] broken = {
          "{",
          "[]",
          "null",
          "42",
          "{\"jsonrpc\":\"2.0\"}",
          "{\"jsonrpc\":\"2.0\",\"id\":1}",
          "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\"}",
          "{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"tools/list\"}",
          "{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"tools/list\"}",
          "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":7}}"
        };
        return new Case(index, "broken JSON-RPC", broken[random.nextInt(broken.length)]);
      }
      if (kind < 96) {
        return new Case(
            index,
            "public tool",
            call(random.nextBoolean() ? "jwks" : "compliance_templates", one("extra", hostile())));
      }
      return new Case(index, "valid attest", call("attest", validAttest()));
    }

    private static Map<String, Object> one(String name, Object value) {
      Map<String, Object> map = new LinkedHashMap<>();
      map.put(name, value);
      return map;
    }

    private static String call(String tool, Map<String, Object> args) throws Exception {
      Map<String, Object> params = new LinkedHashMap<>();
      params.put("name", tool);
      params.put("arguments", args);
      return rpc("tools/call", params, 1);
    }

    private static String rpc(String method, Object params, int id) throws Exception {
      Map<String, Object> message = new LinkedHashMap<>();
      message.put("jsonrpc", "2.0");
      message.put("id", id);
      message.put("method", method);
      message.put("params", params);
      return JSON.writeValueAsString(message);
    }
  }

  // --- the service account -----------------------------------------------------------------------

  private long serviceAccount() {
    return pool.preparedQuery("select id from api_key where key_hash = $1")
        .execute(Tuple.of(SharedAllowance.MCP_ACCOUNT.hex()))
        .await()
        .indefinitely()
        .iterator()
        .next()
        .getLong("id");
  }

  private int usedToday(long account) {
    var rows =
        pool.preparedQuery("select used from key_daily_usage where api_key_id = $1 and day = $2")
            .execute(Tuple.of(account, LocalDate.now(ZoneOffset.UTC)))
            .await()
            .indefinitely();
    return rows.iterator().hasNext() ? rows.iterator().next().getInteger("used") : 0;
  }

  private long balance(long account) {
    return pool.preparedQuery("select credits from api_key where id = $1")
        .execute(Tuple.of(account))
        .await()
        .indefinitely()
        .iterator()
        .next()
        .getLong("credits");
  }
}
