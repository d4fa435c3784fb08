package org.walletstate.domain.holding;

import java.util.Objects;
import org.walletstate.domain.amount.TokenDecimals;

/** How an asset's units relate to display units on its chain. */
public sealed interface Scale permits Scale.Fixed, Scale.Read, Scale.Unscaled {

  /**
   * Decimals known without a read (a chain's own asset, Stellar's 7): stated ones are checked at
   * once.
   */
  record Fixed(TokenDecimals decimals) implements Scale {
    public Fixed {
      Objects.requireNonNull(decimals, "decimals");
    }
  }

  /** Decimals read from the chain with the balance; stated ones are checked against them. */
  record Read() implements Scale {}

  /**
   * No decimals: the balance is in the token's own units (XRPL trust lines).
   *
   * @param refusal why a stated {@code decimals} does not apply, after the member's path
   */
  record Unscaled(String refusal) implements Scale {
    public Unscaled {
      Objects.requireNonNull(refusal, "refusal");
    }
  }
}
