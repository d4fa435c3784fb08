package org.walletstate.domain.payment;

import java.util.Objects;
import org.walletstate.domain.address.WalletAddress;

/**
 * A stablecoin the service accepts on a payment chain, valued at 1 USD per whole token.
 *
 * @param symbol {@code USDC} or {@code USDT}
 * @param contract the token's production contract on the chain (Solana: its mint; Tron: its TRC-20
 *     contract)
 * @param decimals its decimals (6 everywhere except BNB Chain's 18)
 */
public record PaymentToken(String symbol, WalletAddress contract, int decimals) {
  public PaymentToken {
    Objects.requireNonNull(symbol, "symbol");
    Objects.requireNonNull(contract, "contract");
    if (decimals < 0 || decimals > 36) {
      throw new IllegalArgumentException("decimals out of range: " + decimals);
    }
  }
}
