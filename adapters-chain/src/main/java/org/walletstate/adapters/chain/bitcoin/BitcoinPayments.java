package org.walletstate.adapters.chain.bitcoin;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.walletstate.adapters.chain.evm.Deadline;
import org.walletstate.adapters.chain.jsonrpc.JsonRpcChainConfig;
import org.walletstate.adapters.chain.jsonrpc.RpcFailure;
import org.walletstate.adapters.chain.jsonrpc.TransactionReader;
import org.walletstate.domain.address.BitcoinAddress;
import org.walletstate.domain.payment.ChainTransfers;
import org.walletstate.domain.payment.NativeCoin;
import org.walletstate.domain.payment.TxHash;

/**
 * Bitcoin payment transactions, from an Esplora REST API: {@code GET tx/:txid} (404 for a
 * transaction it does not know), then {@code GET blocks/tip/height} for the head.
 *
 * <p>A bitcoin transaction has no token transfers, so its outputs are reported as transfers of
 * {@link NativeCoin#BTC}, in sats, to each output's {@code scriptpubkey_address}, from the address
 * of its inputs ({@code vin[].prevout.scriptpubkey_address}). The sender is that one address: a
 * transaction spending from several addresses has no single payer (it may be a CoinJoin of
 * strangers), so each output is reported once from each input address, which the payment check
 * refuses as more than one sender before any amount is used. An input without an address (a
 * coinbase, a non-standard script) leaves the transaction without a sender and without transfers.
 * An unconfirmed transaction ({@code status.confirmed} false) is reported one block past the tip,
 * with no confirmations.
 */
public final class BitcoinPayments extends TransactionReader {

  public BitcoinPayments(JsonRpcChainConfig config, Clock clock) {
    super("bitcoin", config, clock);
  }

  @Override
  protected Lookup lookup(TxHash hash, Deadline deadline) throws RpcFailure {
    Optional<JsonNode> tx =
        transport()
            .getText(
                "tx/" + hash.text(),
                deadline,
                (status, text) -> {
                  if (status == 404) {
                    return Optional.<JsonNode>empty();
                  }
                  if (status != 200) {
                    throw new RpcFailure("tx: HTTP status " + status);
                  }
                  return Optional.of(transport().json(text));
                });
    if (tx.isEmpty()) {
      return new Lookup.NotFound();
    }
    long tip = transport().get("blocks/tip/height", deadline, BitcoinPayments::height);
    return new Lookup.Found(transaction(hash, tx.get(), tip), tip);
  }

  static ChainTransfers transaction(TxHash hash, JsonNode tx, long tip) throws RpcFailure {
    if (!hash.text().equalsIgnoreCase(tx.path("txid").asText(""))) {
      throw new RpcFailure("tx: the answer is about another transaction");
    }
    JsonNode status = tx.path("status");
    if (!status.path("confirmed").isBoolean()) {
      throw new RpcFailure("tx: the answer has no status.confirmed");
    }
    long block = tip + 1;
    if (status.path("confirmed").asBoolean()) {
      JsonNode height = status.get("block_height");
      if (height == null || !height.canConvertToLong() || height.asLong() < 0) {
        throw new RpcFailure("tx: a confirmed transaction without status.block_height");
      }
      block = height.asLong();
    }
    JsonNode vin = tx.path("vin");
    JsonNode vout = tx.path("vout");
    if (!vin.isArray() || !vout.isArray()) {
      throw new RpcFailure("tx: the answer has no vin or vout");
    }
    Set<BitcoinAddress> senders = new LinkedHashSet<>();
    for (JsonNode input : vin) {
      Optional<BitcoinAddress> from = address(input.path("prevout"));
      if (from.isEmpty()) {
        return new ChainTransfers(hash, Optional.empty(), block, List.of());
      }
      senders.add(from.get());
    }
    List<ChainTransfers.Transfer> transfers = new ArrayList<>();
    for (JsonNode output : vout) {
      JsonNode value = output.get("value");
      if (value == null || !value.isIntegralNumber() || value.bigIntegerValue().signum() < 0) {
        throw new RpcFailure("tx: an output's value is not a whole number of sats");
      }
      Optional<BitcoinAddress> to = address(output);
      if (to.isEmpty()) {
        continue; // OP_RETURN and other outputs without an address pay no one
      }
      BigInteger sats = value.bigIntegerValue();
      for (BitcoinAddress from : senders) {
        transfers.add(new ChainTransfers.Transfer(NativeCoin.BTC, from, to.get(), sats));
      }
    }
    return new ChainTransfers(hash, Optional.empty(), block, transfers);
  }

  /** The mainnet address of a script, when it has one this service can name. */
  private static Optional<BitcoinAddress> address(JsonNode script) {
    String text = script.path("scriptpubkey_address").asText("");
    if (text.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(BitcoinAddress.of(text));
    } catch (RuntimeException notMainnet) {
      return Optional.empty();
    }
  }

  static long height(String text) throws RpcFailure {
    String t = text.strip();
    if (!t.matches("[0-9]{1,18}")) {
      throw new RpcFailure("blocks/tip/height: the answer is not a block height");
    }
    return Long.parseLong(t);
  }
}
