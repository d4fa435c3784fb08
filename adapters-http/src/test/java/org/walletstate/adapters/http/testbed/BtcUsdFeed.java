package org.walletstate.adapters.http.testbed;

import java.math.BigInteger;
import java.time.Instant;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.JsonRpc;

/**
 * The devnet's BTC/USD price feed ({@link org.walletstate.devnet.BtcUsdFeed}) on the devnet's chain
 * 1, at Chainlink's production proxy address, with the round a test sets.
 */
public final class BtcUsdFeed {

  /** Chainlink's BTC/USD proxy on Ethereum mainnet. */
  public static final String PRODUCTION = org.walletstate.devnet.BtcUsdFeed.PRODUCTION;

  private BtcUsdFeed() {}

  /**
   * Places the aggregator on chain 1 with a round answering {@code usdPerBtc8} (8 decimals) updated
   * at {@code updatedAt}, then mines a block so that the head holds it.
   */
  public static void set(BigInteger usdPerBtc8, Instant updatedAt, long round) {
    JsonRpc rpc = new JsonRpc(Devnet.shared().rpcUrl(DevnetTestResource.PROXIED_MAINNET));
    org.walletstate.devnet.BtcUsdFeed.set(rpc, usdPerBtc8, updatedAt, round);
  }
}
