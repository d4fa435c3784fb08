package org.walletstate.domain.commerce;

import java.util.Optional;

/**
 * {@code POST /v1/pass/verify}: the text of the customer's QR code ({@code code}) and, with the
 * owner key, the merchant it is scanned for ({@code merchantId}; a scanner session names its own).
 */
public record PassScan(String code, Optional<CompanyId> merchant) {

  /** The longest code accepted; a code is under 300 characters. */
  public static final int CODE_MAX = 1024;
}
