package org.walletstate.devnet;

import java.math.BigInteger;
import java.time.Instant;

/**
 * A BTC/USD price feed at Chainlink's production proxy address on the devnet's chain 1: a minimal
 * aggregator (`./run.sh --devnet` places it through {@link LocalWorld}; the service's tests set
 * rounds of their own) that answers {@code decimals()} with 8 and {@code latestRoundData()} with
 * the round a test sets, so the service reads it exactly as it reads the real feed on Ethereum
 * mainnet.
 *
 * <p>Its runtime code, written out (storage: slot 0 the answer, slot 1 {@code updatedAt}, also
 * returned as {@code startedAt}, slot 2 the round id, also returned as {@code answeredInRound}):
 *
 * <pre>
 * 00 PUSH1 0 CALLDATALOAD PUSH1 0xe0 SHR          selector
 * 06 DUP1 PUSH4 0x313ce567 EQ PUSH1 0x1d JUMPI     decimals()
 * 10 PUSH4 0xfeaf968c EQ PUSH1 0x28 JUMPI          latestRoundData()
 * 19 PUSH1 0 DUP1 REVERT                           anything else
 * 1d JUMPDEST PUSH1 8 PUSH1 0 MSTORE PUSH1 0x20 PUSH1 0 RETURN
 * 28 JUMPDEST PUSH1 2 SLOAD DUP1 PUSH1 0 MSTORE PUSH1 0x80 MSTORE   roundId, answeredInRound
 * 33 PUSH1 0 SLOAD PUSH1 0x20 MSTORE                                answer
 * 39 PUSH1 1 SLOAD DUP1 PUSH1 0x40 MSTORE PUSH1 0x60 MSTORE         startedAt, updatedAt
 * 43 PUSH1 0xa0 PUSH1 0 RETURN
 * </pre>
 */
public final class BtcUsdFeed {

  /** Chainlink's BTC/USD proxy on Ethereum mainnet (data.chain.link, ethereum/mainnet/btc-usd). */
  public static final String PRODUCTION = "0xF4030086522a5bEEa4988F8cA5B36dbC97BeE88c";

  public static final String RUNTIME =
      "0x600035"
          + "60e01c"
          + "8063313ce56714601d57"
          + "63feaf968c14602857"
          + "600080fd"
          + "5b60086000526020"
          + "6000f3"
          + "5b6002548060005260805260005460205260015480604052606052"
          + "60a06000f3";

  private BtcUsdFeed() {}

  /**
   * Places the aggregator at the production address on the chain {@code rpc} reaches (again, should
   * it have been reset) with a round answering {@code usdPerBtc8} (8 decimals) updated at {@code
   * updatedAt}, then mines a block so that the head holds it.
   */
  public static void set(JsonRpc rpc, BigInteger usdPerBtc8, Instant updatedAt, long round) {
    rpc.call("anvil_setCode", PRODUCTION, RUNTIME);
    rpc.call("anvil_setStorageAt", PRODUCTION, "0x0", word(usdPerBtc8));
    rpc.call(
        "anvil_setStorageAt",
        PRODUCTION,
        "0x1",
        word(BigInteger.valueOf(updatedAt.getEpochSecond())));
    rpc.call("anvil_setStorageAt", PRODUCTION, "0x2", word(BigInteger.valueOf(round)));
    rpc.call("evm_mine");
  }

  private static String word(BigInteger value) {
    return String.format("0x%064x", value);
  }
}
