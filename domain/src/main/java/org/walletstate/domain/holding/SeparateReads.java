package org.walletstate.domain.holding;

import java.math.BigInteger;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;

/**
 * A batch read entry by entry: each holding's own reads, all asked in the same query. What a family
 * that has no batching call does.
 */
final class SeparateReads implements HoldingBatch {

  private static final HoldingFailure COLLECTION =
      HoldingFailure.of(FailureSource.BALANCE_READ, "NFT holdings could not be read");

  private final ChainHoldings holdings;
  private final List<WalletHolding> entries;

  SeparateReads(ChainHoldings holdings, List<WalletHolding> entries) {
    this.holdings = holdings;
    this.entries = List.copyOf(entries);
  }

  @Override
  public Set<ChainRead<?>> reads() {
    Set<ChainRead<?>> reads = new LinkedHashSet<>();
    for (WalletHolding entry : entries) {
      if (entry instanceof WalletHolding.OfAsset held) {
        reads.addAll(holdings.reads(held.asset(), held.wallet(), false));
      } else {
        reads.add(ownership((WalletHolding.OfCollection) entry).read());
      }
    }
    return reads;
  }

  @Override
  public Answers answers(Readings readings) {
    return holding -> {
      if (holding instanceof WalletHolding.OfAsset held) {
        return holdings.balance(held.asset(), held.wallet(), readings);
      }
      OwnershipRead<?> ownership = ownership((WalletHolding.OfCollection) holding);
      Optional<Boolean> held = ownership.holds(readings);
      if (held.isPresent()) {
        return new HoldingRead.Got<>(Balance.of(held.get() ? BigInteger.ONE : BigInteger.ZERO));
      }
      return new HoldingRead.Failed<>(
          new HoldingFailure(
              COLLECTION.source(),
              COLLECTION.message(),
              readings.reading(ownership.read()) instanceof Reading.Reverted<?>));
    };
  }

  private OwnershipRead<?> ownership(WalletHolding.OfCollection collection) {
    return holdings
        .ownership(collection.collection(), Optional.empty(), collection.wallet())
        .orElseThrow(
            () -> new IllegalArgumentException("no collections are read on " + holdings.chain()));
  }
}
