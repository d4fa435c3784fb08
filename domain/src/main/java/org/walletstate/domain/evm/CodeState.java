package org.walletstate.domain.evm;

import java.util.Optional;
import org.walletstate.domain.WireName;

/**
 * The three exclusive states an account's code can be in at a block: no code, an EIP-7702
 * delegation designator, or any other code.
 */
public enum CodeState implements WireName {
  NONE,
  EIP7702,
  CONTRACT;

  public static Optional<CodeState> fromWire(String name) {
    return WireName.fromWireName(CodeState.class, name);
  }
}
