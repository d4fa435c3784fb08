package org.walletstate.domain.chain;

import java.util.Optional;
import org.walletstate.domain.WireName;

/**
 * Which of a chain's blocks an attest request anchors at: the chain's latest block (the default),
 * or the block its node names {@code safe} or {@code finalized}. Only EVM chains that serve those
 * block tags accept the last two ({@link Chain#anchorTags()}).
 */
public enum AnchorTag implements WireName {
  LATEST,
  SAFE,
  FINALIZED;

  // Alike by design: each wire enum names its own word and looks its own values up.
  /** The word on the wire: the request's {@code anchor}, the result's {@code blockTag}. */
  public String wire() {
    return wireName();
  }

  /** The tag written {@code word}, if there is one. */
  public static Optional<AnchorTag> fromWire(String word) {
    return WireName.fromWireName(AnchorTag.class, word);
  }
}
