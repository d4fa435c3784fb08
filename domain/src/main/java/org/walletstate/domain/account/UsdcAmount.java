package org.walletstate.domain.account;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * An amount of USDC in atomic units (6 decimals), as pay-per-call quotes state it.
 *
 * @param atomic millionths of a dollar
 */
public record UsdcAmount(BigInteger atomic) {

  public static final int DECIMALS = 6;

  /** What one credit's worth of work costs when paid per call, without an API key. */
  public static final BigDecimal PAY_PER_CALL_CREDIT_USD = new BigDecimal("0.05");

  public UsdcAmount {
    if (atomic == null || atomic.signum() <= 0) {
      throw new IllegalArgumentException("a USDC amount is positive");
    }
  }

  public static UsdcAmount ofUsd(BigDecimal usd) {
    return new UsdcAmount(usd.movePointRight(DECIMALS).toBigIntegerExact());
  }

  /** The pay-per-call price of work worth {@code credits} credits (0.05 USD each). */
  public static UsdcAmount payPerCall(CreditPrice price) {
    return ofUsd(PAY_PER_CALL_CREDIT_USD.multiply(BigDecimal.valueOf(price.credits())));
  }

  public BigDecimal usd() {
    return new BigDecimal(atomic, DECIMALS);
  }
}
