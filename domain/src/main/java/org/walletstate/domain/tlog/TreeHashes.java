package org.walletstate.domain.tlog;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * RFC 9162 section 2.1.1: leaf hash {@code SHA-256(0x00 || d)}, node hash {@code SHA-256(0x01 || l
 * || r)}.
 */
public final class TreeHashes {

  /** The hash of the empty tree, {@code SHA-256("")}. */
  public static final byte[] EMPTY_ROOT = sha256(new byte[0]);

  private TreeHashes() {}

  public static byte[] leafHash(byte[] data) {
    MessageDigest digest = digest();
    digest.update((byte) 0x00);
    digest.update(data);
    return digest.digest();
  }

  public static byte[] nodeHash(byte[] left, byte[] right) {
    MessageDigest digest = digest();
    digest.update((byte) 0x01);
    digest.update(left);
    digest.update(right);
    return digest.digest();
  }

  public static byte[] sha256(byte[] data) {
    return digest().digest(data);
  }

  private static MessageDigest digest() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from the JDK", e);
    }
  }
}
