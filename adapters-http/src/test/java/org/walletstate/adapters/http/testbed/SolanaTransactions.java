package org.walletstate.adapters.http.testbed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.security.SecureRandom;
import java.util.Map;
import java.util.function.LongSupplier;
import org.walletstate.devnet.replay.JsonRpcReplay;
import org.walletstate.devnet.replay.Reply;
import org.walletstate.domain.address.Base58;
import org.walletstate.domain.address.SolanaAddress;

/**
 * Solana {@code getTransaction} results in the documented {@code jsonParsed} shape, for the replay
 * server: a {@code transferChecked} of an SPL token between two token accounts, whose owners and
 * amounts show in {@code meta.preTokenBalances} and {@code meta.postTokenBalances}.
 */
public final class SolanaTransactions {

  public static final String USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
  public static final String TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SecureRandom RANDOM = new SecureRandom();

  private SolanaTransactions() {}

  /** A fresh transaction signature. */
  public static String newSignature() {
    return Base58.BITCOIN.encode(bytes(64));
  }

  /** A fresh account address. */
  public static String newAccount() {
    return SolanaAddress.ofBytes(bytes(32)).text();
  }

  /**
   * The result of {@code getTransaction} for a transaction moving {@code raw} (6 decimals) of
   * {@code mint} from {@code from}'s token account to {@code to}'s, in {@code slot}, at {@code
   * blockTime} (Unix seconds).
   */
  public static ObjectNode transferChecked(
      String tx, String mint, String from, String to, long raw, long slot, long blockTime) {
    ObjectNode result = JSON.createObjectNode();
    result.put("blockTime", blockTime).put("slot", slot).put("version", 0);
    ObjectNode meta = result.putObject("meta");
    meta.putNull("err");
    meta.put("fee", 5000).put("computeUnitsConsumed", 6200);
    meta.putObject("status").putNull("Ok");
    meta.putArray("preBalances").add(1_000_000_000L).add(2_039_280L).add(2_039_280L);
    meta.putArray("postBalances").add(999_995_000L).add(2_039_280L).add(2_039_280L);
    long before = raw * 3;
    balance(meta.putArray("preTokenBalances"), 1, mint, from, before);
    balance(meta.withArray("preTokenBalances"), 2, mint, to, 0);
    balance(meta.putArray("postTokenBalances"), 1, mint, from, before - raw);
    balance(meta.withArray("postTokenBalances"), 2, mint, to, raw);
    meta.putArray("innerInstructions");
    meta.putArray("logMessages").add("Program " + TOKEN_PROGRAM + " invoke [1]");
    ObjectNode transaction = result.putObject("transaction");
    transaction.putArray("signatures").add(tx);
    ObjectNode message = transaction.putObject("message");
    message.putArray("accountKeys");
    message.put("recentBlockhash", "EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N");
    ObjectNode parsed =
        message
            .putArray("instructions")
            .addObject()
            .put("program", "spl-token")
            .put("programId", TOKEN_PROGRAM)
            .putObject("parsed");
    parsed.put("type", "transferChecked");
    parsed
        .putObject("info")
        .put("authority", from)
        .put("mint", mint)
        .put("source", newAccount())
        .put("destination", newAccount())
        .putObject("tokenAmount")
        .put("amount", Long.toString(raw))
        .put("decimals", 6);
    return result;
  }

  /**
   * Makes {@code replay} answer {@code getTransaction} from {@code transactions} (by signature;
   * {@code null} for any other) and {@code getSlot} with {@code head}, read at each request.
   */
  public static void serve(
      JsonRpcReplay replay, Map<String, JsonNode> transactions, LongSupplier head) {
    replay.on(
        "getTransaction",
        request ->
            Reply.json(answer(request, transactions.get(request.path("params").path(0).asText()))));
    replay.on(
        "getSlot",
        request -> Reply.json(answer(request, JSON.getNodeFactory().numberNode(head.getAsLong()))));
  }

  private static String answer(JsonNode request, JsonNode result) {
    ObjectNode answer = JSON.createObjectNode().put("jsonrpc", "2.0");
    answer.set("result", result == null ? JSON.nullNode() : result);
    answer.set("id", request.path("id"));
    return answer.toString();
  }

  private static void balance(ArrayNode list, int index, String mint, String owner, long raw) {
    ObjectNode b = list.addObject();
    b.put("accountIndex", index).put("mint", mint).put("owner", owner);
    b.put("programId", TOKEN_PROGRAM);
    b.putObject("uiTokenAmount")
        .put("amount", Long.toString(raw))
        .put("decimals", 6)
        .put("uiAmountString", new BigDecimal(raw).movePointLeft(6).toPlainString());
  }

  private static byte[] bytes(int n) {
    byte[] bytes = new byte[n];
    RANDOM.nextBytes(bytes);
    return bytes;
  }
}
