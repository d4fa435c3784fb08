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
import org.walletstate.application.port.out.CheckpointSigner;
import org.walletstate.domain.tlog.Checkpoint;

/**
 * Signs checkpoints as C2SP signed notes with the service's P-256 key: the signature line is {@code
 * — <origin> <base64(key id || signature)>}, the key id the first four bytes of SHA-256 over the
 * key's DER SubjectPublicKeyInfo and the signature ECDSA P-256/SHA-256 over the body's bytes, ASN.1
 * DER encoded (as Sigstore's Rekor signs its checkpoints with ECDSA keys).
 */
public final class CheckpointSigning implements CheckpointSigner {

  private final EcSigningKey key;
  private final String origin;
  private final byte[] spki;
  private final byte[] keyId;

  public CheckpointSigning(SigningKeys keys, String origin) {
    this.key = Objects.requireNonNull(keys, "keys").ec();
    if (origin == null || !origin.matches("[\\x21-\\x7e]{1,255}")) {
      throw new IllegalArgumentException("the log origin is printable ASCII without spaces");
    }
    this.origin = origin;
    this.spki = key.spki();
    this.keyId = Arrays.copyOf(sha256(spki), 4);
  }

  @Override
  public String origin() {
    return origin;
  }

  @Override
  public String sign(Checkpoint checkpoint) {
    String body = checkpoint.body();
    byte[] signature = der(key.sign(body.getBytes(StandardCharsets.UTF_8)));
    byte[] line = new byte[4 + signature.length];
    System.arraycopy(keyId, 0, line, 0, 4);
    System.arraycopy(signature, 0, line, 4, signature.length);
    return body + "\n\u2014 " + origin + " " + Base64.getEncoder().encodeToString(line) + "\n";
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
