package org.walletstate.bench.baseline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.evm.read.ReadOutcomes;
import org.walletstate.domain.observation.ChainObservation;

/**
 * The least a client can do to make the same reads as an observation: the head, one JSON-RPC batch
 * of every distinct request at its number, one more for the follow-ups. {@code java.net.http} and
 * Jackson only; no retries, timeouts, cache, batch limit or failover, and any error is a failure (a
 * revert is recognised by code 3 only). A baseline for load measurements, not for production.
 */
public final class RawBatchReads {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient http;
  private final URI endpoint;
  private final AtomicLong ids = new AtomicLong();

  public RawBatchReads(HttpClient http, URI endpoint) {
    this.http = http;
    this.endpoint = endpoint;
  }

  /** Completes exceptionally on any transport or protocol problem. */
  public CompletableFuture<ChainObservation> observe(
      Set<EvmRead<?>> reads, Function<ReadOutcomes, Set<EvmRead<?>>> followUps) {
    return post(call("eth_getBlockByNumber", List.of("latest", false)))
        .thenCompose(
            head -> {
              JsonNode block = head.path("result");
              Anchor.EvmBlock anchor =
                  new Anchor.EvmBlock(
                      quantity(block.path("number").asText()),
                      Instant.ofEpochSecond(
                          quantity(block.path("timestamp").asText()).longValueExact()));
              String at = anchor.numberHex();
              return round(requestsOf(reads), at)
                  .thenCompose(
                      first -> {
                        ReadOutcomes firstRound = ReadOutcomes.answering(reads, first::get);
                        Set<EvmRead<?>> second = followUps.apply(firstRound);
                        if (second.isEmpty()) {
                          return CompletableFuture.completedFuture(
                              new ChainObservation.Observed(anchor, firstRound));
                        }
                        Set<EvmRequest> asked = requestsOf(second);
                        asked.removeAll(first.keySet());
                        return round(asked, at)
                            .thenApply(
                                more -> {
                                  Map<EvmRequest, ReadOutcome> all = new HashMap<>(first);
                                  all.putAll(more);
                                  return new ChainObservation.Observed(
                                      anchor,
                                      firstRound.plus(ReadOutcomes.answering(second, all::get)));
                                });
                      });
            });
  }

  private CompletableFuture<Map<EvmRequest, ReadOutcome>> round(
      Set<EvmRequest> requests, String at) {
    if (requests.isEmpty()) {
      return CompletableFuture.completedFuture(Map.of());
    }
    ArrayNode batch = JSON.createArrayNode();
    Map<Long, EvmRequest> byId = new HashMap<>();
    for (EvmRequest request : requests) {
      ObjectNode call = call(method(request), params(request, at));
      byId.put(call.path("id").asLong(), request);
      batch.add(call);
    }
    return post(batch)
        .thenApply(
            answers -> {
              Map<EvmRequest, ReadOutcome> outcomes = new LinkedHashMap<>();
              answers.forEach(
                  answer -> {
                    EvmRequest request = byId.get(answer.path("id").asLong());
                    outcomes.put(request, outcome(request, answer));
                  });
              return outcomes;
            });
  }

  private static ReadOutcome outcome(EvmRequest request, JsonNode answer) {
    JsonNode error = answer.path("error");
    if (!error.isMissingNode()) {
      return error.path("code").asInt() == 3
          ? new ReadOutcome.Reverted(Bytes.fromHex(error.path("data").asText("0x")))
          : new ReadOutcome.Failed(error.path("message").asText());
    }
    String result = answer.path("result").asText();
    return request instanceof EvmRequest.EthGetBalance
        ? new ReadOutcome.Quantity(quantity(result))
        : new ReadOutcome.Data(Bytes.fromHex(result));
  }

  private static String method(EvmRequest request) {
    if (request instanceof EvmRequest.EthCall) {
      return "eth_call";
    }
    return request instanceof EvmRequest.EthGetBalance ? "eth_getBalance" : "eth_getCode";
  }

  private static List<Object> params(EvmRequest request, String at) {
    if (request instanceof EvmRequest.EthCall call) {
      return List.of(Map.of("to", call.to().lowercase(), "data", call.data().toHex()), at);
    }
    if (request instanceof EvmRequest.EthGetBalance balance) {
      return List.of(balance.account().lowercase(), at);
    }
    return List.of(((EvmRequest.EthGetCode) request).account().lowercase(), at);
  }

  private ObjectNode call(String method, List<Object> params) {
    ObjectNode call = JSON.createObjectNode();
    call.put("jsonrpc", "2.0");
    call.put("id", ids.incrementAndGet());
    call.put("method", method);
    call.set("params", JSON.valueToTree(params));
    return call;
  }

  private CompletableFuture<JsonNode> post(JsonNode body) {
    HttpRequest request;
    try {
      request =
          HttpRequest.newBuilder(endpoint)
              .header("Content-Type", "application/json")
              .POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body)))
              .build();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return http.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray())
        .thenApply(
            response -> {
              try {
                return JSON.readTree(response.body());
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            });
  }

  private static Set<EvmRequest> requestsOf(Set<EvmRead<?>> reads) {
    Set<EvmRequest> requests = new LinkedHashSet<>();
    reads.forEach(read -> requests.add(read.request()));
    return requests;
  }

  private static BigInteger quantity(String hex) {
    return new BigInteger(hex.substring(2), 16);
  }
}
