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
