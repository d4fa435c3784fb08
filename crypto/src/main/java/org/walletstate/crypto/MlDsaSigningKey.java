package org.walletstate.crypto;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;
import org.bouncycastle.crypto.CryptoException;
import org.bouncycastle.crypto.params.ParametersWithRandom;
import org.bouncycastle.pqc.crypto.mldsa.MLDSAParameters;
import org.bouncycastle.pqc.crypto.mldsa.MLDSAPrivateKeyParameters;
import org.bouncycastle.pqc.crypto.mldsa.MLDSASigner;

/**
 * The service's ML-DSA-65 key (FIPS 204), held as its 32-byte seed as RFC 9964 prescribes. Signs in
 * pure mode with the empty context, hedged with fresh randomness, through BouncyCastle's
 * lightweight API (no JCA provider is registered).
 */
public final class MlDsaSigningKey {

  static final int SEED_LENGTH = 32;
  static final int PUBLIC_KEY_LENGTH = 1952;
  private static final String WHAT = "the ML-DSA-65 private JWK";

  private final MLDSAPrivateKeyParameters privateKey;
  private final byte[] publicKey;
  private final SecureRandom random;

  /** Where the key signs when its private part is held elsewhere (a KMS); null when held here. */
  private final RemoteSignature remote;

  private MlDsaSigningKey(byte[] publicKey, RemoteSignature remote) {
    if (publicKey.length != PUBLIC_KEY_LENGTH) {
      throw new IllegalArgumentException(
          "an ML-DSA-65 public key has " + PUBLIC_KEY_LENGTH + " bytes, not " + publicKey.length);
    }
    this.privateKey = null;
    this.publicKey = publicKey.clone();
    this.random = null;
    this.remote = Objects.requireNonNull(remote, "remote");
  }

  /**
   * A key whose private part stays elsewhere (a KMS): {@code publicKey} is its raw 1952-byte public
   * key, and {@code signs} returns the 3309-byte signature (pure ML-DSA, empty context) of a
   * message. Every signature it returns is checked against the public key before it is used.
   */
  public static MlDsaSigningKey remote(byte[] publicKey, RemoteSignature signs) {
    return new MlDsaSigningKey(publicKey, signs);
  }

  private MlDsaSigningKey(byte[] seed, SecureRandom random) {
    this.remote = null;
    this.privateKey = new MLDSAPrivateKeyParameters(MLDSAParameters.ml_dsa_65, seed.clone());
    this.publicKey = privateKey.getPublicKeyParameters().getEncoded();
    this.random = random;
  }

  public static MlDsaSigningKey generate(SecureRandom random) {
    byte[] seed = new byte[SEED_LENGTH];
    random.nextBytes(seed);
    try {
      return new MlDsaSigningKey(seed, random);
    } finally {
      Arrays.fill(seed, (byte) 0);
    }
  }

  /**
   * The key in a private AKP JWK ({@code kty AKP, alg ML-DSA-65, pub, priv}) whose {@code priv} is
   * the 32-byte seed; {@code pub} must be the public key that seed derives.
   */
  public static MlDsaSigningKey fromPrivateJwk(String json, SecureRandom random) {
    JsonNode jwk = PrivateJwk.parse(json, WHAT);
    PrivateJwk.require(jwk, "kty", "AKP", WHAT);
    PrivateJwk.require(jwk, "alg", "ML-DSA-65", WHAT);
    byte[] seed = PrivateJwk.base64Url(jwk, "priv", SEED_LENGTH, WHAT);
    byte[] pub = PrivateJwk.base64Url(jwk, "pub", PUBLIC_KEY_LENGTH, WHAT);
    MlDsaSigningKey key;
    try {
      key = new MlDsaSigningKey(seed, random);
    } finally {
      Arrays.fill(seed, (byte) 0);
    }
    if (!Arrays.equals(pub, key.publicKey)) {
      throw new IllegalArgumentException(WHAT + ": pub is not the public key of priv");
    }
    return key;
  }

  /** A 3309-byte ML-DSA-65 signature of {@code message}. */
  public byte[] sign(byte[] message) {
    if (remote != null) {
      byte[] signature = remote.sign(message);
      if (!verifies(message, signature)) {
        throw new IllegalStateException("the remote ML-DSA-65 signer returned no valid signature");
      }
      return signature;
    }
    MLDSASigner signer = new MLDSASigner();
    signer.init(true, new ParametersWithRandom(privateKey, random));
    signer.update(message, 0, message.length);
    try {
      return signer.generateSignature();
    } catch (CryptoException e) {
      throw new IllegalStateException("ML-DSA-65 signing failed", e);
    }
  }

  private boolean verifies(byte[] message, byte[] signature) {
    MLDSASigner verifier = new MLDSASigner();
    verifier.init(
        false,
        new org.bouncycastle.pqc.crypto.mldsa.MLDSAPublicKeyParameters(
            MLDSAParameters.ml_dsa_65, publicKey));
    verifier.update(message, 0, message.length);
    return verifier.verifySignature(signature);
  }

  /** The raw 1952-byte public key (the AKP {@code pub} value). */
  public byte[] publicKey() {
    return publicKey.clone();
  }

  /** The public members {@code kty, alg, pub} of the JWK, in that order. */
  ObjectNode publicJwk() {
    ObjectNode jwk = JsonNodeFactory.instance.objectNode();
    jwk.put("kty", "AKP");
    jwk.put("alg", "ML-DSA-65");
    jwk.put("pub", PrivateJwk.b64u(publicKey));
    return jwk;
  }

  /** The private JWK, for the owner-only key directory only. */
  String toPrivateJwk() {
    return PrivateJwk.write(publicJwk(), "priv", () -> privateKey.getSeed(), remote != null);
  }

  @Override
  public String toString() {
    return "MlDsaSigningKey[ML-DSA-65, private part "
        + (remote != null ? "remote" : "redacted")
        + "]";
  }
}
