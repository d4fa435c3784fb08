package org.walletstate.devnet.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * A local JSON-RPC server for chains that have no local node (Solana, the XRP Ledger; Sui's GraphQL
 * as the method {@code graphql}): it answers each request by its {@code method} with what the test
 * installed, typically an answer in the exact shape of the chain's documentation. Requests are
 * recorded. A method without a responder gets HTTP 500. REST APIs (Esplora, Tron's HTTP API) are
 * served too: a request to any path but {@code /} is answered by the responder of its path, which
 * stands for the method.
 */
public final class JsonRpcReplay extends LoopbackReplay {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Map<String, Function<JsonNode, Reply>> responders = new ConcurrentHashMap<>();
  private final List<JsonNode> requests = new CopyOnWriteArrayList<>();

  private JsonRpcReplay() {
    super("json-rpc-replay", "application/json");
  }

  /** A server on a free loopback port, answering at once. */
  public static JsonRpcReplay start() {
    return listening(new JsonRpcReplay());
  }

  /** Answers every request of {@code method} with {@code responder}'s reply (replacing any). */
  public JsonRpcReplay on(String method, Function<JsonNode, Reply> responder) {
    responders.put(method, responder);
    return this;
  }

  /** Answers every request of {@code method} with {@code reply}. */
  public JsonRpcReplay on(String method, Reply reply) {
    return on(method, request -> reply);
  }

  /** Forgets every responder and request. */
  public void reset() {
    responders.clear();
    requests.clear();
  }

  /** The requests received, in order. */
  public List<JsonNode> requests() {
    return new ArrayList<>(requests);
  }

  /** The requests of {@code method} received, in order. */
  public List<JsonNode> requests(String method) {
    return requests.stream().filter(r -> method.equals(r.path("method").asText())).toList();
  }

  @Override
  void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath();
      byte[] body = exchange.getRequestBody().readAllBytes();
      JsonNode request;
      if (path.equals("/")) {
        try {
          request = JSON.readTree(body);
        } catch (IOException e) {
          send(exchange, 400, "{\"error\":\"not JSON\"}");
          return;
        }
      } else {
        request = restRequest(path, body);
        if (request == null) {
          send(exchange, 400, "{\"error\":\"not JSON\"}");
          return;
        }
      }
      requests.add(request);
      // a GraphQL request has no method: it is answered by the responder of "graphql"
      String method = request.has("method") ? request.path("method").asText() : "graphql";
      Function<JsonNode, Reply> responder = responders.get(method);
      // a path without its own responder is answered by the nearest "/prefix/*" above it
      for (String prefix = method;
          responder == null && prefix.lastIndexOf('/') >= 0;
          prefix = prefix.substring(0, prefix.lastIndexOf('/'))) {
        responder = responders.get(prefix.substring(0, prefix.lastIndexOf('/')) + "/*");
      }
      if (responder == null) {
        send(exchange, 500, "{\"error\":\"no responder\"}");
        return;
      }
      answer(exchange, responder.apply(request));
    }
  }

  /**
   * A REST request (any path but {@code /}) as {@code {"method": path, "body": ...}}: responders of
   * REST APIs are installed by path, or by {@code /prefix/*} for every path under a prefix (the
   * nearest prefix answers: {@code /tx/*} answers {@code /tx/ab} and {@code /tx/ab/status}).
   */
  private static JsonNode restRequest(String path, byte[] body) {
    ObjectNode request = JSON.createObjectNode().put("method", path);
    if (body.length > 0) {
      try {
        request.set("body", JSON.readTree(body));
      } catch (IOException e) {
        return null;
      }
    }
    return request;
  }
}
