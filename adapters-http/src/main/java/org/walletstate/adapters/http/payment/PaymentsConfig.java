package org.walletstate.adapters.http.payment;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * Payments to the service ({@code walletstate.payments.*}): where payments must go on each chain
 * family, how many confirmations each chain needs, and the access pass.
 */
// A configuration mapping like SigningConfig by design: each group of settings has its own prefix.
@ConfigMapping(prefix = "walletstate.payments")
public interface PaymentsConfig {

  /** The receiving address on every EVM payment chain; without it purchases are refused. */
  Optional<String> receiverEvm();

  /**
   * The service's Solana wallet: USDC must reach a token account it owns. Without it Solana
   * purchases are refused.
   */
  Optional<String> receiverSolana();

  /** The service's Tron address, receiving USDT (TRC-20). Without it Tron purchases are refused. */
  Optional<String> receiverTron();

  /**
   * The service's Bitcoin address (mainnet: P2PKH, P2SH, segwit v0 or Taproot), receiving BTC.
   * Without it Bitcoin purchases are refused.
   */
  Optional<String> receiverBitcoin();

  /** The BTC/USD price feed that values Bitcoin payments. */
  BtcUsdFeed btcUsdFeed();

  /**
   * Chainlink's BTC/USD aggregator: its proxy on Ethereum mainnet, read at the head block the
   * purchase is verified at.
   */
  interface BtcUsdFeed {
    /** The EVM chain it is read on. */
    @WithDefault("1")
    long chain();

    /** Its proxy contract (production: Chainlink's BTC/USD on Ethereum mainnet). */
    @WithDefault("0xF4030086522a5bEEa4988F8cA5B36dbC97BeE88c")
    String address();

    /**
     * The oldest an answer's {@code updatedAt} may be: the feed's heartbeat (1 h) plus 5 minutes
     * for the round to land. An older answer refuses the purchase with 503.
     */
    @WithDefault("65m")
    Duration maxAge();
  }

  /** Confirmations per chain id, overriding the defaults ({@code "8453"=10}, {@code solana=32}). */
  Map<String, Integer> confirmations();

  /** The access pass. */
  AccessPass accessPass();

  /** The access pass: a non-transferable ERC-721 on chain 8453. */
  interface AccessPass {
    /** Its contract; without it no pass is minted and wallet sign-in is refused. */
    Optional<String> contract();

    /** The private key holding its minter role (secret; never logged). */
    Optional<String> minterKey();

    /** How long a purchase waits for the mint before deferring it. */
    @WithDefault("20s")
    Duration mintWait();

    /** How often deferred mints are retried. */
    @WithDefault("60s")
    Duration retryEvery();
  }
}
