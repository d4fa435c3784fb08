package org.walletstate.adapters.chain.xrpl;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Locale;
import java.util.regex.Pattern;
import org.walletstate.adapters.chain.jsonrpc.RpcFailure;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.xrpl.TrustLineHolding;

/** The checks an XRPL JSON-RPC answer passes before its values are read. */
final class XrplAnswers {

  private static final Pattern LEDGER_HASH = Pattern.compile("[0-9A-Fa-f]{64}");

  private XrplAnswers() {}

  static TrustLineHolding holding(JsonNode entry) throws RpcFailure {
    BigDecimal balance;
    try {
      balance = new BigDecimal(entry.path("balance").asText(""));
    } catch (NumberFormatException e) {
      throw new RpcFailure("account_lines: a balance is not a decimal");
    }
    boolean frozen =
        entry.path("freeze_peer").asBoolean(false)
            || entry.path("deep_freeze_peer").asBoolean(false);
    return new TrustLineHolding(balance.signum() > 0 ? balance : BigDecimal.ZERO, frozen);
  }

  /**
   * The result of a call pinned to {@code ledger}, or {@code null} when the account does not exist
   * there ({@code actNotFound}) and {@code missingIsAnswer}.
   */
  static JsonNode pinned(JsonNode answer, long ledger, boolean missingIsAnswer) throws RpcFailure {
    JsonNode result = answer.get("result");
    if (result == null || !result.isObject()) {
      throw new RpcFailure("the answer has no result object");
    }
    if ("error".equals(result.path("status").asText())) {
      String error = result.path("error").asText("?");
      if (missingIsAnswer && error.equals("actNotFound")) {
        JsonNode index = result.get("ledger_index");
        if (index != null && index.asLong(-1) != ledger) {
          throw new RpcFailure("actNotFound at another ledger");
        }
        return null;
      }
      throw new RpcFailure("error " + error);
    }
    if (!"success".equals(result.path("status").asText())) {
      throw new RpcFailure("the answer has no success status");
    }
    if (!result.path("validated").asBoolean(false) || ledgerIndex(result) != ledger) {
      throw new RpcFailure("the answer is not of validated ledger " + ledger);
    }
    return result;
  }

  /**
   * The validated ledger a {@code ledger} answer describes; {@code index} -1 accepts whichever it
   * is, another index must be the one answered.
   */
  static Anchor.XrplLedger ledger(JsonNode answer, long index) throws RpcFailure {
    JsonNode result = success(answer);
    if (!result.path("validated").asBoolean(false)) {
      throw new RpcFailure("ledger: the answer is not a validated ledger");
    }
    long answered = ledgerIndex(result);
    if (index >= 0 && answered != index) {
      throw new RpcFailure("ledger: asked for " + index + ", answered " + answered);
    }
    String hash = result.path("ledger_hash").asText("");
    if (!LEDGER_HASH.matcher(hash).matches()) {
      throw new RpcFailure("ledger: the answer has no ledger_hash");
    }
    return new Anchor.XrplLedger(answered, hash.toUpperCase(Locale.ROOT));
  }

  static JsonNode success(JsonNode answer) throws RpcFailure {
    JsonNode result = answer.get("result");
    if (result == null || !result.isObject()) {
      throw new RpcFailure("the answer has no result object");
    }
    if (!"success".equals(result.path("status").asText())) {
      throw new RpcFailure("error " + result.path("error").asText("?"));
    }
    return result;
  }

  static long ledgerIndex(JsonNode result) throws RpcFailure {
    // Checked as SuiChainState checks a checkpoint number, by design: each family reads its own
    // answer.
    JsonNode index = result.get("ledger_index");
    if (index == null
        || !index.isIntegralNumber()
        || !index.canConvertToLong()
        || index.asLong() < 1) {
      throw new RpcFailure("the answer has no ledger_index");
    }
    return index.asLong();
  }

  static BigInteger drops(JsonNode balance) throws RpcFailure {
    if (balance == null || !balance.isTextual()) {
      throw new RpcFailure("account_info: Balance is not a string of drops");
    }
    String digits = balance.asText();
    if (digits.isEmpty()
        || digits.length() > 20
        || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new RpcFailure("account_info: Balance is not a number of drops");
    }
    return new BigInteger(digits);
  }
}
