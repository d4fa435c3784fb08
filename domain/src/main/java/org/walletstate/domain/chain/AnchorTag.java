package org.walletstate.domain.chain;

import java.util.Optional;

/**
 * Which of a chain's blocks an attest request anchors at: the chain's latest block (the default),
 * or the block its node names {@code safe} or {@code finalized}. Only EVM chains that serve those
 * block tags accept the last two ({@link Chain#anchorTags()}).
 */
public enum AnchorTag {
  LATEST("latest"),
  SAFE("safe"),
  FINALIZED("finalized");

  private final String wire;

  AnchorTag(String wire) {
    this.wire = wire;
  }

  /** The word on the wire: the request's {@code anchor}, the result's {@code blockTag}. */
  public String wire() {
    return wire;
  }

  /** The tag written {@code word}, if there is one. */
  public static Optional<AnchorTag> fromWire(String word) {
    for (AnchorTag tag : values()) {
      if (tag.wire.equals(word)) {
        return Optional.of(tag);
      }
    }
    return Optional.empty();
  }
}
