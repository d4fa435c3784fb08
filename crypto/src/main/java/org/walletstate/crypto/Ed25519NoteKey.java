package org.walletstate.crypto;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import org.bouncycastle.crypto.params.Ed25519PrivateKeyParameters;
import org.bouncycastle.crypto.signers.Ed25519Signer;

/**
 * The log's Ed25519 note key (C2SP signed-note key type {@code 0x01}): checkpoints carry its
 * signature line beside the P-256 one. Kept as a private JWK ({@code kty OKP, crv Ed25519, x, d},
 * RFC 8037), like the service's other keys; its 32-byte seed never leaves this object except as
 * that JWK. Under a note key name its key id is the first four bytes of {@code SHA-256(name || 0x0A
 * || 0x01 || public key)}, and its verifier key the text {@code <name>+<hex key id>+<base64(0x01 ||
 * public key)>}.
 */
public final class Ed25519NoteKey {

  private static final String WHAT = "the log's Ed25519 private JWK";

  private final Ed25519PrivateKeyParameters key;
  private final byte[] publicKey;

  private Ed25519NoteKey(byte[] seed) {
    this.key = new Ed25519PrivateKeyParameters(seed, 0);
    this.publicKey = key.generatePublicKey().getEncoded();
  }

  public static Ed25519NoteKey generate(SecureRandom random) {
    byte[] seed = new byte[32];
    random.nextBytes(seed);
    return new Ed25519NoteKey(seed);
  }

  /**
   * @throws IllegalArgumentException when the JWK is not an Ed25519 private key, or its {@code x}
   *     is not the public key of its {@code d}; the message never holds key material
   */
  public static Ed25519NoteKey fromPrivateJwk(String json) {
    JsonNode jwk = PrivateJwk.parse(json, WHAT);
    PrivateJwk.require(jwk, "kty", "OKP", WHAT);
    PrivateJwk.require(jwk, "crv", "Ed25519", WHAT);
    Ed25519NoteKey key = new Ed25519NoteKey(PrivateJwk.base64Url(jwk, "d", 32, WHAT));
    if (jwk.has("x") && !Arrays.equals(PrivateJwk.base64Url(jwk, "x", 32, WHAT), key.publicKey)) {
      throw new IllegalArgumentException(WHAT + " has an x that is not the key of its d");
    }
    return key;
  }

  public String toPrivateJwk() {
    ObjectNode jwk = JsonNodeFactory.instance.objectNode();
    jwk.put("kty", "OKP").put("crv", "Ed25519").put("x", PrivateJwk.b64u(publicKey));
    jwk.put("d", PrivateJwk.b64u(key.getEncoded()));
    return jwk.toString();
  }

  /** The 32-byte public key. */
  public byte[] publicKey() {
    return publicKey.clone();
  }

  /** The 64-byte signature over {@code message}. */
  public byte[] sign(byte[] message) {
    Ed25519Signer signer = new Ed25519Signer();
    signer.init(true, key);
    signer.update(message, 0, message.length);
    return signer.generateSignature();
  }

  /** The four-byte key id under the note key name {@code name}. */
  public byte[] keyId(String name) {
    byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
    byte[] input = new byte[nameBytes.length + 2 + publicKey.length];
    System.arraycopy(nameBytes, 0, input, 0, nameBytes.length);
    input[nameBytes.length] = '\n';
    input[nameBytes.length + 1] = 0x01;
    System.arraycopy(publicKey, 0, input, nameBytes.length + 2, publicKey.length);
    try {
      return Arrays.copyOf(MessageDigest.getInstance("SHA-256").digest(input), 4);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }

  /** The verifier key text: {@code <name>+<hex key id>+<base64(0x01 || public key)>}. */
  public String verifierKey(String name) {
    byte[] typed = new byte[33];
    typed[0] = 0x01;
    System.arraycopy(publicKey, 0, typed, 1, 32);
    return name
        + "+"
        + HexFormat.of().formatHex(keyId(name))
        + "+"
        + Base64.getEncoder().encodeToString(typed);
  }
}
