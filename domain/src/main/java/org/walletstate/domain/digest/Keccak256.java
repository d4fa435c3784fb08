package org.walletstate.domain.digest;

import java.nio.charset.StandardCharsets;

/**
 * Keccak-256 as Ethereum uses it (the original Keccak padding {@code 0x01}, not SHA3-256's {@code
 * 0x06}). The JDK has only SHA3, and the domain takes no libraries, so the permutation is here.
 * Used for EIP-55 checksums and function selectors; tests cross-check it against independent
 * implementations.
 */
public final class Keccak256 {

  private static final int RATE = 136; // bytes: (1600 - 2 * 256) / 8
  private static final long[] ROUND_CONSTANTS = {
    0x0000000000000001L, 0x0000000000008082L, 0x800000000000808aL, 0x8000000080008000L,
    0x000000000000808bL, 0x0000000080000001L, 0x8000000080008081L, 0x8000000000008009L,
    0x000000000000008aL, 0x0000000000000088L, 0x0000000080008009L, 0x000000008000000aL,
    0x000000008000808bL, 0x800000000000008bL, 0x8000000000008089L, 0x8000000000008003L,
    0x8000000000008002L, 0x8000000000000080L, 0x000000000000800aL, 0x800000008000000aL,
    0x8000000080008081L, 0x8000000000008080L, 0x0000000080000001L, 0x8000000080008008L
  };
  private static final int[] ROTATIONS = {
    0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14
  };

  private Keccak256() {}

  public static byte[] hash(byte[] input) {
    long[] state = new long[25];
    int offset = 0;
    while (input.length - offset >= RATE) {
      absorb(state, input, offset, RATE);
      permute(state);
      offset += RATE;
    }
    byte[] last = new byte[RATE];
    int remaining = input.length - offset;
    System.arraycopy(input, offset, last, 0, remaining);
    last[remaining] ^= 0x01;
    last[RATE - 1] ^= (byte) 0x80;
    absorb(state, last, 0, RATE);
    permute(state);
    byte[] out = new byte[32];
    for (int i = 0; i < 32; i++) {
      out[i] = (byte) (state[i / 8] >>> (8 * (i % 8)));
    }
    return out;
  }

  public static byte[] hash(String utf8) {
    return hash(utf8.getBytes(StandardCharsets.UTF_8));
  }

  private static void absorb(long[] state, byte[] block, int offset, int length) {
    for (int i = 0; i < length / 8; i++) {
      long lane = 0;
      for (int b = 7; b >= 0; b--) {
        lane = (lane << 8) | (block[offset + i * 8 + b] & 0xffL);
      }
      state[i] ^= lane;
    }
  }

  private static void permute(long[] a) {
    long[] c = new long[5];
    long[] b = new long[25];
    for (long rc : ROUND_CONSTANTS) {
      for (int x = 0; x < 5; x++) {
        c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
      }
      for (int x = 0; x < 5; x++) {
        long d = c[(x + 4) % 5] ^ Long.rotateLeft(c[(x + 1) % 5], 1);
        for (int y = 0; y < 25; y += 5) {
          a[y + x] ^= d;
        }
      }
      for (int x = 0; x < 5; x++) {
        for (int y = 0; y < 5; y++) {
          int from = x + 5 * y;
          int to = y + 5 * ((2 * x + 3 * y) % 5);
          b[to] = Long.rotateLeft(a[from], ROTATIONS[from]);
        }
      }
      for (int y = 0; y < 25; y += 5) {
        for (int x = 0; x < 5; x++) {
          a[y + x] = b[y + x] ^ (~b[y + (x + 1) % 5] & b[y + (x + 2) % 5]);
        }
      }
      a[0] ^= rc;
    }
  }
}
