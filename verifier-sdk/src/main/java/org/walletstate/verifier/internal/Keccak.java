package org.walletstate.verifier.internal;

import org.bouncycastle.crypto.digests.KeccakDigest;

/** Keccak-256 as Ethereum uses it (the original padding, not SHA3-256). */
public final class Keccak {

  private Keccak() {}

  public static byte[] hash(byte[] input) {
    KeccakDigest digest = new KeccakDigest(256);
    digest.update(input, 0, input.length);
    byte[] out = new byte[32];
    digest.doFinal(out, 0);
    return out;
  }
}
