package org.walletstate.adapters.chain.solana;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.walletstate.adapters.chain.evm.Deadline;
import org.walletstate.adapters.chain.jsonrpc.JsonRpcChainConfig;
import org.walletstate.adapters.chain.jsonrpc.RpcFailure;
import org.walletstate.adapters.chain.jsonrpc.TransactionReader;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.payment.ChainTransfers;
import org.walletstate.domain.payment.TxHash;

/**
 * Solana payment transactions: {@code getTransaction} ({@code jsonParsed}, commitment {@code
 * confirmed}, versioned transactions accepted), then {@code getSlot} at the same commitment for the
 * head. A transaction is failed when {@code meta.err} is set. Its SPL token transfers are read from
 * {@code meta.preTokenBalances} and {@code meta.postTokenBalances}: per mint, the owners whose
 * balance rose received from the owners whose balance fell. This covers {@code transfer} and {@code
 * transferChecked} alike (the first names neither mint nor owners in its instruction), and the
 * receiving token account may be any account the service's wallet owns. The block's {@code
 * blockTime} (Unix seconds, {@code null} where the node does not know it) is the transaction's
 * time.
 */
public final class SolanaPayments extends TransactionReader {

  static final String COMMITMENT = "confirmed";

  public SolanaPayments(JsonRpcChainConfig config, Clock clock) {
    super("solana", config, clock);
  }

  @Override
  protected Lookup lookup(TxHash hash, Deadline deadline) throws RpcFailure {
    ObjectNode request = request("getTransaction");
    request
        .putArray("params")
        .add(hash.text())
        .addObject()
        .put("commitment", COMMITMENT)
        .put("encoding", "jsonParsed")
        .put("maxSupportedTransactionVersion", 0);
    Optional<ChainTransfers> transaction =
        transport().call(request, deadline, answer -> transaction(hash, answer));
    if (transaction.isEmpty()) {
      return new Lookup.NotFound();
    }
    ObjectNode slot = request("getSlot");
    slot.putArray("params").addObject().put("commitment", COMMITMENT);
    long head = transport().call(slot, deadline, SolanaPayments::slot);
    return new Lookup.Found(transaction.get(), head);
  }

  private ObjectNode request(String method) {
    return transport().object().put("jsonrpc", "2.0").put("id", 1).put("method", method);
  }

  /** A {@code getTransaction} answer: empty for {@code null} (unknown, or not confirmed yet). */
  static Optional<ChainTransfers> transaction(TxHash hash, JsonNode answer) throws RpcFailure {
    JsonNode result = result(answer, "getTransaction");
    if (result.isNull()) {
      return Optional.empty();
    }
    JsonNode slot = result.get("slot");
    if (slot == null || !slot.canConvertToLong() || slot.asLong() < 0) {
      throw new RpcFailure("getTransaction: no slot");
    }
    JsonNode meta = result.get("meta");
    if (meta == null || !meta.isObject()) {
      throw new RpcFailure("getTransaction: no meta");
    }
    JsonNode err = meta.get("err");
    if (err != null && !err.isNull()) {
      return Optional.of(
          new ChainTransfers(
              hash,
              Optional.of("failed (meta.err " + shortened(err.toString()) + ")"),
              slot.asLong(),
              List.of()));
    }
    Map<String, BigInteger> deltas = new LinkedHashMap<>(); // mint + " " + owner -> change
    balances(meta, "postTokenBalances", deltas, BigInteger.ONE);
    balances(meta, "preTokenBalances", deltas, BigInteger.ONE.negate());
    ChainTransfers read =
        new ChainTransfers(hash, Optional.empty(), slot.asLong(), transfers(deltas));
    JsonNode blockTime = result.get("blockTime");
    if (blockTime != null && blockTime.isIntegralNumber() && blockTime.canConvertToLong()) {
      read = read.minedAt(Instant.ofEpochSecond(blockTime.asLong()));
    }
    return Optional.of(read);
  }

  /** The node's error, as far as a refusal message needs it. */
  private static String shortened(String text) {
    return text.length() > 160 ? text.substring(0, 160) + "…" : text;
  }

  /** Adds {@code sign} times each balance of {@code field} to its (mint, owner) entry. */
  private static void balances(
      JsonNode meta, String field, Map<String, BigInteger> deltas, BigInteger sign)
      throws RpcFailure {
    JsonNode list = meta.get(field);
    if (list == null || list.isNull()) {
      return; // no token account took part
    }
    if (!list.isArray()) {
      throw new RpcFailure("getTransaction: " + field + " is not a list");
    }
    for (JsonNode balance : list) {
      String mint = SolanaRpc.text(balance, "mint");
      String owner = SolanaRpc.text(balance, "owner");
      BigInteger amount =
          SolanaRpc.unsigned(balance.path("uiTokenAmount").get("amount"), field + " amount");
      deltas.merge(mint + " " + owner, amount.multiply(sign), BigInteger::add);
    }
  }

  /** Per mint, a transfer from each owner whose balance fell to each owner whose balance rose. */
  private static List<ChainTransfers.Transfer> transfers(Map<String, BigInteger> deltas)
      throws RpcFailure {
    Map<String, Map<SolanaAddress, BigInteger>> byMint = new LinkedHashMap<>();
    for (Map.Entry<String, BigInteger> delta : deltas.entrySet()) {
      String[] mintOwner = delta.getKey().split(" ", 2);
      byMint
          .computeIfAbsent(mintOwner[0], m -> new LinkedHashMap<>())
          .put(address(mintOwner[1]), delta.getValue());
    }
    List<ChainTransfers.Transfer> out = new ArrayList<>();
    for (Map.Entry<String, Map<SolanaAddress, BigInteger>> mint : byMint.entrySet()) {
      SolanaAddress token = address(mint.getKey());
      for (Map.Entry<SolanaAddress, BigInteger> to : mint.getValue().entrySet()) {
        if (to.getValue().signum() <= 0) {
          continue;
        }
        for (Map.Entry<SolanaAddress, BigInteger> from : mint.getValue().entrySet()) {
          if (from.getValue().signum() < 0) {
            out.add(
                new ChainTransfers.Transfer(
                    token,
                    from.getKey(),
                    to.getKey(),
                    to.getValue().min(from.getValue().negate())));
          }
        }
      }
    }
    return out;
  }

  private static SolanaAddress address(String text) throws RpcFailure {
    try {
      return SolanaAddress.of(text);
    } catch (RuntimeException e) {
      throw new RpcFailure("getTransaction: a token balance names no valid account");
    }
  }

  static long slot(JsonNode answer) throws RpcFailure {
    JsonNode result = result(answer, "getSlot");
    if (!result.canConvertToLong() || result.asLong() < 0) {
      throw new RpcFailure("getSlot: the result is not a slot");
    }
    return result.asLong();
  }

  private static JsonNode result(JsonNode answer, String method) throws RpcFailure {
    JsonNode error = answer.get("error");
    if (error != null && !error.isNull()) {
      throw new RpcFailure(method + ": error " + error.path("code").asText("?"));
    }
    JsonNode result = answer.get("result");
    if (result == null) {
      throw new RpcFailure(method + ": the answer has no result");
    }
    return result;
  }
}
