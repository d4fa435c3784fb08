package org.walletstate.devnet.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.util.HashMap;
import java.util.Map;

/**
 * How a {@link FaultProxy} writes its own answers: a response with a status, type and body, and
 * JSON-RPC errors for the calls a rule selects (in a batch, the other calls forwarded in one batch
 * and every answer in request order).
 */
final class ProxyAnswers {

  private static final ObjectMapper JSON = new ObjectMapper();

  private ProxyAnswers() {}

  /** The error for the selected calls of the request; the others pass through. */
  static void rpcError(
      UpstreamNode node,
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
        node.passThrough(exchange, body);
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
      JsonNode answers = JSON.readTree(node.forward(JSON.writeValueAsBytes(forwarded)).body());
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

  static ObjectNode error(JsonNode id, Fault.RpcError error) {
    ObjectNode answer = JSON.createObjectNode();
    answer.put("jsonrpc", "2.0");
    answer.set("id", id == null ? JSON.nullNode() : id);
    answer.putObject("error").put("code", error.code()).put("message", error.message());
    return answer;
  }

  static void respond(HttpExchange exchange, int status, String type, byte[] body)
      throws IOException {
    exchange.getResponseHeaders().set("Content-Type", type);
    exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
    if (body.length > 0) {
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }
}
