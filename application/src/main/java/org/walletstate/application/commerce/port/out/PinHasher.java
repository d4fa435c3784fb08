package org.walletstate.application.commerce.port.out;

import org.walletstate.domain.commerce.ScannerPin;

/** The slow salted hash scanner PINs are stored and looked up as. */
public interface PinHasher {

  /**
   * The stored text of {@code pin}'s hash under {@code salt}: the same inputs give the same text.
   */
  String hash(ScannerPin pin, byte[] salt);
}
