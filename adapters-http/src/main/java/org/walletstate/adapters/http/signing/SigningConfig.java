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

  /** Retired public keys that stay published: a {@code {"keys":[...]}} document. */
  Optional<String> retiredJwks();

  /** Directory of generated keys for local runs (never used when both JWKs are configured). */
  Optional<String> keyDirectory();

  /** The namespace word of key ids and signed tag lines. */
  @WithDefault("service")
  String namespace();
}
