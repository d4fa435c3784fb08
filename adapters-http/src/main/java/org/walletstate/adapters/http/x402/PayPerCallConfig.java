package org.walletstate.adapters.http.x402;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.Optional;

/**
 * Configuration of pay-per-call (x402) quotes. Without an EVM pay-to address pay-per-call is off
 * and a caller without credentials gets 401 like on any other endpoint.
 */
@ConfigMapping(prefix = "walletstate.x402")
public interface PayPerCallConfig {

  /** Receives USDC on the EVM networks (8453, 137, 42161, 5042). */
  Optional<String> payToEvm();

  /**
   * Receives USDC on Solana (the owner of the receiving associated token account). Solana is
   * offered only with a facilitator ({@link #facilitatorUrl()}), which settles Solana payments.
   */
  Optional<String> payToSolana();

  /**
   * The quote's {@code maxTimeoutSeconds}: how long a signed payment must stay valid. An EIP-3009
   * authorization arriving with less than this (less {@link #validityAllowance()}) left, or with
   * more than this (plus the allowance), is refused before any work.
   */
  @WithDefault("300")
  int maxTimeoutSeconds();

  /**
   * The tolerance on {@link #maxTimeoutSeconds()} for the time a payment spends on its way and for
   * the payer's clock; must leave more than {@link #settleWait()}.
   */
  @WithDefault("30s")
  java.time.Duration validityAllowance();

  /**
   * Paid calls one replica has under way at once (checked, worked on or settling); a call past them
   * is answered 503 with {@code Retry-After} before anything is done.
   */
  @WithDefault("64")
  int openCalls();

  /**
   * Settlements the relayer has in flight at once (each with its own nonce): as many as the payers
   * a replica expects in one block (docs/performance.md, "Pay-per-call throughput").
   */
  @WithDefault("32")
  int settleSenders();

  /** How long a settlement transaction waits unmined before it is replaced with a higher fee. */
  @WithDefault("12s")
  java.time.Duration replaceAfter();

  /**
   * The most one gas of the service's own transactions (settlements and access-pass mints) may
   * cost, in wei: a transaction's fee cap, and its replacements', never pass it, and when the
   * chain's base fee plus tip is above it nothing is sent (the settlement fails uncharged, the mint
   * is deferred). Default 500 gwei.
   */
  @WithDefault("500000000000")
  long maxFeePerGas();

  @WithDefault("Wallet-state attestation service")
  String serviceName();

  /** The public address of the service, for the quoted resource URL. */
  String publicBaseUrl();

  /**
   * The private key of the service's own settler: it submits paid calls' EIP-3009 authorizations
   * ({@code transferWithAuthorization}) and pays their gas. Secret; never logged. Checked at start
   * (32 bytes of hex), like the minter key.
   */
  Optional<String> relayerKey();

  /** How long a paid call waits for its settlement's receipt before withholding the answer. */
  @WithDefault("30s")
  java.time.Duration settleWait();

  /**
   * An x402 facilitator's base URL ({@code /verify}, {@code /settle} and {@code /supported} below
   * it); when set, paid calls are settled through it instead of the own relayer, and Solana
   * payments are taken (with {@link #payToSolana()}), its fee payer named in the quote.
   */
  Optional<String> facilitatorUrl();

  /** The most one exchange with the facilitator may take. */
  @WithDefault("30s")
  java.time.Duration facilitatorTimeout();

  /** An icon for wallets to show; else {@code <base>/icon.svg}, which the service serves. */
  Optional<String> iconUrl();
}
