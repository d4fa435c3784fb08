package org.walletstate.domain.chain;

/** A chain's own asset: its symbol and the number of decimals of its base unit. */
public record NativeCurrency(String symbol, int decimals) {
  public NativeCurrency {
    if (symbol == null || symbol.isBlank()) {
      throw new IllegalArgumentException("symbol must not be blank");
    }
    if (decimals < 0 || decimals > 36) {
      throw new IllegalArgumentException("decimals out of range: " + decimals);
    }
  }
}
