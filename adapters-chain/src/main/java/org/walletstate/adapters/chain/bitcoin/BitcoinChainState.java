package org.walletstate.adapters.chain.bitcoin;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.time.Clock;
import java.util.Locale;
import java.util.function.DoubleSupplier;
import java.util.regex.Pattern;
import org.walletstate.adapters.chain.evm.Deadline;
import org.walletstate.adapters.chain.jsonrpc.BracketedSnapshotChainState;
import org.walletstate.adapters.chain.jsonrpc.JsonRpcChainConfig;
import org.walletstate.adapters.chain.jsonrpc.RpcFailure;
import org.walletstate.application.port.out.ChainCallObserver;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.domain.bitcoin.BitcoinRead;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.Reading;

/**
 * The {@link ChainState} of Bitcoin, read from an Esplora REST API. Esplora answers current state
 * only, so a snapshot is bracketed: the tip's hash ({@code GET blocks/tip/hash}), that block's
 * height ({@code GET block/:hash}), the balances ({@code GET address/:address}), then the tip's
 * hash again. When the tip moved, the snapshot is taken again, up to {@link #SNAPSHOT_TRIES} times;
 * a tip that keeps moving, or cannot be read, leaves the chain unobserved. Esplora cannot read an
 * address at a past block, so a quorum compares the providers' tips (height and hash) before the
 * reads and their current answers after them ({@link
 * org.walletstate.adapters.chain.jsonrpc.QuorumPinning#BRACKETED}).
 *
 * <p>A balance is {@code chain_stats.funded_txo_sum - chain_stats.spent_txo_sum}: confirmed
 * transactions only; {@code mempool_stats} is not counted.
 */
public final class BitcoinChainState extends BracketedSnapshotChainState<BitcoinRead<?>> {

  private static final Pattern BLOCK_HASH = Pattern.compile("[0-9a-fA-F]{64}");

  /** With random jitter; {@code observer} is told of every exchange. */
  public BitcoinChainState(JsonRpcChainConfig config, Clock clock, ChainCallObserver observer) {
    super("bitcoin", "tip", BitcoinRead::all, config, clock, JITTER, observer);
  }

  /**
   * @param random uniform values in {@code [0, 1)} for the backoff jitter
   */
  public BitcoinChainState(JsonRpcChainConfig config, Clock clock, DoubleSupplier random) {
    super("bitcoin", "tip", BitcoinRead::all, config, clock, random, ChainCallObserver.NONE);
  }

  @Override
  protected long position(Anchor anchor) {
    return ((Anchor.BitcoinTip) anchor).blockHeight();
  }

  @Override
  protected Reading<?> answer(BitcoinRead<?> read, Deadline deadline) throws RpcFailure {
    BitcoinRead.ConfirmedSats sats = (BitcoinRead.ConfirmedSats) read;
    return new Reading.Value<>(
        transport()
            .get(
                "address/" + sats.address().text(),
                deadline,
                text -> confirmedSats(transport().json(text))));
  }

  @Override
  protected boolean stillAt(Anchor anchor, Deadline deadline) throws RpcFailure {
    return tipHash(deadline).equals(((Anchor.BitcoinTip) anchor).blockHash());
  }

  /** Funded less spent over confirmed transactions, both whole non-negative numbers. */
  static BigInteger confirmedSats(JsonNode answer) throws RpcFailure {
    JsonNode stats = answer.get("chain_stats");
    if (stats == null || !stats.isObject()) {
      throw new RpcFailure("address: the answer has no chain_stats");
    }
    BigInteger funded = sats(stats.get("funded_txo_sum"), "funded_txo_sum");
    BigInteger spent = sats(stats.get("spent_txo_sum"), "spent_txo_sum");
    BigInteger balance = funded.subtract(spent);
    if (balance.signum() < 0) {
      throw new RpcFailure("address: spent_txo_sum exceeds funded_txo_sum");
    }
    return balance;
  }

  private static BigInteger sats(JsonNode value, String name) throws RpcFailure {
    if (value == null || !value.isIntegralNumber() || value.bigIntegerValue().signum() < 0) {
      throw new RpcFailure("address: chain_stats." + name + " is not a whole number of sats");
    }
    return value.bigIntegerValue();
  }

  /** The tip: its hash, then that block's height (a block may land between two tip reads). */
  @Override
  protected Anchor.BitcoinTip latest(Deadline deadline) throws RpcFailure {
    String hash = tipHash(deadline);
    long height =
        transport()
            .get(
                "block/" + hash,
                deadline,
                text -> {
                  JsonNode block = transport().json(text);
                  JsonNode id = block.get("id");
                  if (id == null || !hash.equalsIgnoreCase(id.asText())) {
                    throw new RpcFailure("block: the answer is not the block asked for");
                  }
                  JsonNode number = block.get("height");
                  if (number == null || !number.canConvertToLong() || number.asLong() < 0) {
                    throw new RpcFailure("block: the answer has no height");
                  }
                  return number.asLong();
                });
    return new Anchor.BitcoinTip(height, hash);
  }

  private String tipHash(Deadline deadline) throws RpcFailure {
    return transport()
        .get(
            "blocks/tip/hash",
            deadline,
            text -> {
              String hash = text.strip();
              if (!BLOCK_HASH.matcher(hash).matches()) {
                throw new RpcFailure("blocks/tip/hash: the answer is not a block hash");
              }
              return hash.toLowerCase(Locale.ROOT);
            });
  }
}
