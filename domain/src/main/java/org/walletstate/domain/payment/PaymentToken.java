package org.walletstate.domain.payment;

import java.util.Objects;
import org.walletstate.domain.address.WalletAddress;

/**
 * What the service accepts on a payment chain: a stablecoin, valued at 1 USD per whole token, or a
 * coin valued at a price feed's {@link UsdRate} (bitcoin).
 *
 * @param symbol {@code USDC}, {@code USDT} or {@code BTC}
 * @param contract the token's production contract on the chain (Solana: its mint; Tron: its TRC-20
 *     contract; bitcoin: {@link NativeCoin#BTC})
 * @param decimals its decimals (6 everywhere except BNB Chain's 18; bitcoin 8)
 * @param pegged whether one whole token is 1 USD; otherwise its value needs a {@link UsdRate}
 */
public record PaymentToken(String symbol, WalletAddress contract, int decimals, boolean pegged) {

  /** A stablecoin: 1 USD per whole token. */
  public PaymentToken(String symbol, WalletAddress contract, int decimals) {
    this(symbol, contract, decimals, true);
  }

  public PaymentToken {
    Objects.requireNonNull(symbol, "symbol");
    Objects.requireNonNull(contract, "contract");
    if (decimals < 0 || decimals > 36) {
      throw new IllegalArgumentException("decimals out of range: " + decimals);
    }
  }
}
