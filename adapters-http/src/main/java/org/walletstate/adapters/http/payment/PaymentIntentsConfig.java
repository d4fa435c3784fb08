package org.walletstate.adapters.http.payment;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/**
 * Payment intents ({@code walletstate.payment-intents.*}, docs/billing.md "Payment intents"): how
 * long one may be paid and claimed, and how many may be open at once per price and per chain.
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
}
