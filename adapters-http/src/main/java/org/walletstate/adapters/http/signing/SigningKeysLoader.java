package org.walletstate.adapters.http.signing;

import io.quarkus.runtime.configuration.ConfigUtils;
import java.net.URI;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Optional;
import org.jboss.logging.Logger;
import org.walletstate.adapters.http.bootstrap.LocalDatabase;
import org.walletstate.crypto.EcSigningKey;
import org.walletstate.crypto.Ed25519NoteKey;
import org.walletstate.crypto.KeyDirectory;
import org.walletstate.crypto.MlDsaSigningKey;
import org.walletstate.crypto.SigningKeys;
import org.walletstate.crypto.kms.AwsKms;
import org.walletstate.crypto.kms.KmsSigningKeys;
import org.walletstate.verifier.Namespace;

/** Loads the signing keys from configuration, or local keys in the local profiles. */
public final class SigningKeysLoader {

  private static final Logger LOG = Logger.getLogger(SigningKeysLoader.class);

  private SigningKeysLoader() {}

  /**
   * @throws IllegalStateException when no usable keys are configured
   */
  public static SigningKeys load(SigningConfig config) {
    Namespace namespace = Namespace.of(config.namespace());
    SecureRandom random = new SecureRandom();
    SigningKeys keys;
    SigningConfig.Kms kms = config.kms();
    if (kms.p256KeyId().isPresent() && kms.mlDsa65KeyId().isPresent()) {
      keys = fromKms(kms, namespace);
    } else if (config.p256PrivateJwk().isPresent() && config.mlDsa65PrivateJwk().isPresent()) {
      keys =
          SigningKeys.of(
              namespace,
              EcSigningKey.fromPrivateJwk(config.p256PrivateJwk().get()),
              MlDsaSigningKey.fromPrivateJwk(config.mlDsa65PrivateJwk().get(), random));
    } else if (config.keyDirectory().isPresent() && isLocal()) {
      Path directory = Path.of(config.keyDirectory().get());
      keys = KeyDirectory.loadOrCreate(directory, namespace, random);
      LOG.infof(
          "Signing with local keys in %s (generated once, owner-only). Production passes"
              + " SIGNING_P256_JWK and SIGNING_ML_DSA_65_JWK instead.",
          directory.toAbsolutePath());
    } else {
      throw new IllegalStateException(
          "No signing keys configured: set SIGNING_P256_JWK and SIGNING_ML_DSA_65_JWK (private"
              + " JWKs); generated local keys are used only by the local, dev and test profiles.");
    }
    return config.retiredJwks().map(keys::withRetiredKeys).orElse(keys);
  }

  /**
   * The transparency log's Ed25519 note key: the configured private JWK, or in the local profiles
   * one generated once into the key directory; none otherwise (checkpoints then carry the ES256
   * line only, which is logged at start-up).
   *
   * @throws IllegalArgumentException when the configured JWK is not an Ed25519 private key
   */
  public static Optional<Ed25519NoteKey> logKey(SigningConfig config) {
    if (config.logEd25519PrivateJwk().isPresent()) {
      return Optional.of(Ed25519NoteKey.fromPrivateJwk(config.logEd25519PrivateJwk().get()));
    }
    if (config.keyDirectory().isPresent() && isLocal()) {
      return Optional.of(
          KeyDirectory.loadOrCreateLogKey(
              Path.of(config.keyDirectory().get()), new SecureRandom()));
    }
    LOG.warn(
        "No Ed25519 note key for the transparency log (SIGNING_LOG_ED25519_JWK): checkpoints carry"
            + " the ES256 signature line only");
    return Optional.empty();
  }

  private static SigningKeys fromKms(SigningConfig.Kms kms, Namespace namespace) {
    String region =
        kms.region().orElseThrow(() -> new IllegalStateException("SIGNING_KMS_REGION is not set"));
    AwsKms client =
        new AwsKms(
            kms.endpoint().map(URI::create).orElse(AwsKms.regionalEndpoint(region)),
            region,
            kms.accessKeyId()
                .orElseThrow(() -> new IllegalStateException("AWS_ACCESS_KEY_ID is not set")),
            kms.secretAccessKey()
                .orElseThrow(() -> new IllegalStateException("AWS_SECRET_ACCESS_KEY is not set")),
            kms.sessionToken().orElse(null),
            Clock.systemUTC(),
            kms.timeout());
    SigningKeys keys =
        KmsSigningKeys.load(client, namespace, kms.p256KeyId().get(), kms.mlDsa65KeyId().get());
    LOG.infof("Signing with keys kept in AWS KMS (%s)", region);
    return keys;
  }

  private static boolean isLocal() {
    return ConfigUtils.getProfiles().stream().anyMatch(LocalDatabase.LOCAL_PROFILES::contains);
  }
}
