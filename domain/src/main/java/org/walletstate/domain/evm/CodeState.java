package org.walletstate.domain.evm;

import java.util.Arrays;
import java.util.Optional;

/**
 * The three exclusive states an account's code can be in at a block: no code, an EIP-7702
 * delegation designator, or any other code.
 */
public enum CodeState {
  NONE("none"),
  EIP7702("eip7702"),
  CONTRACT("contract");

  private final String wireName;

  CodeState(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }

  public static Optional<CodeState> fromWire(String name) {
    return Arrays.stream(values()).filter(s -> s.wireName.equals(name)).findFirst();
  }
}
