package org.walletstate.crypto;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECPrivateKeySpec;
import java.util.Arrays;
import java.util.Objects;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.params.ParametersWithRandom;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.math.ec.ECPoint;
import org.bouncycastle.math.ec.FixedPointCombMultiplier;

/**
 * The service's P-256 signing key. Signs with SHA-256 and returns IEEE P1363 {@code r||s}. Its
 * private scalar never leaves this object except as the private JWK written to the key directory.
 *
 * <p>Signing uses BouncyCastle's ECDSA on its optimised P-256 field with the fixed-point comb
 * multiplier (the table for the generator is computed once and cached), and a random {@code k} as
 * the JDK does: about six times faster than the JDK 17 SunEC provider on the same machine
 * (docs/performance.md, "Signing options"). The signatures are ordinary ECDSA; any verifier, the
 * JDK's included, accepts them.
 */
public final class EcSigningKey {

  private static final X9ECParameters P256 = CustomNamedCurves.getByName("P-256");
  private static final String WHAT = "the P-256 private JWK";

  private static final ECDomainParameters DOMAIN =
      new ECDomainParameters(P256.getCurve(), P256.getG(), P256.getN(), P256.getH());
  private static final SecureRandom K_RANDOM = new SecureRandom();

  private final ECPrivateKey privateKey;
  private final ECPrivateKeyParameters signingKey;
  private final byte[] x;
  private final byte[] y;

  /** Where the key signs when its private part is held elsewhere (a KMS); null when held here. */
  private final RemoteSignature remote;

  private EcSigningKey(byte[] x, byte[] y, RemoteSignature remote) {
    ECPoint q =
        P256.getCurve()
            .validatePoint(new BigInteger(1, x), new BigInteger(1, y))
            .normalize(); // throws for a point that is not on the curve
    this.x = fixed(q.getAffineXCoord().toBigInteger());
    this.y = fixed(q.getAffineYCoord().toBigInteger());
    this.privateKey = null;
    this.signingKey = null;
    this.remote = Objects.requireNonNull(remote, "remote");
  }

  /**
   * A key whose private part stays elsewhere (a KMS): {@code x}, {@code y} are its public point (32
   * bytes each), and {@code signs} returns the ES256 signature ({@code r||s}, 64 bytes) of a
   * message. Every signature it returns is checked against the public point before it is used.
   */
  public static EcSigningKey remote(byte[] x, byte[] y, RemoteSignature signs) {
    if (x.length != 32 || y.length != 32) {
      throw new IllegalArgumentException("a P-256 public point has 32-byte coordinates");
    }
    return new EcSigningKey(x, y, signs);
  }

  /** Whether the private part is held elsewhere ({@link #remote}). */
  boolean isRemote() {
    return remote != null;
  }

  private EcSigningKey(BigInteger d) {
    if (d.signum() <= 0 || d.compareTo(P256.getN()) >= 0) {
      throw new IllegalArgumentException(WHAT + " has a private scalar outside [1, n-1]");
    }
    this.remote = null;
    ECPoint q = new FixedPointCombMultiplier().multiply(P256.getG(), d).normalize();
    this.x = fixed(q.getAffineXCoord().toBigInteger());
    this.y = fixed(q.getAffineYCoord().toBigInteger());
    this.signingKey = new ECPrivateKeyParameters(d, DOMAIN);
    try {
      this.privateKey =
          (ECPrivateKey)
              KeyFactory.getInstance("EC")
                  .generatePrivate(new ECPrivateKeySpec(d, org.walletstate.crypto.P256.SPEC));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK rejected a valid P-256 scalar", e);
    }
  }

  /** A fresh key from {@code random}. */
  public static EcSigningKey generate(SecureRandom random) {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
      generator.initialize(new ECGenParameterSpec("secp256r1"), random);
      return new EcSigningKey(((ECPrivateKey) generator.generateKeyPair().getPrivate()).getS());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("this JDK cannot generate P-256 keys", e);
    }
  }

  /**
   * The key in a private EC JWK ({@code kty EC, crv P-256, x, y, d}); {@code x}/{@code y} must be
   * the public point of {@code d}.
   */
  public static EcSigningKey fromPrivateJwk(String json) {
    JsonNode jwk = PrivateJwk.parse(json, WHAT);
    PrivateJwk.require(jwk, "kty", "EC", WHAT);
    PrivateJwk.require(jwk, "crv", "P-256", WHAT);
    byte[] d = PrivateJwk.base64Url(jwk, "d", 32, WHAT);
    byte[] x = PrivateJwk.base64Url(jwk, "x", 32, WHAT);
    byte[] y = PrivateJwk.base64Url(jwk, "y", 32, WHAT);
    EcSigningKey key = new EcSigningKey(new BigInteger(1, d));
    Arrays.fill(d, (byte) 0);
    if (!Arrays.equals(x, key.x) || !Arrays.equals(y, key.y)) {
      throw new IllegalArgumentException(WHAT + ": x and y are not the public point of d");
    }
    return key;
  }

  /**
   * ECDSA P-256 / SHA-256 over {@code message}: 64 bytes {@code r||s}. The digest is the JDK's
   * (compiled to the CPU's SHA instructions where it has them): a trust profile's preimage is tens
   * of kilobytes, which BouncyCastle's SHA-256 in plain Java hashes several times slower.
   */
  public byte[] sign(byte[] message) {
    if (remote != null) {
      byte[] signature = remote.sign(message);
      if (signature.length != 64 || !verifies(message, signature)) {
        throw new IllegalStateException("the remote P-256 signer returned no valid signature");
      }
      return signature;
    }
    byte[] digest = sha256(message);
    ECDSASigner signer = new ECDSASigner();
    signer.init(true, new ParametersWithRandom(signingKey, K_RANDOM));
    BigInteger[] rs = signer.generateSignature(digest);
    byte[] signature = new byte[64];
    System.arraycopy(fixed(rs[0]), 0, signature, 0, 32);
    System.arraycopy(fixed(rs[1]), 0, signature, 32, 32);
    return signature;
  }

  /** Whether {@code signature} ({@code r||s}) is this key's over {@code message}. */
  private boolean verifies(byte[] message, byte[] signature) {
    ECDSASigner verifier = new ECDSASigner();
    verifier.init(
        false,
        new ECPublicKeyParameters(
            P256.getCurve().createPoint(new BigInteger(1, x), new BigInteger(1, y)), DOMAIN));
    return verifier.verifySignature(
        sha256(message),
        new BigInteger(1, Arrays.copyOfRange(signature, 0, 32)),
        new BigInteger(1, Arrays.copyOfRange(signature, 32, 64)));
  }

  /** The DER SubjectPublicKeyInfo of the public key (uncompressed point). */
  byte[] spki() {
    byte[] prefix = java.util.HexFormat.of().parseHex(SPKI_PREFIX);
    byte[] out = new byte[prefix.length + 65];
    System.arraycopy(prefix, 0, out, 0, prefix.length);
    out[prefix.length] = 0x04;
    System.arraycopy(x, 0, out, prefix.length + 1, 32);
    System.arraycopy(y, 0, out, prefix.length + 33, 32);
    return out;
  }

  /**
   * SEQUENCE { SEQUENCE { id-ecPublicKey, prime256v1 }, BIT STRING of 66 bytes }, up to the point.
   */
  private static final String SPKI_PREFIX = "3059301306072a8648ce3d020106082a8648ce3d030107034200";

  /** For JOSE libraries that sign with a JCA key; {@code null} for a {@link #remote} key. */
  ECPrivateKey jcaPrivateKey() {
    return privateKey;
  }

  /** The public members {@code kty, crv, x, y} of the JWK, in that order. */
  ObjectNode publicJwk() {
    ObjectNode jwk = JsonNodeFactory.instance.objectNode();
    jwk.put("kty", "EC");
    jwk.put("crv", "P-256");
    jwk.put("x", PrivateJwk.b64u(x));
    jwk.put("y", PrivateJwk.b64u(y));
    return jwk;
  }

  /** The private JWK, for the owner-only key directory only. */
  String toPrivateJwk() {
    return PrivateJwk.write(publicJwk(), "d", () -> fixed(privateKey.getS()), remote != null);
  }

  private static byte[] sha256(byte[] message) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(message);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }

  private static byte[] fixed(BigInteger value) {
    byte[] raw = value.toByteArray();
    byte[] out = new byte[32];
    int copy = Math.min(raw.length, 32);
    System.arraycopy(raw, raw.length - copy, out, 32 - copy, copy);
    return out;
  }

  @Override
  public String toString() {
    return "EcSigningKey[P-256, x="
        + PrivateJwk.b64u(x)
        + (remote != null ? ", private part remote]" : ", private part redacted]");
  }
}
