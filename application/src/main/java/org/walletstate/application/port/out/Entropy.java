package org.walletstate.application.port.out;

/** Cryptographically strong random bytes, for key secrets and statement ids. */
public interface Entropy {

  byte[] bytes(int count);
}
