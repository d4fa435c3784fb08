package org.walletstate.domain.commerce;

import java.util.Locale;
import org.walletstate.domain.ValidationException;

/** What a registry entry is: a fungible token or an NFT collection. */
public enum RegistryType {
  TOKEN,
  NFT;

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static RegistryType parse(String text, String field) {
    for (RegistryType t : values()) {
      if (t.wireName().equals(text)) {
        return t;
      }
    }
    throw new ValidationException(
        field + " must be token or nft, got \"" + Members.abbreviate(text) + "\"");
  }
}
