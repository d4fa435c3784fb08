package org.walletstate.devnet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A plain JSON-RPC 2.0 client over {@link java.net.http.HttpClient}: what tests use to read the
 * devnet without any Ethereum library. Thread-safe.
 */
public final class JsonRpc {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** How long {@link #sendTransaction} and {@link #minedReceipt} wait for a block. */
  public static final Duration MINED_WITHIN = Duration.ofSeconds(30);

  private final URI url;
  private final HttpClient http;
  private final AtomicLong ids = new AtomicLong();

  public JsonRpc(URI url) {
    this.url = url;
    this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  }

  public URI url() {
    return url;
  }

  /**
   * Sends one request. Parameters may be strings, numbers, booleans, lists, maps or JsonNodes.
   *
   * @return the {@code result} member (may be a null node)
   * @throws JsonRpcException when the node answers with an error
   * @throws DevnetException when the node cannot be reached or answers garbage
   */
  public JsonNode call(String method, Object... params) {
    ObjectNode request = JSON.createObjectNode();
    request.put("jsonrpc", "2.0");
    request.put("id", ids.incrementAndGet());
    request.put("method", method);
    ArrayNode array = request.putArray("params");
    for (Object p : params) {
      array.add(JSON.valueToTree(p));
    }
    HttpRequest httpRequest =
        HttpRequest.newBuilder(url)
            .timeout(Duration.ofSeconds(60))
            .header("content-type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(request.toString()))
            .build();
    HttpResponse<String> response;
    try {
      response = http.send(httpRequest, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new DevnetException(method + " to " + url + " failed: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DevnetException(method + " to " + url + " interrupted", e);
    }
    JsonNode body;
    try {
      body = JSON.readTree(response.body());
    } catch (IOException e) {
      throw new DevnetException(
          method + ": unreadable answer (HTTP " + response.statusCode() + ")", e);
    }
    JsonNode error = body.path("error");
    if (!error.isMissingNode() && !error.isNull()) {
      throw new JsonRpcException(
          method, error.path("code").asLong(), error.path("message").asText(), error.path("data"));
    }
    if (!body.has("result")) {
      throw new DevnetException(method + ": answer has neither result nor error: " + body);
    }
    return body.get("result");
  }

  /**
   * {@code eth_sendTransaction}, then waits until the transaction is mined; returns its hash.
   *
   * <p>anvil answers {@code eth_sendTransaction} as soon as the transaction is in its pool, and its
   * automine puts it into a block a moment later: a receipt read right after the answer can find
   * nothing, and an {@code evm_mine} sent in that moment mines the transaction into the very block
   * it makes, so the transaction gets one confirmation fewer than the caller counted. Anything that
   * relies on a transaction being mined sends it with this method.
   *
   * @param transaction the transaction object ({@code from}, {@code to}, {@code data}, …)
   * @throws DevnetException when it is not mined within {@link #MINED_WITHIN}
   */
  public String sendTransaction(Map<String, ?> transaction) {
    String hash = call("eth_sendTransaction", transaction).asText();
    minedReceipt(hash);
    return hash;
  }

  /**
   * The receipt of {@code hash}, waiting (polling every 5 ms) until the transaction is mined.
   *
   * @throws DevnetException when it is not mined within {@link #MINED_WITHIN}
   */
  public JsonNode minedReceipt(String hash) {
    long until = System.nanoTime() + MINED_WITHIN.toNanos();
    while (true) {
      JsonNode receipt = call("eth_getTransactionReceipt", hash);
      if (!receipt.isNull()) {
        return receipt;
      }
      if (System.nanoTime() - until > 0) {
        throw new DevnetException(
            "transaction " + hash + " was not mined within " + MINED_WITHIN.toSeconds() + " s");
      }
      try {
        Thread.sleep(5);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new DevnetException("interrupted while waiting for " + hash, e);
      }
    }
  }

  /** {@code eth_call} of {@code data} on {@code to} at {@code blockTag}; returns the hex output. */
  public String ethCall(String to, String data, String blockTag) {
    return call("eth_call", Map.of("to", to, "data", data), blockTag).asText();
  }

  public String code(String address, String blockTag) {
    return call("eth_getCode", address, blockTag).asText();
  }

  public long blockNumber() {
    return quantity(call("eth_blockNumber").asText()).longValueExact();
  }

  /** The block header (transactions as hashes) for a tag or 0x-number. */
  public JsonNode block(String blockTag) {
    JsonNode block = call("eth_getBlockByNumber", blockTag, false);
    if (block.isNull()) {
      throw new DevnetException("no block " + blockTag + " at " + url);
    }
    return block;
  }

  /** {@code eth_getProof} for an account and storage slots (32-byte hex) at a block. */
  public JsonNode proof(String address, List<String> storageKeys, String blockTag) {
    return call("eth_getProof", address, storageKeys, blockTag);
  }

  /** {@code 0x}-hex of a block number, as JSON-RPC wants block tags. */
  public static String tag(long blockNumber) {
    return "0x" + Long.toHexString(blockNumber);
  }

  /** Parses a JSON-RPC quantity or a 32-byte word ({@code 0x}-hex) as an unsigned integer. */
  public static BigInteger quantity(String hex) {
    String digits = hex.startsWith("0x") ? hex.substring(2) : hex;
    return digits.isEmpty() ? BigInteger.ZERO : new BigInteger(digits, 16);
  }
}
