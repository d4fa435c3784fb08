package org.walletstate.domain.payment;

import java.util.Objects;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.chain.ChainFamily;

/**
 * A chain's own coin where a token contract would stand: what a payment in bitcoin moves. It has no
 * contract, so it is identified by its family and symbol.
 *
 * @param family the chain family whose coin it is
 * @param symbol its ticker, e.g. {@code BTC}
 */
public record NativeCoin(ChainFamily family, String symbol) implements WalletAddress {

  /** Bitcoin's coin. */
  public static final NativeCoin BTC = new NativeCoin(ChainFamily.BITCOIN, "BTC");

  public NativeCoin {
    Objects.requireNonNull(family, "family");
    Objects.requireNonNull(symbol, "symbol");
  }

  @Override
  public String text() {
    return "native " + symbol;
  }
}
