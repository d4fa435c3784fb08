package org.walletstate.adapters.http.ratelimit;

import java.time.Duration;

/**
 * The named limits, per client address. Defaults are below; each can be changed with {@code
 * walletstate.rate-limits.<name>.requests} and {@code .window} (docs/api.md, "Rate limits").
 */
public enum RatePolicy {
  /** The key set: cacheable for a day, so a client rarely needs more than a few. */
  KEY_SET("key-set", 300, Duration.ofMinutes(1), false),
  /** The transparency log's reads: monitors poll the checkpoint, relying parties fetch proofs. */
  LOG("log", 300, Duration.ofMinutes(1), false),
  /**
   * The discovery documents ({@code /.well-known/x402}, {@code /llms.txt}, {@code /server.json}).
   */
  DISCOVERY("discovery", 120, Duration.ofMinutes(1), false),
  /** The compliance templates. */
  TEMPLATES("templates", 120, Duration.ofMinutes(1), false),
  /** Free keys: one per email address, and few per address an hour. */
  KEYS_CREATE("keys-create", 5, Duration.ofHours(1), false),
  /** Paid keys: each carries a transaction to check on chain. */
  KEYS_BUY("keys-buy", 10, Duration.ofHours(1), false),
  /** Payment intents reserve amounts for ever: few per address (docs/billing.md). */
  PAYMENT_INTENTS("payment-intents", 20, Duration.ofHours(1), false),
  /**
   * Discount-code validation without a key (REST and the MCP {@code validate_code} tool share it):
   * slow enough that guessing codes is hopeless. A merchant's checkout calling with its key is held
   * to the key's plan instead.
   */
  CODE_VALIDATION("code-validation", 10, Duration.ofMinutes(10), true),
  /** The merchant directory. */
  DIRECTORY("directory", 60, Duration.ofMinutes(1), false),
  /** The token registry. */
  TOKEN_REGISTRY("token-registry", 60, Duration.ofMinutes(1), false),
  /**
   * Token-registry submissions: free and without a key, and each new one is a row a reviewer reads,
   * so an address proposes a few an hour.
   */
  REGISTRY_SUBMIT("registry-submit", 20, Duration.ofHours(1), false),
  /** The discount check: each one reads chain state. */
  DISCOUNT_CHECK("discount-check", 30, Duration.ofMinutes(1), false),
  /**
   * Scanner PIN logins per address; the per-merchant lockout (5 wrong PINs lock for 15 minutes) is
   * what keeps PINs from being guessed, this keeps one address from locking many stores at once.
   */
  SCANNER_LOGIN("scanner-login", 30, Duration.ofMinutes(10), false),
  /** Passes: a pass page renews about every 45 seconds; a shop's wifi shares one address. */
  PASS_ISSUE("pass-issue", 120, Duration.ofMinutes(1), false),
  /** Pass checks at the till: each one may read chain state. */
  PASS_VERIFY("pass-verify", 120, Duration.ofMinutes(1), false),
  /**
   * Callers without a valid key on the pay-per-call endpoints (quotes, x402 payments, refused
   * credentials); callers with a valid key or wallet sign-in are limited by their plan's daily
   * limit instead.
   */
  PAY_PER_CALL("pay-per-call", 60, Duration.ofMinutes(1), true),
  /**
   * Every POST to the keyless tool endpoint ({@code /mcp}), public and metered tools alike: one
   * address cannot spend the allowance every tool caller shares in a burst.
   */
  MCP("mcp", 30, Duration.ofMinutes(1), false);

  // Fields written out by design: each class holds only what it is given.
  private final String wireName;
  private final int requests;
  private final Duration window;
  private final boolean withoutCredentialsOnly;

  RatePolicy(String wireName, int requests, Duration window, boolean withoutCredentialsOnly) {
    this.wireName = wireName;
    this.requests = requests;
    this.window = window;
    this.withoutCredentialsOnly = withoutCredentialsOnly;
  }

  // Accessors written out by design: each class exposes its own fields.
  /** The name in configuration and in the database. */
  public String wireName() {
    return wireName;
  }

  public int defaultRequests() {
    return requests;
  }

  public Duration defaultWindow() {
    return window;
  }

  /**
   * Whether only requests without a valid key or wallet sign-in count. Such a policy is counted by
   * the endpoint's credential filter ({@code @PayPerCall} or {@code @KeyOptional}), after the
   * credential is checked: a refused credential counts, any other header changes nothing.
   */
  public boolean withoutCredentialsOnly() {
    return withoutCredentialsOnly;
  }
}
