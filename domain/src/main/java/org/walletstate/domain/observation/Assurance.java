package org.walletstate.domain.observation;

import java.util.Optional;

/**
 * How a chain is read for one request: from one provider with failover (the default), or from a
 * quorum of independent providers that must agree on the anchor and on every value read.
 */
public enum Assurance {
  /** One provider at a time, failing over to the next; today's behaviour. */
  SINGLE("single"),
  /** k independent providers (k ≥ 2, per chain), all read at one agreed anchor, compared. */
  QUORUM("quorum");

  private final String wire;

  Assurance(String wire) {
    this.wire = wire;
  }

  /** The word on the wire: the request's {@code assurance}, the result's {@code mode}. */
  public String wire() {
    return wire;
  }

  /** The mode written {@code word}, if there is one. */
  public static Optional<Assurance> fromWire(String word) {
    for (Assurance mode : values()) {
      if (mode.wire.equals(word)) {
        return Optional.of(mode);
      }
    }
    return Optional.empty();
  }
}
