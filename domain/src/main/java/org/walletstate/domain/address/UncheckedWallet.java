package org.walletstate.domain.address;

import java.util.Objects;
import org.walletstate.domain.chain.ChainFamily;

/**
 * A wallet of a family whose chains the service does not read yet, kept as sent. No condition is
 * about it; it is replaced by the family's own address type when the family's reader lands.
 *
 * @param family its family
 * @param text the member's text, not blank
 */
public record UncheckedWallet(ChainFamily family, String text) implements WalletAddress {

  public UncheckedWallet {
    Objects.requireNonNull(family, "family");
    Objects.requireNonNull(text, "text");
    if (text.isBlank()) {
      throw new IllegalArgumentException("a wallet is not blank");
    }
  }
}
