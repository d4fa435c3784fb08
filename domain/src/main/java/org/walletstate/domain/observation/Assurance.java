package org.walletstate.domain.observation;

import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.WireName;

/**
 * How a chain is read for one request: from one provider with failover (the default), or from a
 * quorum of independent providers that must agree on the anchor and on every value read.
 */
public enum Assurance implements WireName {
  /** One provider at a time, failing over to the next; today's behaviour. */
  SINGLE,
  /** k independent providers (k ≥ 2, per chain), all read at one agreed anchor, compared. */
  QUORUM;

  /** The word on the wire: the request's {@code assurance}, the result's {@code mode}. */
  public String wire() {
    return wireName();
  }

  /** The mode written {@code word}, if there is one. */
  public static Optional<Assurance> fromWire(String word) {
    return WireName.fromWireName(Assurance.class, word);
  }

  /**
   * The request option {@code "assurance"} as sent (attest, trust profiles, discounts): empty when
   * it was not.
   *
   * @throws ValidationException when it is another word than the two
   */
  public static Optional<Assurance> option(Optional<String> sent) {
    if (sent.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        fromWire(sent.get())
            .orElseThrow(
                () ->
                    new ValidationException(
                        "assurance \""
                            + sent.get()
                            + "\" is not supported; send \"single\" or \"quorum\","
                            + " or leave it out")));
  }

  /**
   * The refusal of a quorum on a chain of a family the feature reads no quorum on, naming where it
   * was asked.
   *
   * @param families the chains the feature does read a quorum on, e.g. {@code "EVM chains"}
   */
  public static ValidationException notOnFamily(String chain, String where, String families) {
    return new ValidationException(
        "assurance \"quorum\" is not available on "
            + chain
            + " ("
            + where
            + "): quorum reads are made on "
            + families
            + " only");
  }
}
