package org.walletstate.devnet.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Tron served through a {@link JsonRpcReplay} in the shapes of the full node's HTTP API docs, on
 * the solidified paths: {@code getnowblock}, {@code getaccount} (an unknown account answers {@code
 * {}}, a zero balance is omitted) and {@code triggerconstantcontract} for {@code
 * balanceOf(address)} and {@code decimals()} of the TRC-20 tokens it holds. A call to a contract it
 * does not hold reverts: {@code result.result} true with {@code ret: FAILED}, as the node answers.
 */
public final class TronReplay {

  private static final ObjectMapper JSON = new ObjectMapper();

  private volatile long number = 66987627;
  private volatile String blockId =
      "0000000003fe266bf6b6d392f654dc2e5011601546ed04623d9fcc4e9d439a25";
  private final Map<String, Long> sun = new ConcurrentHashMap<>();
  private final Map<String, Integer> decimals = new ConcurrentHashMap<>();
  private final Map<String, BigInteger> balances = new ConcurrentHashMap<>();

  // Head accessors in the same shape as SuiReplay's and XrplReplay's by design: each replay names
  // its own chain's head.
  public long number() {
    return number;
  }

  public String blockId() {
    return blockId;
  }

  public TronReplay head(long number, String blockId) {
    this.number = number;
    this.blockId = blockId;
    return this;
  }

  public TronReplay clear() {
    sun.clear();
    decimals.clear();
    balances.clear();
    return this;
  }

  /** An account holding {@code amount} sun. */
  public TronReplay account(String address, long amount) {
    sun.put(address, amount);
    return this;
  }

  /** A TRC-20 token with its decimals. */
  public TronReplay token(String contract, int tokenDecimals) {
    decimals.put(contract, tokenDecimals);
    return this;
  }

  /** {@code holder}'s balance of {@code contract}, in base units. */
  public TronReplay holds(String contract, String holderHex40, BigInteger amount) {
    balances.put(contract + "/" + holderHex40.toLowerCase(java.util.Locale.ROOT), amount);
    return this;
  }

  /** Serves this chain on {@code replay}. */
  public TronReplay serveOn(JsonRpcReplay replay) {
    replay.on("/walletsolidity/getnowblock", request -> Reply.json(headAnswer()));
    replay.on(
        "/walletsolidity/getaccount",
        request -> Reply.json(accountAnswer(request.path("body").path("address").asText())));
    replay.on(
        "/walletsolidity/triggerconstantcontract",
        request -> Reply.json(callAnswer(request.path("body"))));
    return this;
  }

  public String headAnswer() {
    ObjectNode answer = JSON.createObjectNode().put("blockID", blockId);
    answer
        .putObject("block_header")
        .putObject("raw_data")
        .put("number", number)
        .put("timestamp", 1777445307000L);
    return answer.toString();
  }

  private String accountAnswer(String address) {
    Long amount = sun.get(address);
    if (amount == null) {
      return "{}";
    }
    ObjectNode answer = JSON.createObjectNode().put("address", address);
    if (amount != 0) {
      answer.put("balance", amount);
    }
    answer.put("create_time", 1776933207000L);
    return answer.toString();
  }

  private String callAnswer(JsonNode body) {
    String contract = body.path("contract_address").asText();
    String selector = body.path("function_selector").asText();
    Integer tokenDecimals = decimals.get(contract);
    if (tokenDecimals == null) {
      return reverted();
    }
    BigInteger value;
    if (selector.equals("decimals()")) {
      value = BigInteger.valueOf(tokenDecimals);
    } else if (selector.equals("balanceOf(address)")) {
      String holder = body.path("parameter").asText().substring(24);
      value = balances.getOrDefault(contract + "/" + holder, BigInteger.ZERO);
    } else {
      return reverted();
    }
    ObjectNode answer = JSON.createObjectNode();
    answer.putObject("result").put("result", true);
    answer.put("energy_used", 935);
    answer.putArray("constant_result").add(String.format("%064x", value));
    ObjectNode transaction = answer.putObject("transaction");
    transaction.putArray("ret").addObject();
    transaction.put("visible", true);
    transaction.put("txID", "cff6488e738ce77f7325572fe0aa2470f87dbf1c95eeeb2c25feec59d5afa35c");
    return answer.toString();
  }

  /** A constant call that reverted: the node still says {@code result: true}. */
  public static String reverted() {
    ObjectNode answer = JSON.createObjectNode();
    answer.putObject("result").put("result", true);
    answer.putArray("constant_result").add("");
    answer.putObject("transaction").putArray("ret").addObject().put("ret", "FAILED");
    return answer.toString();
  }
}
