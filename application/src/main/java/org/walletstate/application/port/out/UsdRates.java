package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payment.UsdRate;

/**
 * The USD price of a payment chain's own coin (bitcoin: BTC/USD), read from a price feed at a
 * pinned block (Chainlink's aggregator on Ethereum: {@code decimals()} and {@code
 * latestRoundData()}, both at the head block read first).
 *
 * <p>The returned {@link Uni} never fails for a chain problem: a read that did not complete, or an
 * answer that is not a price, is {@link Quote.Failed}.
 */
public interface UsdRates {

  Uni<Quote> rate(ChainId paidOn);

  /** What the feed answered; {@code chain} is the chain it was read on. */
  sealed interface Quote {
    ChainId chain();

    /** The feed's latest answer. */
    record Read(ChainId chain, UsdRate rate) implements Quote {}

    /**
     * No price; {@code reason} names no data source. {@code chain} is the feed's chain, or the paid
     * chain when it has no feed.
     */
    record Failed(ChainId chain, String reason) implements Quote {}
  }
}
