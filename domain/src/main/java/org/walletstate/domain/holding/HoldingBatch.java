package org.walletstate.domain.holding;

import java.util.Set;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Readings;

/**
 * Many wallets' holdings on one chain, read together: the reads that answer every entry, which a
 * family may fold into fewer calls than one per entry (EVM: one Multicall3 {@code aggregate3}), and
 * the balances read from their answers. A family that does not batch reads each entry on its own
 * ({@link FamilyHoldings#batch}).
 */
public interface HoldingBatch {

  /** The reads that answer every entry, in the order the entries first need them. */
  Set<ChainRead<?>> reads();

  /** The answers to {@link #reads()}, decoded once, whatever the number of entries read. */
  Answers answers(Readings readings);

  /** The batch's answers. */
  interface Answers {

    /**
     * The balance of an entry of the batch: base units of an asset, or the number of a collection's
     * tokens held; a failure that was a revert, or an answer that is no amount, is marked so.
     *
     * @throws IllegalArgumentException when {@code holding} is not an entry of the batch
     */
    HoldingRead<Balance> balance(WalletHolding holding);
  }
}
