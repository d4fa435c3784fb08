package org.walletstate.domain.commerce;

import java.util.Locale;
import org.walletstate.domain.ValidationException;

/** How a store combines the discounts a wallet earns. */
public enum DiscountMode {
  HIGHEST,
  STACK,
  CAPPED;

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static DiscountMode parse(String text, String field) {
    for (DiscountMode mode : values()) {
      if (mode.wireName().equals(text)) {
        return mode;
      }
    }
    throw new ValidationException(
        field + " must be one of highest, stack, capped, got \"" + Members.abbreviate(text) + "\"");
  }
}
