package org.walletstate.domain.commerce;

import org.walletstate.domain.ValidationException;
import org.walletstate.domain.WireName;

/** How a store combines the discounts a wallet earns. */
public enum DiscountMode implements WireName {
  HIGHEST,
  STACK,
  CAPPED;

  // Alike by design: each wire enum parses its own words and names them in its refusal.
  public static DiscountMode parse(String text, String field) {
    return WireName.fromWireName(DiscountMode.class, text)
        .orElseThrow(
            () ->
                new ValidationException(
                    field
                        + " must be one of highest, stack, capped, got \""
                        + Members.abbreviate(text)
                        + "\""));
  }
}
