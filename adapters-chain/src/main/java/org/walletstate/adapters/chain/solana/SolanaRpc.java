package org.walletstate.adapters.chain.solana;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.IntPredicate;
import org.walletstate.adapters.chain.evm.Deadline;
import org.walletstate.adapters.chain.jsonrpc.JsonRpcTransport;
import org.walletstate.adapters.chain.jsonrpc.RpcFailure;

/**
 * The two Solana JSON-RPC methods the snapshot uses, at commitment {@code finalized}, with their
 * answers checked. Any error answer is retried (on the next endpoint): -32016, "minimum context
 * slot has not been reached", is the common one behind load balancers.
 */
final class SolanaRpc {

  static final String COMMITMENT = "finalized";

  private final JsonRpcTransport transport;

  SolanaRpc(JsonRpcTransport transport) {
    this.transport = transport;
  }

  /** Token accounts of an owner at one slot: pubkey to the account's parsed {@code info}. */
  record TokenAccounts(long slot, Map<String, JsonNode> byPubkey) {}

  /** Accounts at one slot, in the order asked; a missing account is {@code null}. */
  record Accounts(long slot, Map<String, JsonNode> byPubkey) {}

  /**
   * {@code getTokenAccountsByOwner} with one filter ({@code mint} or {@code programId}).
   *
   * @param minContextSlot the slot the answer may not be older than, if any
   */
  TokenAccounts tokenAccounts(
      String owner,
      String filterName,
      String filterValue,
      OptionalLong minContextSlot,
      Deadline deadline)
      throws RpcFailure {
    ObjectNode request = request("getTokenAccountsByOwner");
    ArrayNode params = request.putArray("params");
    params.add(owner);
    params.addObject().put(filterName, filterValue);
    ObjectNode options =
        params.addObject().put("commitment", COMMITMENT).put("encoding", "jsonParsed");
    minContextSlot.ifPresent(slot -> options.put("minContextSlot", slot));
    return callForValues(
        request,
        deadline,
        size -> true,
        "getTokenAccountsByOwner: value is not an array",
        (slot, value) -> {
          Map<String, JsonNode> accounts = new LinkedHashMap<>();
          for (JsonNode entry : value) {
            String pubkey = text(entry, "pubkey");
            JsonNode info = entry.path("account").path("data").path("parsed").path("info");
            if (!info.isObject()) {
              throw new RpcFailure("getTokenAccountsByOwner: an account is not jsonParsed");
            }
            accounts.put(pubkey, info);
          }
          return new TokenAccounts(slot, accounts);
        });
  }

  /** {@code getMultipleAccounts} in {@code jsonParsed} (base64 where no parser applies). */
  Accounts accounts(List<String> pubkeys, long minContextSlot, Deadline deadline)
      throws RpcFailure {
    ObjectNode request = request("getMultipleAccounts");
    ArrayNode params = request.putArray("params");
    ArrayNode keys = params.addArray();
    pubkeys.forEach(keys::add);
    params
        .addObject()
        .put("commitment", COMMITMENT)
        .put("encoding", "jsonParsed")
        .put("minContextSlot", minContextSlot);
    return callForValues(
        request,
        deadline,
        size -> size == pubkeys.size(),
        "getMultipleAccounts: value does not list every account asked",
        (slot, value) -> {
          if (slot < minContextSlot) {
            throw new RpcFailure("getMultipleAccounts: answered below minContextSlot");
          }
          Map<String, JsonNode> accounts = new LinkedHashMap<>();
          for (int i = 0; i < pubkeys.size(); i++) {
            JsonNode account = value.get(i);
            if (!account.isNull() && !account.isObject()) {
              throw new RpcFailure("getMultipleAccounts: an account is neither null nor an object");
            }
            accounts.put(pubkeys.get(i), account.isNull() ? null : account);
          }
          return new Accounts(slot, accounts);
        });
  }

  /** What a method makes of its answer's context slot and {@code value} array. */
  @FunctionalInterface
  private interface SlotValues<T> {
    T read(long slot, JsonNode value) throws RpcFailure;
  }

  /**
   * Sends {@code request}, whose answer is a context slot and a {@code value} array.
   *
   * @param size whether the array has as many entries as the method answers
   * @param refusal the failure's detail when {@code value} is not such an array
   */
  private <T> T callForValues(
      ObjectNode request, Deadline deadline, IntPredicate size, String refusal, SlotValues<T> read)
      throws RpcFailure {
    return transport.call(
        request,
        deadline,
        answer -> {
          JsonNode result = result(answer);
          long slot = slot(result);
          JsonNode value = result.get("value");
          if (value == null || !value.isArray() || !size.test(value.size())) {
            throw new RpcFailure(refusal);
          }
          return read.read(slot, value);
        });
  }

  private ObjectNode request(String method) {
    return transport.object().put("jsonrpc", "2.0").put("id", 1).put("method", method);
  }

  private static JsonNode result(JsonNode answer) throws RpcFailure {
    JsonNode error = answer.get("error");
    if (error != null && !error.isNull()) {
      throw new RpcFailure(
          "error " + error.path("code").asText("?") + ": " + error.path("message").asText(""));
    }
    JsonNode result = answer.get("result");
    if (result == null || !result.isObject()) {
      throw new RpcFailure("the answer has no result object");
    }
    return result;
  }

  private static long slot(JsonNode result) throws RpcFailure {
    JsonNode slot = result.path("context").path("slot");
    if (!slot.isIntegralNumber() || !slot.canConvertToLong() || slot.asLong() < 0) {
      throw new RpcFailure("the answer has no context slot");
    }
    return slot.asLong();
  }

  static String text(JsonNode node, String field) throws RpcFailure {
    JsonNode value = node.get(field);
    if (value == null || !value.isTextual()) {
      throw new RpcFailure("the answer has no text " + field);
    }
    return value.asText();
  }

  /** A u64 the node sends as a JSON number or as digits in a string. */
  static BigInteger unsigned(JsonNode value, String what) throws RpcFailure {
    String digits;
    if (value != null && value.isIntegralNumber()) {
      digits = value.bigIntegerValue().toString();
    } else if (value != null && value.isTextual()) {
      digits = value.asText();
    } else {
      throw new RpcFailure(what + " is missing");
    }
    if (digits.isEmpty()
        || digits.length() > 20
        || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new RpcFailure(what + " is not an unsigned integer");
    }
    return new BigInteger(digits);
  }
}
