package org.walletstate.domain.payload;

import java.math.BigInteger;

/** The JSON-RPC quantity form of integers, as signed results carry block numbers and proofs. */
public final class Quantities {

  private Quantities() {}

  /** {@code 0x} and lower-case hex digits without leading zeros: {@code 0x0}, {@code 0x1b4}. */
  public static String hex(BigInteger value) {
    return "0x" + value.toString(16);
  }
}
