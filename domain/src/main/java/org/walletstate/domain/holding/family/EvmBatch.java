package org.walletstate.domain.holding.family;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.evm.AbiDecodingException;
import org.walletstate.domain.evm.AbiReader;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.read.Aggregate3;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.holding.Balance;
import org.walletstate.domain.holding.HoldingBatch;
import org.walletstate.domain.holding.HoldingFailure;
import org.walletstate.domain.holding.HoldingRead;
import org.walletstate.domain.holding.WalletHolding;

/**
 * An EVM chain's batch: every token's and collection's {@code balanceOf(wallet)} in one Multicall3
 * {@code aggregate3} (one call per contract and holder, in the order the entries first name them),
 * the chain's own asset read beside it. The chain costs one round trip whatever the number of
 * wallets.
 *
 * <p>An inner call that did not succeed is a revert or an inner out-of-gas (they look the same
 * inside {@code aggregate3}), so it is a failure marked as a revert, never a balance of zero; an
 * answer that is not one word is marked as no amount.
 */
final class EvmBatch implements HoldingBatch {

  private static final HoldingFailure AGGREGATE =
      HoldingFailure.of(FailureSource.BALANCE_READ, "token balances could not be read");

  private final Map<Call, Integer> index;
  private final Aggregate3 aggregate;
  private final Set<ChainRead<?>> reads;

  EvmBatch(Chain chain, List<WalletHolding> entries) {
    Map<Call, Integer> calls = new LinkedHashMap<>();
    Map<String, EvmAddress> contracts = new HashMap<>();
    List<EvmRequest.EthCall> aggregated = new ArrayList<>();
    Set<ChainRead<?>> natives = new LinkedHashSet<>();
    for (WalletHolding entry : entries) {
      EvmAddress holder = (EvmAddress) entry.wallet();
      String contract = contract(entry);
      if (contract == null) {
        natives.add(new EvmRead.NativeBalance(holder));
      } else if (calls.putIfAbsent(new Call(contract, holder), calls.size()) == null) {
        EvmAddress address = contracts.computeIfAbsent(contract, EvmAddress::of);
        aggregated.add(
            new EvmRequest.EthCall(
                address, EvmRead.BALANCE_OF.encodeCall(List.of(Bytes32.of(holder)))));
      }
    }
    this.index = Map.copyOf(calls);
    this.aggregate =
        aggregated.isEmpty() ? null : new Aggregate3(Aggregate3.deployment(chain.id()), aggregated);
    Set<ChainRead<?>> all = new LinkedHashSet<>();
    if (aggregate != null) {
      all.add(aggregate);
    }
    all.addAll(natives);
    this.reads = java.util.Collections.unmodifiableSet(all);
  }

  /** The contract an entry calls {@code balanceOf} on; null for the chain's own asset. */
  private static String contract(WalletHolding entry) {
    if (entry instanceof WalletHolding.OfCollection collection) {
      return collection.collection();
    }
    Asset asset = ((WalletHolding.OfAsset) entry).asset();
    return asset instanceof Asset.Token token ? token.contract() : null;
  }

  /**
   * One {@code balanceOf(holder)} on a contract (its signed form): what the calls are indexed by.
   */
  private record Call(String contract, WalletAddress holder) {}

  @Override
  public Set<ChainRead<?>> reads() {
    return reads;
  }

  @Override
  public Answers answers(Readings readings) {
    Reading<List<Aggregate3.Result>> results =
        aggregate == null ? null : readings.reading(aggregate);
    return entry -> {
      String contract = contract(entry);
      if (contract == null) {
        return HoldingRead.of(
                readings.reading(new EvmRead.NativeBalance((EvmAddress) entry.wallet())),
                ContractHoldings.BALANCE)
            .map(Balance::of);
      }
      Integer at = index.get(new Call(contract, entry.wallet()));
      if (at == null) {
        throw new IllegalArgumentException("the batch has no such call");
      }
      if (!(results instanceof Reading.Value<List<Aggregate3.Result>> value)) {
        return new HoldingRead.Failed<>(AGGREGATE);
      }
      return balance(value.value().get(at));
    };
  }

  private static HoldingRead<Balance> balance(Aggregate3.Result result) {
    if (!result.success()) {
      return new HoldingRead.Failed<>(
          new HoldingFailure(AGGREGATE.source(), AGGREGATE.message(), true));
    }
    try {
      if (result.returnData().length() != 32) {
        throw new AbiDecodingException("a balance is one word");
      }
      BigInteger units = AbiReader.of(result.returnData()).uint(0, 256);
      return new HoldingRead.Got<>(Balance.of(units));
    } catch (AbiDecodingException e) {
      return new HoldingRead.Failed<>(
          new HoldingFailure(AGGREGATE.source(), AGGREGATE.message(), false, true));
    }
  }
}
