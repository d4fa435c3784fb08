package org.walletstate.domain.commerce;

import java.time.Duration;

/**
 * {@code POST /v1/scanner/session}: {@code {"merchantId": "…", "pin": "4821"}}.
 *
 * <p>{@link #MAX_FAILURES} wrong PINs within {@link #LOCKOUT} lock the address that sent them out
 * of the merchant's scanner login for {@link #LOCKOUT}; a store-wide ceiling bounds what many
 * addresses guess together ({@link ScannerLockout}).
 */
public record ScannerLogin(CompanyId merchant, ScannerPin pin) {

  /** Failed attempts from one address that lock it out of the merchant's scanner login. */
  public static final int MAX_FAILURES = 5;

  /** How long the lock lasts, and the window failures are counted in. */
  public static final Duration LOCKOUT = Duration.ofMinutes(15);

  /** How long a scanner session lasts: a shift. */
  public static final Duration SESSION = Duration.ofHours(12);
}
