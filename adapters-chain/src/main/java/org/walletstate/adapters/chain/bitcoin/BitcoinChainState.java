package org.walletstate.adapters.chain.bitcoin;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.time.Clock;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;
import java.util.regex.Pattern;
import org.walletstate.adapters.chain.evm.Deadline;
import org.walletstate.adapters.chain.jsonrpc.JsonRpcChainConfig;
import org.walletstate.adapters.chain.jsonrpc.RpcFailure;
import org.walletstate.adapters.chain.jsonrpc.SnapshotChainState;
import org.walletstate.application.port.out.ChainCallObserver;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.domain.bitcoin.BitcoinRead;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.observation.ChainObservation;

/**
 * The {@link ChainState} of Bitcoin, read from an Esplora REST API. Esplora answers current state
 * only, so a snapshot is bracketed: the tip's hash ({@code GET blocks/tip/hash}), that block's
 * height ({@code GET block/:hash}), the balances ({@code GET address/:address}), then the tip's
 * hash again. When the tip moved, the snapshot is taken again, up to {@link #SNAPSHOT_TRIES} times;
 * a tip that keeps moving, or cannot be read, leaves the chain unobserved.
 *
 * <p>A balance is {@code chain_stats.funded_txo_sum - chain_stats.spent_txo_sum}: confirmed
 * transactions only; {@code mempool_stats} is not counted.
 */
public final class BitcoinChainState extends SnapshotChainState<BitcoinRead<?>> {

  /** How often a snapshot is taken before a moving tip gives up. */
  static final int SNAPSHOT_TRIES = 3;

  private static final Pattern BLOCK_HASH = Pattern.compile("[0-9a-fA-F]{64}");
  private static final System.Logger LOG = System.getLogger(BitcoinChainState.class.getName());

  /** With jitter from {@link ThreadLocalRandom}; {@code observer} is told of every exchange. */
  public BitcoinChainState(JsonRpcChainConfig config, Clock clock, ChainCallObserver observer) {
    super("bitcoin", config, clock, () -> ThreadLocalRandom.current().nextDouble(), observer);
  }

  public BitcoinChainState(JsonRpcChainConfig config, Clock clock) {
    this(config, clock, () -> ThreadLocalRandom.current().nextDouble());
  }

  /**
   * @param random uniform values in {@code [0, 1)} for the backoff jitter
   */
  public BitcoinChainState(JsonRpcChainConfig config, Clock clock, DoubleSupplier random) {
    super("bitcoin", config, clock, random);
  }

  @Override
  protected Set<BitcoinRead<?>> readsOf(Collection<? extends ChainRead<?>> reads) {
    return BitcoinRead.all(reads);
  }

  @Override
  protected ChainObservation observeNow(Set<BitcoinRead<?>> reads, Deadline deadline) {
    String moved = "";
    for (int snapshot = 1; snapshot <= SNAPSHOT_TRIES; snapshot++) {
      Anchor.BitcoinTip tip;
      try {
        tip = tip(deadline);
      } catch (RpcFailure failure) {
        return new ChainObservation.HeadUnavailable("tip: " + failure.getMessage());
      }
      Map<ChainRead<?>, Reading<?>> readings = new LinkedHashMap<>();
      for (BitcoinRead<?> read : reads) {
        readings.put(read, answer(read, deadline));
      }
      String after;
      try {
        after = tipHash(deadline);
      } catch (RpcFailure failure) {
        return new ChainObservation.HeadUnavailable("tip after the reads: " + failure.getMessage());
      }
      if (after.equals(tip.blockHash())) {
        return new ChainObservation.Observed(tip, Readings.of(readings));
      }
      moved = "the tip moved from " + tip.blockHash() + " to " + after;
      LOG.log(System.Logger.Level.DEBUG, "bitcoin: {0}; reading again", moved);
    }
    return new ChainObservation.HeadUnavailable(
        "the tip moved during each of " + SNAPSHOT_TRIES + " snapshots (" + moved + ")");
  }

  private Reading<?> answer(BitcoinRead<?> read, Deadline deadline) {
    BitcoinRead.ConfirmedSats sats = (BitcoinRead.ConfirmedSats) read;
    try {
      return new Reading.Value<>(
          transport()
              .get(
                  "address/" + sats.address().text(),
                  deadline,
                  text -> confirmedSats(transport().json(text))));
    } catch (RpcFailure failure) {
      return new Reading.Unreadable<>(failure.getMessage());
    } catch (RuntimeException unexpected) {
      LOG.log(System.Logger.Level.WARNING, "bitcoin read failed unexpectedly", unexpected);
      return new Reading.Unreadable<>("unexpected " + unexpected.getClass().getSimpleName());
    }
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

  private Anchor.BitcoinTip tip(Deadline deadline) throws RpcFailure {
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
