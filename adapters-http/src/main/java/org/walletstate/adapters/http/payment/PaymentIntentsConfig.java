package org.walletstate.adapters.http.payment;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import org.walletstate.domain.payment.payer.PaymentIntent;

/**
 * Payment intents ({@code walletstate.payment-intents.*}, docs/billing.md "Payment intents"): how
 * long one may be paid and claimed, how many may be open at once per price, per chain and per
 * client address, and when an amount may be handed out again.
 */
@ConfigMapping(prefix = "walletstate.payment-intents")
public interface PaymentIntentsConfig {

  /** From opening to the last moment an intent may be claimed. */
  @WithDefault("72h")
  Duration lifetime();

  /** Open (unclaimed, unexpired) intents of one base amount on one chain. */
  @WithDefault("500")
  int openPerPrice();

  /** Open intents on one chain, all amounts together. */
  @WithDefault("5000")
  int openPerChain();

  /**
   * Open intents on one chain opened from one client address (as the rate limits count it: IPv6 per
   * /64), all amounts together.
   */
  @WithDefault("10")
  int openPerAddress();

  /**
   * How long after every earlier holder of an amount ended (claimed, or expired) the amount may be
   * handed out again: a late payer of an expired intent has that long to be noticed and refunded.
   * Longer than {@link #claimGrace()} and twice {@link #clockAllowance()}.
   */
  @WithDefault("168h")
  Duration reuseAfter();

  /** How long after its expiry an intent may still be claimed, for a payment mined by then. */
  @WithDefault("1h")
  Duration claimGrace();

  /**
   * How far a transfer's block time may lie before the intent opened (or after it expired) and
   * still be accepted: block clocks and the service's differ by seconds.
   */
  @WithDefault("60s")
  Duration clockAllowance();

  /** The claim window these settings give. */
  default PaymentIntent.ClaimWindow claimWindow() {
    return new PaymentIntent.ClaimWindow(clockAllowance(), claimGrace());
  }
}
