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
 * {@link #signedBy} checks a signature line by either of the log's note keys: a P-256 key (key id
 * the first four bytes of SHA-256 over the key's DER SubjectPublicKeyInfo, signature ECDSA/SHA-256
 * (DER) over the body's bytes) or an Ed25519 key (C2SP signed-note key type {@code 0x01}: key id
 * the first four bytes of {@code SHA-256(origin || 0x0A || 0x01 || public key)}, signature Ed25519
 * over the body's bytes).
 */
public final class SignedCheckpoint {

  private static final String DASH = "\u2014 ";

  /** The DER SubjectPublicKeyInfo of an Ed25519 key, before its 32 bytes. */
  private static final byte[] ED25519_SPKI =
      java.util.HexFormat.of().parseHex("302a300506032b6570032100");

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
   * Whether a signature line named {@code origin} carries a valid signature by {@code key} over the
   * body: ES256 for a P-256 key, Ed25519 for an Ed25519 key (whose note key name is the origin).
   */
  public boolean signedBy(PublicKey key) {
    boolean ed25519 = isEd25519(key);
    byte[] keyId =
        ed25519 ? ed25519KeyId(origin, raw(key)) : Arrays.copyOf(sha256(key.getEncoded()), 4);
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
      if ((!ed25519 || decoded.length == 68)
          && verify(ed25519 ? "Ed25519" : "SHA256withECDSA", key, decoded)) {
        return true;
      }
    }
    return false;
  }

  private boolean verify(String algorithm, PublicKey key, byte[] decoded) {
    try {
      Signature verifier = Signature.getInstance(algorithm);
      verifier.initVerify(key);
      verifier.update(body.getBytes(StandardCharsets.UTF_8));
      return verifier.verify(Arrays.copyOfRange(decoded, 4, decoded.length));
    } catch (GeneralSecurityException | IllegalArgumentException e) {
      return false; // a malformed signature is not a valid one
    }
  }

  /**
   * A note key as the log publishes it: the base64 DER SubjectPublicKeyInfo of its P-256 key (the
   * {@code publicKey} of {@code GET /v1/log/key}), or its Ed25519 key as a C2SP verifier key,
   * {@code <name>+<hex key id>+<base64(0x01 || key)>} (its {@code ed25519VerifierKey}), whose key
   * id must be its own.
   *
   * @throws IllegalArgumentException when it is neither
   */
  public static PublicKey publicKey(String text) {
    String trimmed = text.trim();
    String[] vkey = trimmed.split("\\+", 3);
    if (vkey.length == 3 && vkey[1].matches("[0-9a-f]{8}") && !vkey[0].isEmpty()) {
      return verifierKey(vkey);
    }
    try {
      PublicKey key =
          KeyFactory.getInstance("EC")
              .generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(trimmed)));
      if (!(key instanceof ECPublicKey ec)
          || ec.getParams().getCurve().getField().getFieldSize() != 256) {
        throw new IllegalArgumentException("the log key is not a P-256 public key");
      }
      return key;
    } catch (GeneralSecurityException | IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "the log key is not a base64 P-256 public key nor an Ed25519 verifier key", e);
    }
  }

  private static PublicKey verifierKey(String[] parts) {
    byte[] typed;
    try {
      typed = Base64.getDecoder().decode(parts[2]);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("the Ed25519 verifier key's key is not base64");
    }
    if (typed.length != 33 || typed[0] != 0x01) {
      throw new IllegalArgumentException("the verifier key is not an Ed25519 key (type 0x01)");
    }
    byte[] raw = Arrays.copyOfRange(typed, 1, 33);
    if (!java.util.HexFormat.of().formatHex(ed25519KeyId(parts[0], raw)).equals(parts[1])) {
      throw new IllegalArgumentException("the verifier key's key id is not its key's");
    }
    byte[] spki = Arrays.copyOf(ED25519_SPKI, ED25519_SPKI.length + 32);
    System.arraycopy(raw, 0, spki, ED25519_SPKI.length, 32);
    try {
      return KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(spki));
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException("the verifier key is not an Ed25519 key", e);
    }
  }

  private static boolean isEd25519(PublicKey key) {
    byte[] encoded = key.getEncoded();
    return encoded != null
        && encoded.length == ED25519_SPKI.length + 32
        && Arrays.equals(Arrays.copyOf(encoded, ED25519_SPKI.length), ED25519_SPKI);
  }

  private static byte[] raw(PublicKey ed25519) {
    byte[] encoded = ed25519.getEncoded();
    return Arrays.copyOfRange(encoded, encoded.length - 32, encoded.length);
  }

  /** {@code SHA-256(name || 0x0A || 0x01 || key)}, its first four bytes. */
  static byte[] ed25519KeyId(String name, byte[] raw) {
    byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
    byte[] input = Arrays.copyOf(nameBytes, nameBytes.length + 2 + 32);
    input[nameBytes.length] = '\n';
    input[nameBytes.length + 1] = 0x01;
    System.arraycopy(raw, 0, input, nameBytes.length + 2, 32);
    return Arrays.copyOf(sha256(input), 4);
  }

  private static byte[] sha256(byte[] data) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(data);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
