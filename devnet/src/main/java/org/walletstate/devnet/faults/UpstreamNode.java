package org.walletstate.devnet.faults;

import static org.walletstate.devnet.faults.ProxyAnswers.respond;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The node behind a {@link FaultProxy}: requests forwarded to it as they came, and the proxy's own
 * calls (moving the head on, waiting for a transaction to be mined).
 */
final class UpstreamNode {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration UPSTREAM_TIMEOUT = Duration.ofSeconds(30);

  private final URI upstream;
  private final HttpClient http;
  private final AtomicLong upstreamIds = new AtomicLong();

  UpstreamNode(URI upstream) {
    this.upstream = upstream;
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(5))
            .version(HttpClient.Version.HTTP_1_1)
            .build();
  }

  URI uri() {
    return upstream;
  }

  /** Forwards {@code body} and answers with the node's answer, or 502 when it is unreachable. */
  void passThrough(HttpExchange exchange, byte[] body) throws IOException {
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

  /** Forwards {@code body}, makes the move's changes and blocks, then answers the node's answer. */
  void moveHead(HttpExchange exchange, Fault.MoveHead move, byte[] body) throws IOException {
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

  HttpResponse<byte[]> forward(byte[] body) throws IOException {
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
}
