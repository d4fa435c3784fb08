package org.walletstate.devnet.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
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
  private static final byte[] CUT_OFF =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"0x12".getBytes(StandardCharsets.UTF_8);

  private final UpstreamNode node;
  private final HttpServer server;
  private final ExecutorService handlers;
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
    this.node = new UpstreamNode(Objects.requireNonNull(upstream, "upstream"));
    this.handlers = Executors.newCachedThreadPool(daemonThreads());
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
    return node.uri();
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
      node.passThrough(exchange, body);
    } else if (fault instanceof Fault.Delay delay) {
      Thread.sleep(delay.delay().toMillis());
      node.passThrough(exchange, body);
    } else if (fault instanceof Fault.Hang) {
      release.await(LONGEST_HANG.toMillis(), TimeUnit.MILLISECONDS);
      // released: leave without a status line, which drops the connection
    } else if (fault instanceof Fault.HttpStatus status) {
      if (status.status() == 429) {
        exchange.getResponseHeaders().set("Retry-After", "1");
      }
      ProxyAnswers.respond(
          exchange,
          status.status(),
          "text/plain",
          ("HTTP " + status.status() + " from the fault proxy").getBytes(StandardCharsets.UTF_8));
    } else if (fault instanceof Fault.MalformedJson) {
      ProxyAnswers.respond(exchange, 200, "application/json", CUT_OFF);
    } else if (fault instanceof Fault.RpcError error) {
      ProxyAnswers.rpcError(node, exchange, error, match, request, json, body);
    } else if (fault instanceof Fault.DropConnection) {
      // leave without a status line: the connection is dropped
    } else {
      node.moveHead(exchange, (Fault.MoveHead) fault, body);
    }
  }

  // ---- plumbing

  private void releaseHanging() {
    CountDownLatch previous = release;
    release = new CountDownLatch(1);
    previous.countDown();
  }

  private static JsonNode parse(byte[] body) {
    try {
      return JSON.readTree(body);
    } catch (IOException e) {
      return null;
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
