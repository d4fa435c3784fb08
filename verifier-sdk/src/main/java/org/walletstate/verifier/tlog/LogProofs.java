package org.walletstate.verifier.tlog;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * RFC 9162 (Certificate Transparency v2) section 2.1: leaf and node hashes, and the verification of
 * inclusion (2.1.3.2) and consistency (2.1.4.2) proofs. Written from the RFC, independent of the
 * service's code that makes the proofs.
 */
public final class LogProofs {

  // RFC 9162's hashing written out again by design: the SDK verifies with code of its own.
  private LogProofs() {}

  /** {@code SHA-256(0x00 || data)}. */
  public static byte[] leafHash(byte[] data) {
    MessageDigest digest = sha256();
    digest.update((byte) 0);
    digest.update(data);
    return digest.digest();
  }

  /**
   * The leaf hash of a logged statement: the leaf data is the UTF-8 text {@code "<kind> <kid> <hex
   * SHA-256 of the signed bytes>"}.
   */
  public static byte[] statementLeafHash(String kind, String kid, byte[] signedBytes) {
    String data = kind + " " + kid + " " + HexFormat.of().formatHex(sha256().digest(signedBytes));
    return leafHash(data.getBytes(StandardCharsets.UTF_8));
  }

  static byte[] nodeHash(byte[] left, byte[] right) {
    MessageDigest digest = sha256();
    digest.update((byte) 1);
    digest.update(left);
    digest.update(right);
    return digest.digest();
  }

  /**
   * Whether {@code proof} shows the leaf at {@code index} in the tree of {@code size} with {@code
   * root}.
   */
  public static boolean inclusion(
      long index, long size, byte[] leafHash, List<byte[]> proof, byte[] root) {
    if (index < 0 || index >= size) {
      return false;
    }
    long fn = index;
    long sn = size - 1;
    byte[] r = leafHash;
    for (byte[] p : proof) {
      if (sn == 0) {
        return false;
      }
      // RFC 9162's inclusion steps as written there, by design: the code reads against the RFC,
      // as consistency's steps below read against their own.
      if ((fn & 1) == 1 || fn == sn) {
        r = nodeHash(p, r);
        while ((fn & 1) == 0 && fn != 0) {
          fn >>= 1;
          sn >>= 1;
        }
      } else {
        r = nodeHash(r, p);
      }
      fn >>= 1;
      sn >>= 1;
    }
    return sn == 0 && Arrays.equals(r, root);
  }

  /**
   * Whether {@code proof} shows the tree of {@code second} leaves with {@code secondRoot} extends
   * the tree of {@code first} leaves with {@code firstRoot}.
   */
  public static boolean consistency(
      long first, long second, byte[] firstRoot, byte[] secondRoot, List<byte[]> proof) {
    if (first < 1 || second < first) {
      return false;
    }
    if (first == second) {
      return proof.isEmpty() && Arrays.equals(firstRoot, secondRoot);
    }
    if (proof.isEmpty()) {
      return false;
    }
    List<byte[]> path = new ArrayList<>(proof);
    if (Long.bitCount(first) == 1) {
      path.add(0, firstRoot);
    }
    long fn = first - 1;
    long sn = second - 1;
    while ((fn & 1) == 1) {
      fn >>= 1;
      sn >>= 1;
    }
    byte[] fr = path.get(0);
    byte[] sr = path.get(0);
    for (byte[] c : path.subList(1, path.size())) {
      if (sn == 0) {
        return false;
      }
      // RFC 9162's consistency steps as written there, alike to inclusion's above by design.
      if ((fn & 1) == 1 || fn == sn) {
        fr = nodeHash(c, fr);
        sr = nodeHash(c, sr);
        while ((fn & 1) == 0 && fn != 0) {
          fn >>= 1;
          sn >>= 1;
        }
      } else {
        sr = nodeHash(sr, c);
      }
      fn >>= 1;
      sn >>= 1;
    }
    return sn == 0 && Arrays.equals(fr, firstRoot) && Arrays.equals(sr, secondRoot);
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
