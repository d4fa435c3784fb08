package org.walletstate.devnet.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A loopback JSON-RPC endpoint in front of a node (a devnet chain) whose behaviour a test switches
 * with {@link Rule}s: it passes requests through unless a rule picks one, and then delays it,
 * hangs, answers an HTTP error, malformed JSON or JSON-RPC errors, drops the connection, or moves
 * the node's head on before answering. It counts requests and calls per method.
 *
 * <p>Thread-safe: requests are served concurrently, each numbered in arrival order; a rule's firing
 * limit holds exactly under concurrency. {@link #reset()} between tests clears rules and counts and
 * releases hanging requests. Closing it releases everything and stops the server.
 *
 * <pre>{@code
 * try (FaultProxy proxy = FaultProxy.inFrontOf(devnet.rpcUrl(10))) {
 *   proxy.install(Rule.of(Match.method("eth_call"), Fault.status(503)).times(2));
 *   ... point the client at proxy.url() ...
 *   assertThat(proxy.counts().calls("eth_call")).isEqualTo(3);
 * }
 * }</pre>
 */
public final class FaultProxy implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration LONGEST_HANG = Duration.ofMinutes(10);
  private static final Duration UPSTREAM_TIMEOUT = Duration.ofSeconds(30);
  private static final byte[] CUT_OFF =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"0x12".getBytes(StandardCharsets.UTF_8);

  private final URI upstream;
  private final HttpServer server;
  private final ExecutorService handlers;
  private final HttpClient http;
  private final AtomicLong upstreamIds = new AtomicLong();
  private final List<Installed> rules = new CopyOnWriteArrayList<>();
  private final Object numbering = new Object();
  private final AtomicLong requests = new AtomicLong();
  private final Map<String, AtomicLong> callsByMethod = new ConcurrentHashMap<>();
  private final Map<String, AtomicLong> faultsByKind = new ConcurrentHashMap<>();
  private volatile CountDownLatch release = new CountDownLatch(1);

  /** One installed rule and how often it fired. */
  public final class Installed {
    private final Rule rule;
    private final AtomicLong fired = new AtomicLong();

    private Installed(Rule rule) {
      this.rule = rule;
    }

    public Rule rule() {
      return rule;
    }

    /** Requests this rule has answered so far. */
    public long fired() {
      return fired.get();
    }

    /** Uninstalls the rule; requests it would have taken go to the next rule or pass through. */
    public void remove() {
      rules.remove(this);
    }

    private boolean tryFire() {
      while (true) {
        long now = fired.get();
        if (now >= rule.limit()) {
          return false;
        }
        if (fired.compareAndSet(now, now + 1)) {
          return true;
        }
      }
    }

    @Override
    public String toString() {
      return rule + " fired " + fired.get();
    }
  }

  private FaultProxy(URI upstream) throws IOException {
    this.upstream = Objects.requireNonNull(upstream, "upstream");
    this.handlers = Executors.newCachedThreadPool(daemonThreads());
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(5))
            .version(HttpClient.Version.HTTP_1_1)
            .build();
    this.server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
    server.setExecutor(handlers);
    server.createContext("/", this::handle);
    server.start();
  }

  /** Starts a proxy on a free loopback port in front of {@code upstream}, passing everything. */
  public static FaultProxy inFrontOf(URI upstream) {
    try {
      return new FaultProxy(upstream);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the fault proxy", e);
    }
  }

  /** Where clients send their requests. */
  public URI url() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
  }

  /** The node behind the proxy. */
  public URI upstream() {
    return upstream;
  }

  /** Adds a rule after the installed ones. */
  public Installed install(Rule rule) {
    Installed installed = new Installed(Objects.requireNonNull(rule, "rule"));
    rules.add(installed);
    return installed;
  }

  /** The installed rules, in the order they are tried. */
  public List<Installed> rules() {
    return List.copyOf(rules);
  }

  /** Back to passing everything through; hanging requests are released (their connection drops). */
  public void clearRules() {
    rules.clear();
    releaseHanging();
  }

  /**
   * {@link #clearRules()}, and counting starts again: the next request is number 1, every method's
   * next call is its first. Call it between tests, when no request is in flight.
   */
  public void reset() {
    clearRules();
    synchronized (numbering) {
      requests.set(0);
      callsByMethod.clear();
      faultsByKind.clear();
    }
  }

  /** What was received since the start or the last reset. */
  public ProxyCounts counts() {
    synchronized (numbering) {
      return new ProxyCounts(requests.get(), snapshot(callsByMethod), snapshot(faultsByKind));
    }
  }

  @Override
  public void close() {
    rules.clear();
    release.countDown();
    server.stop(0);
    handlers.shutdownNow();
  }

  // ---- serving

  private void handle(HttpExchange exchange) {
    try (exchange) {
      byte[] body = exchange.getRequestBody().readAllBytes();
      JsonNode json = parse(body);
      ProxiedRequest request = number(json);
      Installed rule = choose(request);
      Fault fault = rule == null ? Fault.passThrough() : rule.rule().fault();
      faultsByKind.computeIfAbsent(fault.kind(), k -> new AtomicLong()).incrementAndGet();
      answer(
          exchange, fault, rule == null ? Match.any() : rule.rule().match(), request, json, body);
    } catch (IOException e) {
      // the client went away; nothing to answer
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private ProxiedRequest number(JsonNode json) {
    List<JsonNode> calls = new ArrayList<>();
    if (json != null && json.isArray()) {
      json.forEach(calls::add);
    } else if (json != null && json.isObject()) {
      calls.add(json);
    }
    synchronized (numbering) {
      long sequence = requests.incrementAndGet();
      List<ProxiedCall> numbered = new ArrayList<>(calls.size());
      for (JsonNode call : calls) {
        String method = call.path("method").asText("");
        long ordinal =
            callsByMethod.computeIfAbsent(method, m -> new AtomicLong()).incrementAndGet();
        numbered.add(new ProxiedCall(method, ordinal, call.path("params").toString()));
      }
      return new ProxiedRequest(sequence, numbered, json != null && json.isArray());
    }
  }

  private Installed choose(ProxiedRequest request) {
    for (Installed installed : rules) {
      if (installed.rule().match().matches(request) && installed.tryFire()) {
        return installed;
      }
    }
    return null;
  }

  private void answer(
      HttpExchange exchange,
      Fault fault,
      Match match,
      ProxiedRequest request,
      JsonNode json,
      byte[] body)
      throws IOException, InterruptedException {
    if (fault instanceof Fault.PassThrough) {
      passThrough(exchange, body);
    } else if (fault instanceof Fault.Delay delay) {
      Thread.sleep(delay.delay().toMillis());
      passThrough(exchange, body);
    } else if (fault instanceof Fault.Hang) {
      release.await(LONGEST_HANG.toMillis(), TimeUnit.MILLISECONDS);
      // released: leave without a status line, which drops the connection
    } else if (fault instanceof Fault.HttpStatus status) {
      if (status.status() == 429) {
        exchange.getResponseHeaders().set("Retry-After", "1");
      }
      respond(
          exchange,
          status.status(),
          "text/plain",
          ("HTTP " + status.status() + " from the fault proxy").getBytes(StandardCharsets.UTF_8));
    } else if (fault instanceof Fault.MalformedJson) {
      respond(exchange, 200, "application/json", CUT_OFF);
    } else if (fault instanceof Fault.RpcError error) {
      rpcError(exchange, error, match, request, json, body);
    } else if (fault instanceof Fault.DropConnection) {
      // leave without a status line: the connection is dropped
    } else {
      moveHead(exchange, (Fault.MoveHead) fault, body);
    }
  }

  private void passThrough(HttpExchange exchange, byte[] body) throws IOException {
    HttpResponse<byte[]> answer;
    try {
      answer = forward(body);
    } catch (IOException e) {
      respond(
          exchange,
          502,
          "text/plain",
          ("node unreachable: " + e.getMessage()).getBytes(StandardCharsets.UTF_8));
      return;
    }
    respond(exchange, answer.statusCode(), "application/json", answer.body());
  }

  private void rpcError(
      HttpExchange exchange,
      Fault.RpcError error,
      Match match,
      ProxiedRequest request,
      JsonNode json,
      byte[] body)
      throws IOException {
    if (json == null || !(json.isArray() || json.isObject())) {
      respond(exchange, 200, "application/json", JSON.writeValueAsBytes(error(null, error)));
      return;
    }
    if (json.isObject()) {
      if (match.selects(request.calls().get(0))) {
        respond(
            exchange,
            200,
            "application/json",
            JSON.writeValueAsBytes(error(json.get("id"), error)));
      } else {
        passThrough(exchange, body);
      }
      return;
    }
    // a batch: errors for the selected calls, the others forwarded in one batch, answers in order
    ArrayNode forwarded = JSON.createArrayNode();
    for (int i = 0; i < json.size(); i++) {
      if (!match.selects(request.calls().get(i))) {
        forwarded.add(json.get(i));
      }
    }
    Map<String, JsonNode> answersById = new HashMap<>();
    if (!forwarded.isEmpty()) {
      JsonNode answers = JSON.readTree(forward(JSON.writeValueAsBytes(forwarded)).body());
      answers.forEach(answer -> answersById.put(answer.path("id").toString(), answer));
    }
    ArrayNode out = JSON.createArrayNode();
    for (int i = 0; i < json.size(); i++) {
      JsonNode id = json.get(i).get("id");
      out.add(
          match.selects(request.calls().get(i))
              ? error(id, error)
              : answersById.getOrDefault(String.valueOf(id), error(id, error)));
    }
    respond(exchange, 200, "application/json", JSON.writeValueAsBytes(out));
  }

  private void moveHead(HttpExchange exchange, Fault.MoveHead move, byte[] body)
      throws IOException {
    HttpResponse<byte[]> answer = forward(body);
    for (RpcCall change : move.changes()) {
      JsonNode result = callNode(change);
      if (change.method().equals("eth_sendTransaction")) {
        // anvil answers before its automine has put the transaction into a block
        awaitMined(result.asText());
      }
    }
    for (int i = 0; i < move.blocks(); i++) {
      callNode(RpcCall.of("evm_mine"));
    }
    respond(exchange, answer.statusCode(), "application/json", answer.body());
  }

  // ---- the node

  private HttpResponse<byte[]> forward(byte[] body) throws IOException {
    try {
      return http.send(
          HttpRequest.newBuilder(upstream)
              .header("Content-Type", "application/json")
              .timeout(UPSTREAM_TIMEOUT)
              .POST(HttpRequest.BodyPublishers.ofByteArray(body))
              .build(),
          HttpResponse.BodyHandlers.ofByteArray());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while forwarding", e);
    }
  }

  /** Polls the node until {@code hash} has a receipt, for up to {@link #UPSTREAM_TIMEOUT}. */
  private void awaitMined(String hash) throws IOException {
    long until = System.nanoTime() + UPSTREAM_TIMEOUT.toNanos();
    while (callNode(RpcCall.of("eth_getTransactionReceipt", hash)).isNull()) {
      if (System.nanoTime() - until > 0) {
        throw new IOException("transaction " + hash + " was not mined in time");
      }
      try {
        Thread.sleep(5);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while waiting for " + hash, e);
      }
    }
  }

  /**
   * Sends one call of the proxy's own and answers its result; an error answer is a failure of the
   * test set-up.
   */
  private JsonNode callNode(RpcCall call) throws IOException {
    ObjectNode request = JSON.createObjectNode();
    request.put("jsonrpc", "2.0");
    request.put("id", "fault-proxy-" + upstreamIds.incrementAndGet());
    request.put("method", call.method());
    request.set("params", JSON.valueToTree(call.params()));
    JsonNode answer = JSON.readTree(forward(JSON.writeValueAsBytes(request)).body());
    if (answer.has("error")) {
      throw new IOException(call.method() + " failed on the node: " + answer.get("error"));
    }
    return answer.path("result");
  }

  // ---- plumbing

  private void releaseHanging() {
    CountDownLatch previous = release;
    release = new CountDownLatch(1);
    previous.countDown();
  }

  private static ObjectNode error(JsonNode id, Fault.RpcError error) {
    ObjectNode answer = JSON.createObjectNode();
    answer.put("jsonrpc", "2.0");
    answer.set("id", id == null ? JSON.nullNode() : id);
    answer.putObject("error").put("code", error.code()).put("message", error.message());
    return answer;
  }

  private static JsonNode parse(byte[] body) {
    try {
      return JSON.readTree(body);
    } catch (IOException e) {
      return null;
    }
  }

  private static void respond(HttpExchange exchange, int status, String type, byte[] body)
      throws IOException {
    exchange.getResponseHeaders().set("Content-Type", type);
    exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
    if (body.length > 0) {
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }

  private static Map<String, Long> snapshot(Map<String, AtomicLong> counters) {
    Map<String, Long> copy = new LinkedHashMap<>();
    counters.forEach((key, value) -> copy.put(key, value.get()));
    return copy;
  }

  private static ThreadFactory daemonThreads() {
    AtomicInteger next = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, "fault-proxy-" + next.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
