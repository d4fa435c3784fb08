package org.walletstate.domain.commerce;

import org.walletstate.domain.ValidationException;
import org.walletstate.domain.WireName;

/** What a registry entry is: a fungible token or an NFT collection. */
public enum RegistryType implements WireName {
  TOKEN,
  NFT;

  public static RegistryType parse(String text, String field) {
    return WireName.fromWireName(RegistryType.class, text)
        .orElseThrow(
            () ->
                new ValidationException(
                    field + " must be token or nft, got \"" + Members.abbreviate(text) + "\""));
  }
}
