package org.walletstate.application.testing;

import org.walletstate.application.port.out.Entropy;

/**
 * Entropy that is not random: the n-th call answers bytes all equal to n (1, 2, ...), so that
 * successive draws differ and a test can tell which draw became what. {@link #zeros()} answers
 * zeros every time.
 */
public final class CountingEntropy implements Entropy {

  private final boolean counting;
  private int calls;

  private CountingEntropy(boolean counting) {
    this.counting = counting;
  }

  public static CountingEntropy counting() {
    return new CountingEntropy(true);
  }

  public static CountingEntropy zeros() {
    return new CountingEntropy(false);
  }

  /** How many draws were made. */
  public synchronized int calls() {
    return calls;
  }

  @Override
  public synchronized byte[] bytes(int count) {
    calls++;
    byte[] bytes = new byte[count];
    if (counting) {
      java.util.Arrays.fill(bytes, (byte) calls);
    }
    return bytes;
  }
}
