package org.walletstate.devnet.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetExtension;
import org.walletstate.devnet.DevnetSnapshot;
import org.walletstate.devnet.JsonRpc;

/** The fault proxy on its own, in front of devnet chain 1, driven by a plain HTTP client. */
@ExtendWith(DevnetExtension.class)
class FaultProxyTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long CHAIN = 1;
  private static final String BLOCK_NUMBER =
      "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"eth_blockNumber\"}";
  private static final String CHAIN_ID =
      "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"eth_chainId\"}";

  private final HttpClient client =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10))
          .build();
  private Devnet devnet;
  private FaultProxy proxy;

  @BeforeEach
  void start(Devnet devnet) {
    this.devnet = devnet;
    proxy = FaultProxy.inFrontOf(devnet.rpcUrl(CHAIN));
  }

  @AfterEach
  void stop() {
    proxy.close();
  }

  private HttpResponse<String> post(String body) throws Exception {
    return post(body, Duration.ofSeconds(30));
  }

  private HttpResponse<String> post(String body, Duration timeout) throws Exception {
    return client.send(
        HttpRequest.newBuilder(proxy.url())
            .header("Content-Type", "application/json")
            .timeout(timeout)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static JsonNode json(HttpResponse<String> response) throws JsonProcessingException {
    return JSON.readTree(response.body());
  }

  private static String batch(String... calls) {
    return "[" + String.join(",", calls) + "]";
  }

  private static String call(int id, String method, String params) {
    return "{\"jsonrpc\":\"2.0\",\"id\":"
        + id
        + ",\"method\":\""
        + method
        + "\",\"params\":"
        + params
        + "}";
  }

  private String balanceCall(int id, String wallet, String block) {
    return call(id, "eth_getBalance", "[\"" + wallet + "\",\"" + block + "\"]");
  }

  private String holder() {
    return devnet.manifest().wallet("holder").address();
  }

  @Test
  void passThrough_answersAsTheNodeDoes_andCountsCallsPerMethod() throws Exception {
    JsonRpc node = devnet.rpc(CHAIN);

    HttpResponse<String> single = post(BLOCK_NUMBER);
    HttpResponse<String> batched =
        post(batch(CHAIN_ID, BLOCK_NUMBER.replace("7", "9"), balanceCall(3, holder(), "latest")));

    assertThat(single.statusCode()).isEqualTo(200);
    assertThat(json(single).get("id").asInt()).isEqualTo(7);
    assertThat(json(single).get("result").asText())
        .isEqualTo(node.call("eth_blockNumber").asText());
    JsonNode answers = json(batched);
    assertThat(answers).hasSize(3);
    assertThat(answers.findValuesAsText("result")).contains("0x1");
    assertThat(JsonRpc.quantity(find(answers, 3)))
        .isEqualTo(
            new BigInteger(
                devnet
                    .manifest()
                    .wallet("holder")
                    .holdings(CHAIN)
                    .path("native")
                    .path("raw")
                    .asText()));
    ProxyCounts counts = proxy.counts();
    assertThat(counts.requests()).isEqualTo(2);
    assertThat(counts.calls("eth_blockNumber")).isEqualTo(2);
    assertThat(counts.calls("eth_chainId")).isEqualTo(1);
    assertThat(counts.calls("eth_getBalance")).isEqualTo(1);
    assertThat(counts.calls()).isEqualTo(4);
    assertThat(counts.faults("pass_through")).isEqualTo(2);
  }

  private static String find(JsonNode answers, int id) {
    for (JsonNode answer : answers) {
      if (answer.get("id").asInt() == id) {
        return answer.get("result").asText();
      }
    }
    throw new AssertionError("no answer with id " + id + " in " + answers);
  }

  @Test
  void delay_answersNormallyButNotBeforeTheDelay() throws Exception {
    proxy.install(Rule.of(Match.any(), Fault.delay(Duration.ofMillis(400))).once());

    long started = System.nanoTime();
    HttpResponse<String> delayed = post(BLOCK_NUMBER);
    long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

    assertThat(delayed.statusCode()).isEqualTo(200);
    assertThat(json(delayed).has("result")).isTrue();
    assertThat(tookMillis).isGreaterThanOrEqualTo(400);
    assertThat(proxy.counts().faults("delay")).isEqualTo(1);
  }

  @Test
  void hang_neverAnswers_untilTheRulesAreCleared_thenTheConnectionDrops() throws Exception {
    proxy.install(Rule.of(Match.any(), Fault.hang()).times(2));

    assertThatThrownBy(() -> post(BLOCK_NUMBER, Duration.ofMillis(500)))
        .isInstanceOf(HttpTimeoutException.class);
    CompletableFuture<HttpResponse<String>> waiting =
        client.sendAsync(
            HttpRequest.newBuilder(proxy.url())
                .header("Content-Type", "application/json")
                .timeout(Duration.ofMinutes(2))
                .POST(HttpRequest.BodyPublishers.ofString(BLOCK_NUMBER))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    awaitRequests(2);
    assertThat(waiting).isNotDone();

    proxy.clearRules();

    assertThatThrownBy(() -> waiting.get(30, TimeUnit.SECONDS))
        .hasCauseInstanceOf(IOException.class);
    assertThat(post(BLOCK_NUMBER).statusCode()).isEqualTo(200);
  }

  private void awaitRequests(long n) throws InterruptedException {
    for (int i = 0; i < 300 && proxy.counts().requests() < n; i++) {
      Thread.sleep(100);
    }
    assertThat(proxy.counts().requests()).isGreaterThanOrEqualTo(n);
  }

  @Test
  void httpStatus_answersThatStatus_and429CarriesRetryAfter() throws Exception {
    proxy.install(Rule.of(Match.nthRequest(1), Fault.status(503)));
    proxy.install(Rule.of(Match.nthRequest(2), Fault.rateLimited()));

    HttpResponse<String> unavailable = post(BLOCK_NUMBER);
    HttpResponse<String> limited = post(BLOCK_NUMBER);

    assertThat(unavailable.statusCode()).isEqualTo(503);
    assertThat(limited.statusCode()).isEqualTo(429);
    assertThat(limited.headers().firstValue("Retry-After")).contains("1");
    assertThat(post(BLOCK_NUMBER).statusCode()).isEqualTo(200);
    assertThat(proxy.counts().faults("http_503")).isEqualTo(1);
    assertThat(proxy.counts().faults("http_429")).isEqualTo(1);
  }

  @Test
  void malformedJson_isA200WhoseBodyDoesNotParse() throws Exception {
    proxy.install(Rule.of(Match.method("eth_blockNumber"), Fault.malformedJson()).once());

    HttpResponse<String> garbled = post(BLOCK_NUMBER);

    assertThat(garbled.statusCode()).isEqualTo(200);
    assertThatThrownBy(() -> json(garbled)).isInstanceOf(JsonProcessingException.class);
  }

  @Test
  void rpcError_answersOnlyTheSelectedCallsOfABatch_andForwardsTheRest() throws Exception {
    proxy.install(Rule.of(Match.method("eth_getBalance"), Fault.rpcError(-32005, "rate limited")));

    JsonNode answers =
        json(post(batch(CHAIN_ID, balanceCall(3, holder(), "latest"), BLOCK_NUMBER)));
    JsonNode single = json(post(CHAIN_ID));

    assertThat(answers).hasSize(3);
    assertThat(answers.get(0).get("id").asInt()).isEqualTo(8);
    assertThat(answers.get(0).get("result").asText()).isEqualTo("0x1");
    assertThat(answers.get(1).get("id").asInt()).isEqualTo(3);
    assertThat(answers.get(1).get("error").get("code").asInt()).isEqualTo(-32005);
    assertThat(answers.get(1).get("error").get("message").asText()).isEqualTo("rate limited");
    assertThat(answers.get(2).get("id").asInt()).isEqualTo(7);
    assertThat(answers.get(2).has("result")).isTrue();
    assertThat(single.get("result").asText()).isEqualTo("0x1");
    assertThat(proxy.counts().faults("rpc_error")).isEqualTo(1);
  }

  @Test
  void rpcError_onASingleCall_keepsItsId() throws Exception {
    proxy.install(Rule.of(Match.any(), Fault.rpcError(-32603, "internal error")).once());

    JsonNode answer = json(post(BLOCK_NUMBER));

    assertThat(answer.get("id").asInt()).isEqualTo(7);
    assertThat(answer.get("error").get("code").asInt()).isEqualTo(-32603);
  }

  @Test
  void dropConnection_closesWithoutAnAnswer() throws Exception {
    proxy.install(Rule.of(Match.any(), Fault.dropConnection()).once());

    assertThatThrownBy(() -> post(BLOCK_NUMBER)).isInstanceOf(IOException.class);
    assertThat(post(BLOCK_NUMBER).statusCode()).isEqualTo(200);
  }

  @Test
  void moveHead_minesOneBlockBetweenTheAnswerAndTheNextRequest() throws Exception {
    DevnetSnapshot snapshot = devnet.snapshot();
    try {
      proxy.install(Rule.of(Match.method("eth_getBlockByNumber"), Fault.moveHead()).once());

      JsonNode head =
          json(post(call(1, "eth_getBlockByNumber", "[\"latest\", false]"))).get("result");

      assertThat(devnet.rpc(CHAIN).blockNumber())
          .isEqualTo(Long.decode(head.get("number").asText()) + 1);
    } finally {
      devnet.revert(snapshot);
    }
  }

  @Test
  void moveHead_changesStateAfterTheAnswer_soTheNextReadSeesANewerHead() throws Exception {
    JsonRpc node = devnet.rpc(CHAIN);
    String empty = devnet.manifest().wallet("empty").address();
    DevnetSnapshot snapshot = devnet.snapshot();
    try {
      proxy.install(
          Rule.of(
                  Match.nthCall("eth_getBlockByNumber", 1),
                  Fault.moveHead(
                      RpcCall.of(
                          "eth_sendTransaction",
                          Map.of(
                              "from",
                              devnet.manifest().deployer().address(),
                              "to",
                              empty,
                              "value",
                              "0x1234"))))
              .once());

      JsonNode head =
          json(post(call(1, "eth_getBlockByNumber", "[\"latest\", false]"))).get("result");
      long anchored = Long.decode(head.get("number").asText());

      assertThat(node.blockNumber()).isGreaterThan(anchored);
      String at = JsonRpc.tag(anchored);
      assertThat(json(post(balanceCall(2, empty, at))).get("result").asText()).isEqualTo("0x0");
      assertThat(json(post(balanceCall(3, empty, "latest"))).get("result").asText())
          .isEqualTo("0x1234");
      assertThat(proxy.counts().faults("move_head")).isEqualTo(1);
    } finally {
      devnet.revert(snapshot);
    }
  }

  @Test
  void rules_areTriedInOrder_andFireAtMostTheirLimit() throws Exception {
    FaultProxy.Installed first = proxy.install(Rule.of(Match.any(), Fault.status(503)).times(2));
    FaultProxy.Installed second = proxy.install(Rule.of(Match.any(), Fault.status(500)).once());

    List<Integer> statuses = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      statuses.add(post(BLOCK_NUMBER).statusCode());
    }

    assertThat(statuses).containsExactly(503, 503, 500, 200);
    assertThat(first.fired()).isEqualTo(2);
    assertThat(second.fired()).isEqualTo(1);
    second.remove();
    assertThat(proxy.rules()).containsExactly(first);
  }

  @Test
  void matches_pickRequestsByNumber_byCallOrdinal_andBySeededSample() throws Exception {
    proxy.install(Rule.of(Match.everyNthRequest(3), Fault.status(502)));
    proxy.install(Rule.of(Match.nthCall("eth_chainId", 2), Fault.status(504)));

    List<Integer> statuses = new ArrayList<>();
    for (int i = 0; i < 7; i++) {
      statuses.add(post(i % 2 == 0 ? CHAIN_ID : BLOCK_NUMBER).statusCode());
    }

    // requests 3 and 6 are every third; the second eth_chainId is request 3, already taken
    assertThat(statuses).containsExactly(200, 200, 502, 200, 200, 502, 200);

    proxy.reset();
    proxy.install(Rule.of(Match.sampled(0.3, 42), Fault.status(503)));
    List<Integer> firstRun = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      firstRun.add(post(BLOCK_NUMBER).statusCode());
    }
    proxy.reset();
    proxy.install(Rule.of(Match.sampled(0.3, 42), Fault.status(503)));
    List<Integer> secondRun = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      secondRun.add(post(BLOCK_NUMBER).statusCode());
    }
    assertThat(secondRun).isEqualTo(firstRun).contains(503).contains(200);
  }

  @Test
  void allOf_narrowsPerCallFaultsToCallsEveryMatchSelects() throws Exception {
    proxy.install(
        Rule.of(
            Match.allOf(Match.nthRequest(1), Match.method("eth_getBalance")),
            Fault.rpcError(-32000, "header not found")));

    JsonNode first = json(post(batch(CHAIN_ID, balanceCall(3, holder(), "latest"))));
    JsonNode second = json(post(batch(CHAIN_ID, balanceCall(3, holder(), "latest"))));

    assertThat(first.get(0).has("result")).isTrue();
    assertThat(first.get(1).has("error")).isTrue();
    assertThat(second.get(1).has("result")).isTrue();
  }

  @Test
  void underConcurrency_countsAndLimitsAreExact() throws Exception {
    proxy.install(Rule.of(Match.any(), Fault.status(503)).times(50));
    ExecutorService pool = Executors.newFixedThreadPool(16);
    try {
      List<Future<Integer>> answers = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        answers.add(pool.submit(() -> post(BLOCK_NUMBER).statusCode()));
      }
      List<Integer> statuses = new ArrayList<>();
      for (Future<Integer> answer : answers) {
        statuses.add(answer.get(60, TimeUnit.SECONDS));
      }

      assertThat(statuses).filteredOn(s -> s == 503).hasSize(50);
      assertThat(statuses).filteredOn(s -> s == 200).hasSize(150);
      ProxyCounts counts = proxy.counts();
      assertThat(counts.requests()).isEqualTo(200);
      assertThat(counts.calls("eth_blockNumber")).isEqualTo(200);
      assertThat(counts.faults("http_503")).isEqualTo(50);
      assertThat(counts.faults("pass_through")).isEqualTo(150);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void reset_clearsRulesAndCounts_andNumbersFromOneAgain() throws Exception {
    proxy.install(Rule.of(Match.nthRequest(1), Fault.status(503)));
    assertThat(post(BLOCK_NUMBER).statusCode()).isEqualTo(503);

    proxy.reset();

    assertThat(proxy.rules()).isEmpty();
    assertThat(proxy.counts().requests()).isZero();
    assertThat(proxy.counts().calls()).isZero();
    proxy.install(Rule.of(Match.nthRequest(1), Fault.status(502)));
    assertThat(post(BLOCK_NUMBER).statusCode()).isEqualTo(502);
    assertThat(post(BLOCK_NUMBER).statusCode()).isEqualTo(200);
  }

  @Test
  void rules_areValues() {
    Rule rule = Rule.of(Match.method("eth_call"), Fault.status(503)).times(3);

    assertThat(rule)
        .isEqualTo(new Rule(new Match.Method("eth_call"), new Fault.HttpStatus(503), 3));
    assertThat(rule.toString()).contains("eth_call").contains("503").contains("3");
    assertThatThrownBy(() -> Rule.of(Match.any(), Fault.hang()).times(0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Match.nthRequest(0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Fault.status(99)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void anUnreachableNode_isA502() throws Exception {
    try (FaultProxy nowhere = FaultProxy.inFrontOf(URI.create("http://127.0.0.1:9/"))) {
      HttpResponse<String> answer =
          client.send(
              HttpRequest.newBuilder(nowhere.url())
                  .header("Content-Type", "application/json")
                  .timeout(Duration.ofSeconds(30))
                  .POST(HttpRequest.BodyPublishers.ofString(BLOCK_NUMBER))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(answer.statusCode()).isEqualTo(502);
    }
  }
}
