package org.walletstate.application.signing;

import java.util.Objects;
import org.walletstate.application.port.out.PublishedKeys;
import org.walletstate.application.signing.port.in.KeySetQuery;

/** Publishes the signer's key set. Keys are never removed, so the set only grows. */
public final class PublishKeySet implements KeySetQuery {

  private final PublishedKeys keys;

  public PublishKeySet(PublishedKeys keys) {
    this.keys = Objects.requireNonNull(keys, "keys");
  }

  @Override
  public String jwksJson() {
    return keys.jwksJson();
  }
}
