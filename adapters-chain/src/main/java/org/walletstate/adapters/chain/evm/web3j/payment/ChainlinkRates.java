package org.walletstate.adapters.chain.evm.web3j.payment;

import io.smallrye.mutiny.Uni;
import java.io.IOException;
import java.math.BigInteger;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.walletstate.adapters.chain.DaemonThreads;
import org.walletstate.adapters.chain.evm.config.EvmChainConfig;
import org.walletstate.application.port.out.UsdRates;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.payment.UsdRate;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.core.DefaultBlockParameter;
import org.web3j.protocol.core.methods.request.Transaction;

/**
 * Coin prices from Chainlink aggregators (their proxy contracts) on an EVM chain, over that chain's
 * configured endpoints, retries and failover. One read pins a block: {@code eth_blockNumber}, then
 * {@code decimals()} and {@code latestRoundData()} both at that block, so the price belongs to one
 * state of the chain. An answer that is not positive, or a round that is not complete ({@code
 * updatedAt} 0), is not a price.
 */
public final class ChainlinkRates implements UsdRates, AutoCloseable {

  /** {@code decimals()}. */
  static final String DECIMALS = "0x313ce567";

  /**
   * {@code latestRoundData()}: {@code (uint80 roundId, int256 answer, uint256 startedAt, uint256
   * updatedAt, uint80 answeredInRound)}.
   */
  static final String LATEST_ROUND_DATA = "0xfeaf968c";

  /**
   * One price feed.
   *
   * @param pair what it prices, e.g. {@code BTC/USD}
   * @param chain the EVM chain it is read on
   * @param proxy the feed's proxy address there
   */
  public record Feed(String pair, ChainId chain, EvmAddress proxy) {
    public Feed {
      Objects.requireNonNull(pair, "pair");
      Objects.requireNonNull(chain, "chain");
      Objects.requireNonNull(proxy, "proxy");
    }
  }

  private final Map<ChainId, EvmChainConfig> chains;
  private final Map<ChainId, Feed> feeds;
  private final PaymentNodes nodes = new PaymentNodes();
  private final ExecutorService calls =
      Executors.newFixedThreadPool(2, DaemonThreads.named("price-feed-"));

  /**
   * @param chains the EVM chains' endpoints
   * @param feeds the feed pricing the coin of each payment chain (bitcoin: BTC/USD)
   */
  public ChainlinkRates(Map<ChainId, EvmChainConfig> chains, Map<ChainId, Feed> feeds) {
    this.chains = Map.copyOf(chains);
    this.feeds = Map.copyOf(feeds);
  }

  @Override
  public Uni<Quote> rate(ChainId paidOn) {
    Feed feed = feeds.get(paidOn);
    if (feed == null) {
      return Uni.createFrom().item(new Quote.Failed(paidOn, "no price feed for chain " + paidOn));
    }
    EvmChainConfig config = chains.get(feed.chain());
    if (config == null) {
      return Uni.createFrom()
          .item(
              new Quote.Failed(
                  feed.chain(), "the price feed's chain " + feed.chain() + " is not configured"));
    }
    return Uni.createFrom()
        .item(() -> read(config, feed))
        .runSubscriptionOn(calls)
        .onFailure()
        .recoverWithItem(e -> new Quote.Failed(feed.chain(), "the price read did not complete"));
  }

  private Quote read(EvmChainConfig config, Feed feed) {
    String last = "no endpoint answered";
    for (int attempt = 0; attempt < config.attempts(); attempt++) {
      Web3j web3j = nodes.client(config, attempt);
      try {
        var head = web3j.ethBlockNumber().send();
        if (head.hasError()) {
          last = "the node refused the head request";
        } else {
          BigInteger block = head.getBlockNumber();
          Bytes decimals = call(web3j, feed, DECIMALS, block);
          Bytes round = call(web3j, feed, LATEST_ROUND_DATA, block);
          return quote(feed, decimals, round, block.longValueExact());
        }
      } catch (IOException | RuntimeException e) {
        last = "the price feed did not answer";
      }
      PaymentNodes.pause(config, attempt);
    }
    return new Quote.Failed(feed.chain(), last);
  }

  private static Bytes call(Web3j web3j, Feed feed, String data, BigInteger block)
      throws IOException {
    var answer =
        web3j
            .ethCall(
                Transaction.createEthCallTransaction(null, feed.proxy().lowercase(), data),
                DefaultBlockParameter.valueOf(block))
            .send();
    if (answer.hasError() || answer.isReverted() || answer.getValue() == null) {
      throw new IOException("the call was refused");
    }
    return Bytes.fromHex(answer.getValue());
  }

  /** Decodes the two answers; a malformed or non-positive price is {@link Quote.Failed}. */
  static Quote quote(Feed feed, Bytes decimals, Bytes round, long block) {
    if (decimals.length() != 32 || round.length() != 5 * 32) {
      return new Quote.Failed(
          feed.chain(), "the price feed's answer is not latestRoundData's shape");
    }
    BigInteger places = new BigInteger(1, decimals.toArray());
    BigInteger answer = new BigInteger(round.slice(32, 64).toArray()); // int256
    BigInteger updatedAt = new BigInteger(1, round.slice(96, 128).toArray());
    if (places.compareTo(BigInteger.valueOf(36)) > 0) {
      return new Quote.Failed(feed.chain(), "the price feed's decimals are out of range");
    }
    if (answer.signum() <= 0) {
      return new Quote.Failed(feed.chain(), "the price feed answered no positive price");
    }
    if (updatedAt.signum() == 0 || updatedAt.bitLength() > 62) {
      return new Quote.Failed(feed.chain(), "the price feed's round is not complete");
    }
    return new Quote.Read(
        feed.chain(),
        new UsdRate(
            feed.pair(),
            answer,
            places.intValueExact(),
            Instant.ofEpochSecond(updatedAt.longValueExact()),
            block));
  }

  @Override
  public synchronized void close() {
    calls.shutdownNow();
    nodes.close();
  }
}
