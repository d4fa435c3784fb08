package org.walletstate.adapters.chain.evm.testing;

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
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A loopback JSON-RPC endpoint the test controls, in front of a real node: it records every HTTP
 * request and answers each as the next scripted {@link Behaviour} says (forwarding to the node when
 * nothing is scripted). It lets tests count what the adapter sends and make the endpoint hang,
 * fail, garble or drop answers.
 */
public final class RpcProxy implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** What the endpoint does with one HTTP request. */
  @FunctionalInterface
  public interface Behaviour {
    void answer(RpcProxy proxy, HttpExchange exchange, byte[] body) throws IOException;
  }

  private final URI target;
  private final HttpServer server;
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final HttpClient forwarder =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  private final ConcurrentLinkedQueue<Behaviour> script = new ConcurrentLinkedQueue<>();
  private final List<JsonNode> received = new CopyOnWriteArrayList<>();
  private final CountDownLatch released = new CountDownLatch(1);
  private volatile Behaviour otherwise = forward();

  private RpcProxy(URI target) throws IOException {
    this.target = target;
    this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(threads);
    server.createContext(
        "/",
        exchange -> {
          try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            received.add(JSON.readTree(body));
            Behaviour next = script.poll();
            (next != null ? next : otherwise).answer(this, exchange, body);
          }
        });
    server.start();
  }

  /** A proxy forwarding to {@code target} unless told otherwise. */
  public static RpcProxy inFrontOf(URI target) {
    try {
      return new RpcProxy(target);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A URL where nothing listens: connections are refused. */
  public static URI deadEndpoint() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public URI url() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
  }

  /** Answers the next HTTP requests with {@code behaviours}, one each, in order. */
  public RpcProxy then(Behaviour... behaviours) {
    script.addAll(List.of(behaviours));
    return this;
  }

  /** Answers every request not scripted with {@code behaviour}. */
  public RpcProxy otherwise(Behaviour behaviour) {
    this.otherwise = Objects.requireNonNull(behaviour, "behaviour");
    return this;
  }

  /** The HTTP requests received so far, each body as JSON (an object, or a batch array). */
  public List<JsonNode> received() {
    return Collections.unmodifiableList(received);
  }

  /** Every JSON-RPC call received so far, batches flattened. */
  public List<JsonNode> calls() {
    List<JsonNode> calls = new ArrayList<>();
    for (JsonNode body : received) {
      if (body.isArray()) {
        body.forEach(calls::add);
      } else {
        calls.add(body);
      }
    }
    return calls;
  }

  /** How many JSON-RPC calls of {@code method} were received. */
  public long calls(String method) {
    return calls().stream().filter(c -> method.equals(c.path("method").asText())).count();
  }

  public void forgetReceived() {
    received.clear();
  }

  // ---- behaviours

  /** Runs {@code action} (on the node, say), then forwards. */
  public static Behaviour after(Runnable action) {
    return (proxy, exchange, body) -> {
      action.run();
      forward().answer(proxy, exchange, body);
    };
  }

  /** Passes the request to the node and its answer back. */
  public static Behaviour forward() {
    return (proxy, exchange, body) -> {
      HttpResponse<byte[]> answer = proxy.forwardToNode(body);
      respond(exchange, answer.statusCode(), answer.body());
    };
  }

  /** Never answers (until the proxy is closed), holding the connection open. */
  public static Behaviour hang() {
    return (proxy, exchange, body) -> {
      try {
        proxy.released.await(2, TimeUnit.MINUTES);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    };
  }

  /** An HTTP error status with a short text body. */
  public static Behaviour status(int code) {
    return (proxy, exchange, body) ->
        respond(exchange, code, ("status " + code).getBytes(StandardCharsets.UTF_8));
  }

  /** A 200 answer with {@code text} as its body, whatever was asked. */
  public static Behaviour body(String text) {
    return (proxy, exchange, body) -> respond(exchange, 200, text.getBytes(StandardCharsets.UTF_8));
  }

  /** Closes the connection without any answer. */
  public static Behaviour closeConnection() {
    return (proxy, exchange, body) -> {
      // closing the exchange before a status line makes the server drop the connection
    };
  }

  /**
   * Forwards, then replaces the answers of the calls matching {@code call} with a JSON-RPC error.
   */
  public static Behaviour failCalls(Predicate<JsonNode> call, int code, String message) {
    return (proxy, exchange, body) -> {
      JsonNode request = JSON.readTree(body);
      JsonNode answer = JSON.readTree(proxy.forwardToNode(body).body());
      if (request.isArray()) {
        for (int i = 0; i < request.size(); i++) {
          if (call.test(request.get(i))) {
            long id = request.get(i).path("id").asLong();
            for (int j = 0; j < answer.size(); j++) {
              if (answer.get(j).path("id").asLong() == id) {
                ((ArrayNode) answer).set(j, error(id, code, message));
              }
            }
          }
        }
      } else if (call.test(request)) {
        answer = error(request.path("id").asLong(), code, message);
      }
      respond(exchange, 200, JSON.writeValueAsBytes(answer));
    };
  }

  /** Forwards, then answers the batch in reverse order (JSON-RPC allows any order). */
  public static Behaviour reverseBatch() {
    return (proxy, exchange, body) -> {
      JsonNode answer = JSON.readTree(proxy.forwardToNode(body).body());
      ArrayNode reversed = JSON.createArrayNode();
      for (int i = answer.size() - 1; i >= 0; i--) {
        reversed.add(answer.get(i));
      }
      respond(exchange, 200, JSON.writeValueAsBytes(reversed));
    };
  }

  /** Forwards, then drops the first answer of the batch. */
  public static Behaviour dropFirstAnswer() {
    return (proxy, exchange, body) -> {
      ArrayNode answer = (ArrayNode) JSON.readTree(proxy.forwardToNode(body).body());
      answer.remove(0);
      respond(exchange, 200, JSON.writeValueAsBytes(answer));
    };
  }

  /** Forwards, then gives every answer of the batch the first answer's id. */
  public static Behaviour repeatFirstId() {
    return (proxy, exchange, body) -> {
      ArrayNode answer = (ArrayNode) JSON.readTree(proxy.forwardToNode(body).body());
      JsonNode id = answer.get(0).path("id");
      answer.forEach(a -> ((ObjectNode) a).set("id", id));
      respond(exchange, 200, JSON.writeValueAsBytes(answer));
    };
  }

  private static ObjectNode error(long id, int code, String message) {
    ObjectNode error = JSON.createObjectNode();
    error.put("jsonrpc", "2.0");
    error.put("id", id);
    error.putObject("error").put("code", code).put("message", message);
    return error;
  }

  private HttpResponse<byte[]> forwardToNode(byte[] body) throws IOException {
    try {
      return forwarder.send(
          HttpRequest.newBuilder(target)
              .header("Content-Type", "application/json")
              .timeout(Duration.ofSeconds(30))
              .POST(HttpRequest.BodyPublishers.ofByteArray(body))
              .build(),
          HttpResponse.BodyHandlers.ofByteArray());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }

  private static void respond(HttpExchange exchange, int status, byte[] body) throws IOException {
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  @Override
  public void close() {
    released.countDown();
    server.stop(0);
    threads.shutdownNow();
  }
}
