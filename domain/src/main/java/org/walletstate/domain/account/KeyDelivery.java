package org.walletstate.domain.account;

import org.walletstate.domain.ValidationException;

/**
 * How a bought key is handed over ({@code keyDelivery} of {@code POST /v1/keys/buy}): {@code
 * wallet} (the default) makes the paying wallet the credential, signing in with {@code
 * Authorization: Wallet} once it holds the access pass, and omits the key string when the pass was
 * minted; {@code apiKey} returns the key only; {@code both} returns the key and enables the wallet.
 */
public enum KeyDelivery {
  WALLET("wallet"),
  API_KEY("apiKey"),
  BOTH("both");

  // Alike by design: each enum keeps the text its constants are written with.
  private final String wireName;

  KeyDelivery(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }

  public static KeyDelivery parse(String text, String field) {
    for (KeyDelivery d : values()) {
      if (d.wireName.equals(text)) {
        return d;
      }
    }
    throw new ValidationException(
        field
            + " \""
            + (text.length() > 40 ? text.substring(0, 40) + "…" : text)
            + "\" must be one of wallet, apiKey, both");
  }
}
