package org.walletstate.adapters.chain.tron;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.walletstate.adapters.chain.evm.Deadline;
import org.walletstate.adapters.chain.jsonrpc.JsonRpcChainConfig;
import org.walletstate.adapters.chain.jsonrpc.RpcFailure;
import org.walletstate.adapters.chain.jsonrpc.TransactionReader;
import org.walletstate.domain.address.TronAddress;
import org.walletstate.domain.payment.ChainTransfers;
import org.walletstate.domain.payment.PaymentCheck;
import org.walletstate.domain.payment.TxHash;

/**
 * Tron payment transactions, from a full node's HTTP API: {@code /wallet/gettransactioninfobyid}
 * (an unknown or unconfirmed id answers {@code {}}), then {@code /wallet/getnowblock} for the head.
 * A transaction is failed when {@code result} is {@code FAILED} or {@code receipt.result} is
 * anything but {@code SUCCESS}. Its TRC-20 transfers are its {@code Transfer} event logs: {@code
 * address} is the token contract and the topics the sender and receiver, each as 20 bytes without
 * Tron's {@code 41} prefix.
 */
public final class TronPayments extends TransactionReader {

  private static final Pattern WORD = Pattern.compile("[0-9a-fA-F]{64}");
  private static final Pattern ACCOUNT = Pattern.compile("[0-9a-fA-F]{40}");
  private static final String TRANSFER_TOPIC = PaymentCheck.TRANSFER_TOPIC.hex().substring(2);

  // Constructor and lookup open as BitcoinPayments' by design: each family is one
  // TransactionReader that names itself and answers one lookup its own way.
  public TronPayments(JsonRpcChainConfig config, Clock clock) {
    super("tron", config, clock);
  }

  @Override
  protected Lookup lookup(TxHash hash, Deadline deadline) throws RpcFailure {
    Optional<ChainTransfers> transaction =
        transport()
            .post(
                "wallet/gettransactioninfobyid",
                transport().object().put("value", hash.text()),
                deadline,
                answer -> transaction(hash, answer));
    if (transaction.isEmpty()) {
      return new Lookup.NotFound();
    }
    long head =
        transport().post("wallet/getnowblock", transport().object(), deadline, TronPayments::head);
    return new Lookup.Found(transaction.get(), head);
  }

  static Optional<ChainTransfers> transaction(TxHash hash, JsonNode info) throws RpcFailure {
    if (info.isEmpty()) {
      return Optional.empty();
    }
    if (!hash.text().equalsIgnoreCase(info.path("id").asText(""))) {
      throw new RpcFailure("gettransactioninfobyid: the answer is about another transaction");
    }
    JsonNode block = info.get("blockNumber");
    if (block == null || !block.canConvertToLong() || block.asLong() < 0) {
      throw new RpcFailure("gettransactioninfobyid: no blockNumber");
    }
    String result = info.path("result").asText("");
    String receipt = info.path("receipt").path("result").asText("");
    if ("FAILED".equals(result) || (!receipt.isEmpty() && !"SUCCESS".equals(receipt))) {
      return Optional.of(
          new ChainTransfers(
              hash,
              Optional.of("failed (receipt.result " + (receipt.isEmpty() ? result : receipt) + ")"),
              block.asLong(),
              List.of()));
    }
    List<ChainTransfers.Transfer> transfers = new ArrayList<>();
    for (JsonNode log : info.path("log")) {
      JsonNode topics = log.path("topics");
      if (topics.size() != 3
          || !TRANSFER_TOPIC.equalsIgnoreCase(topics.path(0).asText(""))
          || !WORD.matcher(log.path("data").asText("")).matches()) {
        continue; // not an ERC-20 style Transfer event
      }
      transfers.add(
          new ChainTransfers.Transfer(
              account(log.path("address").asText("")),
              account(word(topics.path(1)).substring(24)),
              account(word(topics.path(2)).substring(24)),
              new BigInteger(log.path("data").asText(), 16)));
    }
    return Optional.of(new ChainTransfers(hash, Optional.empty(), block.asLong(), transfers));
  }

  private static String word(JsonNode topic) throws RpcFailure {
    String text = topic.asText("");
    if (!WORD.matcher(text).matches()) {
      throw new RpcFailure("gettransactioninfobyid: a topic is not a 32-byte word");
    }
    return text;
  }

  private static TronAddress account(String hex) throws RpcFailure {
    if (!ACCOUNT.matcher(hex).matches()) {
      throw new RpcFailure("gettransactioninfobyid: a log names no 20-byte account");
    }
    return TronAddress.parseHex("41" + hex, "address");
  }

  static long head(JsonNode block) throws RpcFailure {
    JsonNode number = block.path("block_header").path("raw_data").get("number");
    if (number == null || !number.canConvertToLong() || number.asLong() < 0) {
      throw new RpcFailure("getnowblock: the answer has no block number");
    }
    return number.asLong();
  }
}
