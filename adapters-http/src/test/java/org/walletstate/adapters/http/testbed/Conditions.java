package org.walletstate.adapters.http.testbed;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Condition objects and attest bodies for HTTP tests, built as the JSON a client sends. */
public final class Conditions {

  private Conditions() {}

  /** A condition of {@code type} with {@code members} as name/value pairs, in that order. */
  public static Map<String, Object> condition(String type, Object... members) {
    Map<String, Object> condition = new LinkedHashMap<>();
    condition.put("type", type);
    for (int i = 0; i < members.length; i += 2) {
      condition.put((String) members[i], members[i + 1]);
    }
    return condition;
  }

  /** {@code condition} with one more member (a copy). */
  public static Map<String, Object> with(Map<String, Object> condition, String name, Object value) {
    Map<String, Object> copy = new LinkedHashMap<>(condition);
    copy.put(name, value);
    return copy;
  }

  /** {@code condition} without a member (a copy). */
  public static Map<String, Object> without(Map<String, Object> condition, String name) {
    Map<String, Object> copy = new LinkedHashMap<>(condition);
    copy.remove(name);
    return copy;
  }

  public static Map<String, Object> tokenBalance(long chainId, String token, Object threshold) {
    return condition(
        "token_balance", "chainId", chainId, "contractAddress", token, "threshold", threshold);
  }

  public static Map<String, Object> nftOwnership(long chainId, String collection) {
    return condition("nft_ownership", "chainId", chainId, "contractAddress", collection);
  }

  public static Map<String, Object> viewCall(long chainId, String contract, String selector) {
    return condition(
        "evm_view_call", "chainId", chainId, "contractAddress", contract, "selector", selector);
  }

  public static Map<String, Object> ratioToAmount(
      long chainId, String token, Object multiple, Object amount) {
    return condition(
        "ratio_to_amount",
        "chainId",
        chainId,
        "contractAddress",
        token,
        "multiple",
        multiple,
        "amount",
        amount);
  }

  public static Map<String, Object> ratioToSupply(long chainId, String token, Object minFraction) {
    return condition(
        "ratio_to_supply",
        "chainId",
        chainId,
        "contractAddress",
        token,
        "minFraction",
        minFraction);
  }

  public static Map<String, Object> accountCode(long chainId, String expect) {
    return condition("account_code", "chainId", chainId, "expect", expect);
  }

  public static Map<String, Object> template(String name) {
    return condition("eas_attestation", "template", name);
  }

  public static Map<String, Object> rawEas(long chainId, String schemaId, String indexer) {
    return condition(
        "eas_attestation", "chainId", chainId, "schemaId", schemaId, "indexer", indexer);
  }

  public static Map<String, Object> farcasterId() {
    return condition("farcaster_id");
  }

  /** {@code {wallet, conditions}}. */
  @SafeVarargs
  public static Map<String, Object> body(String wallet, Map<String, Object>... conditions) {
    List<Map<String, Object>> list = new ArrayList<>();
    for (Map<String, Object> condition : conditions) {
      list.add(condition);
    }
    return body(wallet, list);
  }

  /** {@code {wallet, conditions}}. */
  public static Map<String, Object> body(String wallet, List<Map<String, Object>> conditions) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("wallet", wallet);
    body.put("conditions", List.copyOf(conditions));
    return body;
  }

  /** {@code body} with one more top-level member (a copy). */
  public static Map<String, Object> withMember(
      Map<String, Object> body, String name, Object value) {
    Map<String, Object> copy = new LinkedHashMap<>(body);
    copy.put(name, value);
    return copy;
  }
}
