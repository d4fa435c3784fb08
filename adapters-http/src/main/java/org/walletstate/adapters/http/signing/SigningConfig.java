package org.walletstate.adapters.http.signing;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.Optional;

/**
 * Where the signing keys come from. Production passes both private keys as secrets (private JWKs);
 * local, dev and test runs may instead keep generated keys in a directory.
 */
@ConfigMapping(prefix = "walletstate.signing")
public interface SigningConfig {

  /** The P-256 private JWK ({@code kty EC, crv P-256, x, y, d}). */
  Optional<String> p256PrivateJwk();

  /**
   * The ML-DSA-65 private JWK ({@code kty AKP, alg ML-DSA-65, pub, priv} with the 32-byte seed).
   */
  Optional<String> mlDsa65PrivateJwk();

  /**
   * The transparency log's Ed25519 note key, a private JWK ({@code kty OKP, crv Ed25519, x, d});
   * without it (and outside the local profiles' key directory) checkpoints carry the ES256 line
   * only.
   */
  Optional<String> logEd25519PrivateJwk();

  /** Retired public keys that stay published: a {@code {"keys":[...]}} document. */
  Optional<String> retiredJwks();

  /** Directory of generated keys for local runs (never used when both JWKs are configured). */
  Optional<String> keyDirectory();

  /**
   * The keys kept in AWS KMS instead of private JWKs (both key ids set turns it on); the
   * credentials come from {@code AWS_ACCESS_KEY_ID}, {@code AWS_SECRET_ACCESS_KEY} and {@code
   * AWS_SESSION_TOKEN}.
   */
  Kms kms();

  /** The AWS KMS keys (docs/signing.md, "Keys in AWS KMS"). */
  interface Kms {
    /** The region, e.g. {@code eu-central-1}. */
    Optional<String> region();

    /** Another endpoint than the region's ({@code https://kms.<region>.amazonaws.com}). */
    Optional<String> endpoint();

    /** The {@code ECC_NIST_P256} key (id, ARN or {@code alias/…}). */
    Optional<String> p256KeyId();

    /** The {@code ML_DSA_65} key (id, ARN or {@code alias/…}). */
    Optional<String> mlDsa65KeyId();

    Optional<String> accessKeyId();

    Optional<String> secretAccessKey();

    Optional<String> sessionToken();

    /** The most one KMS call may take. */
    @WithDefault("5s")
    java.time.Duration timeout();
  }

  /** The namespace word of key ids and signed tag lines. */
  @WithDefault("service")
  String namespace();
}
