package org.walletstate.verifier.tlog;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

/**
 * A checkpoint as served: a C2SP signed note whose body is a {@code tlog-checkpoint} (origin, tree
 * size, base64 root hash, extension lines), then a blank line and signature lines {@code — <name>
 * <base64(key id || signature)>}. {@link #parse} reads the text and rejects anything malformed;
 * {@link #signedBy} checks a P-256 signature line: key id the first four bytes of SHA-256 over the
 * key's DER SubjectPublicKeyInfo, signature ECDSA/SHA-256 (DER) over the body's bytes.
 */
public final class SignedCheckpoint {

  private static final String DASH = "\u2014 ";

  private final String body;
  private final String origin;
  private final long size;
  private final byte[] root;
  private final List<String> extensions;
  private final List<String[]> signatures;

  private SignedCheckpoint(
      String body,
      String origin,
      long size,
      byte[] root,
      List<String> extensions,
      List<String[]> signatures) {
    this.body = body;
    this.origin = origin;
    this.size = size;
    this.root = root;
    this.extensions = extensions;
    this.signatures = signatures;
  }

  /**
   * @throws IllegalArgumentException naming what is malformed
   */
  public static SignedCheckpoint parse(String note) {
    int split = note.indexOf("\n\n");
    if (split < 0 || !note.endsWith("\n")) {
      throw new IllegalArgumentException("not a signed note: no blank line before the signatures");
    }
    String body = note.substring(0, split + 1);
    String[] lines = body.split("\n", -1);
    if (lines.length < 4) {
      throw new IllegalArgumentException("a checkpoint has an origin, a size and a root hash");
    }
    long size;
    try {
      size = Long.parseLong(lines[1]);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("the checkpoint's size is not a decimal number");
    }
    if (size < 0 || !lines[1].equals(Long.toString(size))) {
      throw new IllegalArgumentException("the checkpoint's size is not a decimal number");
    }
    byte[] root;
    try {
      root = Base64.getDecoder().decode(lines[2]);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("the checkpoint's root hash is not base64");
    }
    if (root.length != 32 || lines[0].isEmpty()) {
      throw new IllegalArgumentException("the checkpoint's root hash is not 32 bytes");
    }
    List<String> extensions = new ArrayList<>(Arrays.asList(lines).subList(3, lines.length - 1));
    List<String[]> signatures = new ArrayList<>();
    for (String line : note.substring(split + 2).split("\n")) {
      String[] parts = line.startsWith(DASH) ? line.substring(2).split(" ") : new String[0];
      if (parts.length != 2) {
        throw new IllegalArgumentException("a signature line is not \"— <name> <signature>\"");
      }
      signatures.add(parts);
    }
    return new SignedCheckpoint(body, lines[0], size, root, extensions, signatures);
  }

  public String origin() {
    return origin;
  }

  public long size() {
    return size;
  }

  public byte[] root() {
    return root.clone();
  }

  /** The lines after the root hash (this service writes {@code time <unix seconds>}). */
  public List<String> extensions() {
    return List.copyOf(extensions);
  }

  /** The signed text: everything up to the blank line, its newline included. */
  public String body() {
    return body;
  }

  /**
   * Whether a signature line named {@code origin} carries a valid P-256 signature by {@code key}
   * over the body.
   */
  public boolean signedBy(PublicKey key) {
    byte[] keyId = Arrays.copyOf(sha256(key.getEncoded()), 4);
    for (String[] line : signatures) {
      if (!line[0].equals(origin)) {
        continue;
      }
      byte[] decoded;
      try {
        decoded = Base64.getDecoder().decode(line[1]);
      } catch (IllegalArgumentException e) {
        continue;
      }
      if (decoded.length < 5 || !Arrays.equals(Arrays.copyOf(decoded, 4), keyId)) {
        continue;
      }
      try {
        Signature verifier = Signature.getInstance("SHA256withECDSA");
        verifier.initVerify(key);
        verifier.update(body.getBytes(StandardCharsets.UTF_8));
        if (verifier.verify(Arrays.copyOfRange(decoded, 4, decoded.length))) {
          return true;
        }
      } catch (GeneralSecurityException e) {
        // a malformed signature is not a valid one
      }
    }
    return false;
  }

  /**
   * The note key from its base64 DER SubjectPublicKeyInfo (as {@code GET /v1/log/key} publishes
   * it).
   *
   * @throws IllegalArgumentException when it is not a P-256 public key
   */
  public static PublicKey publicKey(String spkiBase64) {
    try {
      PublicKey key =
          KeyFactory.getInstance("EC")
              .generatePublic(
                  new X509EncodedKeySpec(Base64.getDecoder().decode(spkiBase64.trim())));
      if (!(key instanceof ECPublicKey ec)
          || ec.getParams().getCurve().getField().getFieldSize() != 256) {
        throw new IllegalArgumentException("the log key is not a P-256 public key");
      }
      return key;
    } catch (GeneralSecurityException | IllegalArgumentException e) {
      throw new IllegalArgumentException("the log key is not a base64 P-256 public key", e);
    }
  }

  private static byte[] sha256(byte[] data) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(data);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
