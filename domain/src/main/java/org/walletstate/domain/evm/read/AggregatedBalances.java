package org.walletstate.domain.evm.read;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.evm.AbiDecodingException;

/**
 * Many ERC-20 {@code balanceOf} reads of one EVM chain sent as Multicall3 {@code aggregate3} calls
 * of at most {@link #CALLS_PER_AGGREGATE} each (so thousands of balances are a few {@code
 * eth_call}s, which go out in one JSON-RPC batch), and answered again read by read.
 *
 * <p>A call that does not succeed inside {@code aggregate3} is a revert or an inner out-of-gas,
 * which cannot be told apart there: it is answered as unreadable, never as a revert, so it never
 * becomes a verdict; a read that fails so is read on its own (not aggregated) by whoever retries
 * it. Fewer than {@link #FROM} balance reads are not aggregated: a read alone keeps the plain
 * {@code eth_call}'s answer, revert included.
 */
public final class AggregatedBalances {

  /** Inner calls per {@code aggregate3}: well under a node's call gas cap for token balances. */
  public static final int CALLS_PER_AGGREGATE = 500;

  /** The fewest balance reads that are aggregated. */
  public static final int FROM = 2;

  private record At(Aggregate3 aggregate, int index) {}

  private final Set<ChainRead<?>> reads;
  private final Map<ChainRead<?>, At> inner;

  private AggregatedBalances(Set<ChainRead<?>> reads, Map<ChainRead<?>, At> inner) {
    this.reads = reads;
    this.inner = inner;
  }

  /** {@code reads} with their ERC-20 balance reads aggregated at {@code multicall}. */
  public static AggregatedBalances of(EvmAddress multicall, Set<ChainRead<?>> reads) {
    List<EvmTokenReads.Erc20BalanceOf> balances = new ArrayList<>();
    Set<ChainRead<?>> rest = new LinkedHashSet<>();
    for (ChainRead<?> read : reads) {
      if (read instanceof EvmTokenReads.Erc20BalanceOf balance) {
        balances.add(balance);
      } else {
        rest.add(read);
      }
    }
    if (balances.size() < FROM) {
      return new AggregatedBalances(reads, Map.of());
    }
    Map<ChainRead<?>, At> inner = new HashMap<>();
    Set<ChainRead<?>> sent = new LinkedHashSet<>();
    for (int from = 0; from < balances.size(); from += CALLS_PER_AGGREGATE) {
      List<EvmTokenReads.Erc20BalanceOf> chunk =
          balances.subList(from, Math.min(from + CALLS_PER_AGGREGATE, balances.size()));
      Aggregate3 aggregate =
          new Aggregate3(
              multicall, chunk.stream().map(b -> (EvmRequest.EthCall) b.request()).toList());
      for (int i = 0; i < chunk.size(); i++) {
        inner.put(chunk.get(i), new At(aggregate, i));
      }
      sent.add(aggregate);
    }
    sent.addAll(rest);
    return new AggregatedBalances(Collections.unmodifiableSet(sent), Map.copyOf(inner));
  }

  /** The reads to send: the aggregates and every read that is not a balance read. */
  public Set<ChainRead<?>> reads() {
    return reads;
  }

  /** How many balance reads went into aggregates. */
  public int aggregated() {
    return inner.size();
  }

  /**
   * Readings that answer the original reads: an aggregated balance read from its aggregate's
   * result, any other read as {@code sent} answered it.
   */
  public Readings answering(Readings sent) {
    if (inner.isEmpty()) {
      return sent;
    }
    return new Readings() {
      @Override
      @SuppressWarnings("unchecked")
      public <T> Reading<T> reading(ChainRead<T> read) {
        At at = inner.get(read);
        if (at == null) {
          return sent.reading(read);
        }
        return (Reading<T>) balance((EvmTokenReads.Erc20BalanceOf) read, at, sent);
      }

      @Override
      public List<String> failures() {
        return sent.failures();
      }
    };
  }

  private static Reading<BigInteger> balance(
      EvmTokenReads.Erc20BalanceOf read, At at, Readings sent) {
    Reading<List<Aggregate3.Result>> results = sent.reading(at.aggregate());
    if (results instanceof Reading.Unreadable<List<Aggregate3.Result>> unreadable) {
      return new Reading.Unreadable<>("aggregate3 " + unreadable.detail());
    }
    if (!(results instanceof Reading.Value<List<Aggregate3.Result>> value)) {
      return new Reading.Unreadable<>("aggregate3 itself reverted");
    }
    Aggregate3.Result result = value.value().get(at.index());
    if (!result.success()) {
      return new Reading.Unreadable<>(
          "the call did not succeed inside aggregate3 (a revert or an inner out-of-gas)");
    }
    try {
      return new Reading.Value<>(read.decode(new ReadOutcome.Data(result.returnData())));
    } catch (AbiDecodingException e) {
      return new Reading.Unreadable<>("answer does not decode: " + e.getMessage());
    }
  }
}
