package org.walletstate.crypto;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.application.port.out.CheckpointSigner;
import org.walletstate.domain.tlog.Checkpoint;

/**
 * Signs checkpoints as C2SP signed notes with the service's P-256 key: the signature line is {@code
 * — <origin> <base64(key id || signature)>}, the key id the first four bytes of SHA-256 over the
 * key's DER SubjectPublicKeyInfo and the signature ECDSA P-256/SHA-256 over the body's bytes, ASN.1
 * DER encoded (as Sigstore's Rekor signs its checkpoints with ECDSA keys). With an Ed25519 note key
 * a second line follows, {@code — <origin> <base64(key id || Ed25519 signature)>} under the C2SP
 * signed-note Ed25519 key id ({@link Ed25519NoteKey#keyId}); the first line is the same either way.
 */
public final class CheckpointSigning implements CheckpointSigner {

  private final EcSigningKey key;
  private final String origin;
  private final byte[] spki;
  private final byte[] keyId;
  private final Ed25519NoteKey ed25519;

  public CheckpointSigning(SigningKeys keys, String origin) {
    this(keys, null, origin);
  }

  /**
   * @param ed25519 the log's Ed25519 note key, or null for checkpoints with the P-256 line only
   */
  public CheckpointSigning(SigningKeys keys, Ed25519NoteKey ed25519, String origin) {
    this.key = Objects.requireNonNull(keys, "keys").ec();
    if (origin == null || !origin.matches("[\\x21-\\x7e]{1,255}")) {
      throw new IllegalArgumentException("the log origin is printable ASCII without spaces");
    }
    this.origin = origin;
    this.spki = key.spki();
    this.keyId = Arrays.copyOf(sha256(spki), 4);
    this.ed25519 = ed25519;
  }

  @Override
  public String origin() {
    return origin;
  }

  @Override
  public String sign(Checkpoint checkpoint) {
    String body = checkpoint.body();
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    String note = body + "\n" + line(keyId, der(key.sign(bytes)));
    return ed25519 == null ? note : note + line(ed25519.keyId(origin), ed25519.sign(bytes));
  }

  @Override
  public Optional<String> ed25519VerifierKey() {
    return Optional.ofNullable(ed25519).map(k -> k.verifierKey(origin));
  }

  private String line(byte[] id, byte[] signature) {
    byte[] line = new byte[4 + signature.length];
    System.arraycopy(id, 0, line, 0, 4);
    System.arraycopy(signature, 0, line, 4, signature.length);
    return "\u2014 " + origin + " " + Base64.getEncoder().encodeToString(line) + "\n";
  }

  @Override
  public String publicKeyBase64() {
    return Base64.getEncoder().encodeToString(spki);
  }

  @Override
  public String keyIdHex() {
    return HexFormat.of().formatHex(keyId);
  }

  /** {@code r||s} as {@code SEQUENCE { INTEGER r, INTEGER s }}. */
  static byte[] der(byte[] p1363) {
    byte[] r = new BigInteger(1, Arrays.copyOfRange(p1363, 0, 32)).toByteArray();
    byte[] s = new BigInteger(1, Arrays.copyOfRange(p1363, 32, 64)).toByteArray();
    ByteArrayOutputStream out = new ByteArrayOutputStream(72);
    out.write(0x30);
    out.write(4 + r.length + s.length);
    out.write(0x02);
    out.write(r.length);
    out.writeBytes(r);
    out.write(0x02);
    out.write(s.length);
    out.writeBytes(s);
    return out.toByteArray();
  }

  private static byte[] sha256(byte[] data) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(data);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
